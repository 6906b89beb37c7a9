import type { AnyEntity } from '#shared/entities/index.ts';
import { entityRefusal } from '#shared/permissions.ts';
import type { Actor } from '../auth/context.ts';
import { ApiError, Refusal } from '../http/errors.ts';
import type { Tx } from '../resources/integrity.ts';
import type { Values } from '../resources/rows.ts';
import { outsideMessage, who, type OutsideRows } from './guard.ts';
import { languagesOfRows } from './row-languages.ts';
import { noteAuthorized } from './write-ledger.ts';

/**
 * The write gate (docs/decisions/020-one-write-gate.md): every write the content API makes — a
 * form, a bulk row, a bulk edit, an undo, a revert, a restore, a link job, an import — passes here
 * with the values it is about to store, parsed and resolved (ids, not names), and the stored row
 * they replace, before anything is written. A refusal here is of the whole request (a `Refusal`,
 * never caught per row): its transaction rolls back, so nothing it did is kept.
 *
 * Checked: the permission set may write the table; an account limited to some languages keeps
 * every row it touches within them, as it was and as it will be (a row can neither be taken from
 * another language nor moved into one). The audit log then accepts only what passed here
 * (write-ledger.ts), so a path that forgot the gate fails loudly instead of writing unchecked.
 */

/** One row about to be written: the stored row it replaces (null: new) and what it will hold (null: gone). */
export interface PlannedWrite {
  entity: AnyEntity;
  before: Values | null;
  after: Values | null;
  /** How a refusal names the row ("row 3", "word 17"); by default the stored row's id. */
  name?: string;
}

export async function authorizeWrites(tx: Tx, actor: Actor, writes: readonly PlannedWrite[]): Promise<void> {
  const byEntity = new Map<AnyEntity, PlannedWrite[]>();
  for (const write of writes) {
    const list = byEntity.get(write.entity);
    if (list) list.push(write);
    else byEntity.set(write.entity, [write]);
  }
  for (const [entity, list] of byEntity) {
    const refusal = entityRefusal(actor.reach, entity, 'write', who(actor));
    if (refusal) throw new Refusal(403, refusal);
    await assertWithinLanguages(tx, actor, entity, list);
  }
  noteAuthorized(tx, writes);
}

async function assertWithinLanguages(
  tx: Tx,
  actor: Actor,
  entity: AnyEntity,
  writes: readonly PlannedWrite[],
): Promise<void> {
  const languages = actor.reach.languages;
  if (languages === null || !entity.language || writes.length === 0) return;
  if ('shared' in entity.language) {
    throw new Refusal(
      403,
      `${who(actor)} may not change ${entity.labelPlural.toLowerCase()}: they are shared by every language, and it is limited to some; nothing was changed`,
    );
  }
  const rows: Values[] = [];
  const owners: number[] = [];
  writes.forEach((write, i) => {
    for (const side of [write.before, write.after]) {
      if (side === null) continue;
      rows.push(side);
      owners.push(i);
    }
  });
  const sets = await languagesOfRows(tx.db, entity, rows);
  const outside: OutsideRows = new Map();
  const label = entity.label.toLowerCase();
  sets.forEach((set, i) => {
    const foreign = [...set].filter((id) => !languages.includes(id));
    if (foreign.length === 0) return;
    const write = writes[owners[i]!]!;
    const id = write.before?.id ?? write.after?.id;
    const name = write.name ?? (id === undefined ? 'a new row' : `${label} ${String(id)}`);
    outside.set(name, new Set([...(outside.get(name) ?? []), ...foreign]));
  });
  if (outside.size > 0) throw new Refusal(403, await outsideMessage(tx.db, actor, entity, outside, 'write'));
}

const TEAM_FIELDS = ['username', 'role', 'isActive'] as const;

/**
 * Why this row may not be written through the content tables, or null: a panel account (a user
 * whose role is admin) has its name, role, active state and deletion managed by the Team's rules
 * (administrator sessions only, the last administrator kept, sessions and tokens ended), so the
 * users table refuses them, as it refuses making a player a panel account; a token changes no
 * account at all. Refused per row, before anything is written.
 */
export function rowRefusal(actor: Actor, write: PlannedWrite): ApiError | null {
  const message = accountRefusal(actor, write);
  if (message === null) return null;
  return new ApiError(actor.token ? 403 : 409, message);
}

function accountRefusal(actor: Actor, write: PlannedWrite): string | null {
  if (write.entity.name !== 'user') return null;
  const { before, after } = write;
  if (before?.role !== 'admin' && after?.role !== 'admin') return null;
  const id = String(before?.id ?? after?.id ?? '');
  const account = `User ${id} (${String(before?.username ?? after?.username)}) is a panel account`;
  const team = `on the Team screen (accounts/cms/${id})`;
  if (actor.token) return `${account}: a token cannot change accounts; an administrator changes it ${team}`;
  if (before?.role !== 'admin')
    return `User ${id} is a player: a panel account is made by an invitation on the Team screen (accounts/cms), not by setting its role`;
  const deleted = after === null || (after.deletedAt !== null && after.deletedAt !== undefined);
  if (deleted && (before.deletedAt === null || before.deletedAt === undefined))
    return `${account}: it is deactivated or removed ${team}, not deleted here`;
  const moved = TEAM_FIELDS.filter((f) => after !== null && f in after && after[f] !== before[f]);
  if (moved.length > 0) return `${account}: its ${moved.join(', ')} change ${team}, not here`;
  return null;
}
