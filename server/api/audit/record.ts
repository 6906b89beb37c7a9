import type { AnyEntity } from '#shared/entities/index.ts';
import type { Actor } from '../auth/index.ts';
import type { Tx } from '../resources/integrity.ts';
import type { Values } from '../resources/rows.ts';
import { insertRows } from '../resources/insert-rows.ts';
import { syncTrash } from '../history/trash-log.ts';
import { noteChangeSet, type ChangeSetTag } from './change-set.ts';
import { assertAuthorized } from '../access/write-ledger.ts';

/** Who is changing things, from where, and the time of the request (from the app's clock). */
export interface ChangeContext {
  actor: Actor;
  ip: string;
  /** ISO-8601. */
  now: string;
  /** The change set the client named (`X-Change-Set`): every entry written points to it. */
  changeSet?: ChangeSetTag;
}

/** The fields whose values differ, with their values before and after. */
export function changedFields(before: Values, after: Values): { before: Values; after: Values } {
  const names = Object.keys(after).filter(
    (name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]),
  );
  return {
    before: Object.fromEntries(names.map((name) => [name, before[name]])),
    after: Object.fromEntries(names.map((name) => [name, after[name]])),
  };
}

export interface Change {
  entity: AnyEntity;
  entityId: number;
  action: 'create' | 'update' | 'delete';
  before: Values | null;
  after: Values | null;
}

/** Appends one entry to the audit log, inside the transaction that makes the change. */
export async function recordChange(tx: Tx, ctx: ChangeContext, change: Change): Promise<void> {
  await recordChanges(tx, ctx, [change]);
}

/**
 * Appends entries in the order given, up to 2000 per statement (bulk writes), for changes the
 * write gate let through in this transaction (access/write-gate.ts) — anything else is a bug, and
 * fails the request before it commits.
 */
export async function recordChanges(tx: Tx, ctx: ChangeContext, changes: readonly Change[]): Promise<void> {
  if (changes.length === 0) return;
  assertAuthorized(tx, changes);
  if (ctx.changeSet)
    await noteChangeSet(
      tx,
      ctx,
      ctx.changeSet,
      changes.map((change) => change.action),
    );
  await insertRows(
    tx,
    'auditLog',
    changes.map((change) => ({
      at: ctx.now,
      userId: ctx.actor.userId,
      username: ctx.actor.username,
      ip: ctx.ip,
      entity: change.entity.resource,
      entityId: change.entityId,
      action: change.action,
      before: change.before === null ? null : JSON.stringify(change.before),
      after: change.after === null ? null : JSON.stringify(change.after),
      changeSetId: ctx.changeSet?.id ?? null,
    })),
    false,
  );
  await syncTrash(tx, ctx, changes);
}
