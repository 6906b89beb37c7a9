import type { AnyEntity } from '#shared/entities/index.ts';
import { EDIT_SAMPLE_SIZE, MAX_LISTED_REFUSALS } from '#shared/entities/bulk-edit.ts';
import type { UndoResponse } from '#shared/change-sets.ts';
import { changedFields, recordChanges, type Change, type ChangeContext } from '../audit/record.ts';
import { isRowRefusal } from '../http/errors.ts';
import { authorizeWrites, rowRefusal, type PlannedWrite } from '../access/write-gate.ts';
import {
  assertNaturalKeyFree,
  assertReferencesExist,
  referenceCounts,
  type Tx,
} from '../resources/integrity.ts';
import { fromRow, toColumns, type Values } from '../resources/rows.ts';
import { comparedFields, differences, sameValue, type NetChange } from './net.ts';

/** Rows per multi-row INSERT (well under the bound-parameter limits). */
const INSERT_ROWS = 200;

/** Re-create deleted rows (parents first), restore updated ones, delete created ones (children first). */
export type Phase = 'recreate' | 'update' | 'delete';

/** What an undo has counted so far. */
export type Tally = Omit<UndoResponse, 'undone' | 'changeSet' | 'complete'>;

/** A new empty tally for restoreChunk. */
export function newTally(): Tally {
  return {
    dryRun: false,
    matched: 0,
    changed: 0,
    unchanged: 0,
    refused: 0,
    plan: { recreated: 0, restored: 0, deleted: 0 },
    refusals: [],
    sample: [],
  };
}

/** What each audit action of an undo does to the row, as the plan counts it. */
const KIND = { create: 'recreated', update: 'restored', delete: 'deleted' } as const;

const label = (entity: AnyEntity, id: number) => `${entity.label} ${id}`;
const shown = (value: unknown) => JSON.stringify(value ?? null);

/** Who last changed the row after the change set, for a refusal's message. */
async function since(tx: Tx, entity: AnyEntity, id: number, lastEntry: number): Promise<string> {
  const entry = await tx.db
    .selectFrom('auditLog')
    .select(['username', 'at', 'changeSetId'])
    .where('entity', '=', entity.resource)
    .where('entityId', '=', id)
    .where('id', '>', lastEntry)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!entry) return '';
  const at = entry.at instanceof Date ? entry.at.toISOString() : String(entry.at);
  const set = entry.changeSetId ? ` in change set ${String(entry.changeSetId)}` : '';
  return ` (last changed by ${String(entry.username)} at ${at}${set})`;
}

/**
 * One chunk of one entity's rows in one phase, in the caller's transaction: each row checked
 * against what the change set left (refused when changed since, unless `force`), then the
 * re-creates as multi-row INSERTs, the restores as one UPDATE per distinct set of values, the
 * deletes as one DELETE, and their audit entries under the undo's change set.
 */
export async function restoreChunk(
  tx: Tx,
  entity: AnyEntity,
  phase: Phase,
  changes: readonly NetChange[],
  force: boolean,
  lastEntry: number,
  ctx: ChangeContext,
  tally: Tally,
): Promise<void> {
  const refuse = async (id: number, reason: string, changed = true) => {
    tally.refused += 1;
    if (tally.refusals.length < MAX_LISTED_REFUSALS) {
      const who = changed ? await since(tx, entity, id, lastEntry) : '';
      tally.refusals.push({ entity: entity.resource, id, reason: `${reason}${who}` });
    }
  };
  const stamp = entity.timestamps?.updated;
  const stamped = (values: Values): Values => (stamp ? { ...values, [stamp]: ctx.now } : values);
  const rows = await tx.db
    .selectFrom(entity.table)
    .selectAll()
    .where(
      'id',
      'in',
      changes.map((c) => c.id),
    )
    .execute();
  const current = new Map(rows.map((row) => [Number(row.id), fromRow(entity, row)]));
  const inserts: Values[] = [];
  const updates: Array<{ id: number; set: Values }> = [];
  const deletes: number[] = [];
  const audit: Change[] = [];
  const sample = (id: number, diff: Record<string, { from: unknown; to: unknown }>) => {
    if (tally.sample.length < EDIT_SAMPLE_SIZE)
      tally.sample.push({ entity: entity.resource, id, changes: diff });
  };

  /** A row the content tables may not change (a panel account): refused as that row's. */
  const permitted = (write: PlannedWrite) => {
    const refusal = rowRefusal(ctx.actor, write);
    if (refusal) throw refusal;
  };

  for (const net of changes) {
    tally.matched += 1;
    const now = current.get(net.id);
    const name = label(entity, net.id);
    try {
      if (phase === 'delete') {
        if (!now) {
          tally.unchanged += 1;
          continue;
        }
        const moved = differences(entity, now, net.after!);
        if (moved.length > 0 && !force) {
          await refuse(
            net.id,
            `${name} changed since it was created: ${describe(entity, now, net.after!, moved)}`,
          );
          continue;
        }
        const users = await referencedBy(tx, entity, net.id);
        if (users) {
          await refuse(net.id, `${name} is still used by ${users}; delete or change those first`, false);
          continue;
        }
        permitted({ entity, before: now, after: null });
        deletes.push(net.id);
        audit.push({ entity, entityId: net.id, action: 'delete', before: now, after: null });
        sample(
          net.id,
          Object.fromEntries(comparedFields(entity, now).map((f) => [f, { from: now[f], to: null }])),
        );
        continue;
      }
      const before = net.before!;
      if (phase === 'recreate' && !now) {
        const values = stamped(before);
        await assertReferencesExist(tx, entity, values);
        await assertNaturalKeyFree(tx, entity, values);
        permitted({ entity, before: null, after: values });
        inserts.push(values);
        audit.push({ entity, entityId: net.id, action: 'create', before: null, after: values });
        sample(
          net.id,
          Object.fromEntries(comparedFields(entity, values).map((f) => [f, { from: null, to: values[f] }])),
        );
        continue;
      }
      if (!now) {
        await refuse(net.id, `${name} was deleted since this change set, so it cannot be restored`);
        continue;
      }
      const pending = comparedFields(entity, before).filter((f) => !sameValue(entity, f, now[f], before[f]));
      if (pending.length === 0) {
        tally.unchanged += 1;
        continue;
      }
      const moved = phase === 'recreate' ? pending : differences(entity, now, net.after!);
      if (moved.length > 0 && !force) {
        const reason =
          phase === 'recreate'
            ? `${name} exists again since this change set deleted it`
            : `${name} changed since: ${describe(entity, now, net.after!, moved)}`;
        await refuse(net.id, reason);
        continue;
      }
      const set = Object.fromEntries(pending.map((f) => [f, before[f]]));
      await assertReferencesExist(tx, entity, set);
      if (entity.naturalKey?.some((f) => f in set))
        await assertNaturalKeyFree(tx, entity, { ...now, ...set }, net.id);
      permitted({ entity, before: now, after: { ...now, ...set } });
      updates.push({ id: net.id, set });
      audit.push({
        entity,
        entityId: net.id,
        action: 'update',
        ...changedFields(now, stamped({ ...now, ...set })),
      });
      sample(net.id, Object.fromEntries(pending.map((f) => [f, { from: now[f], to: before[f] }])));
    } catch (error) {
      if (!isRowRefusal(error)) throw error;
      await refuse(net.id, `${name}: ${error.message}`, false);
    }
  }

  // The write gate, every row of the chunk before the first is written.
  const planned: PlannedWrite[] = audit.map((change) => ({
    entity,
    before: change.action === 'create' ? null : { ...current.get(change.entityId)!, id: change.entityId },
    after: change.action === 'delete' ? null : { ...current.get(change.entityId), ...change.after },
  }));
  await authorizeWrites(tx, ctx.actor, planned);

  for (let at = 0; at < inserts.length; at += INSERT_ROWS) {
    await tx.db
      .insertInto(entity.table)
      .values(inserts.slice(at, at + INSERT_ROWS).map((values) => toColumns(entity, tx.dialect, values)))
      .execute();
  }
  // One UPDATE per distinct set of restored values (a bulk edit's rows mostly share theirs).
  const groups = new Map<string, { set: Values; ids: number[] }>();
  for (const { id, set } of updates) {
    const key = JSON.stringify(set);
    const group = groups.get(key) ?? { set, ids: [] };
    group.ids.push(id);
    groups.set(key, group);
  }
  for (const { set, ids } of groups.values()) {
    await tx.db
      .updateTable(entity.table)
      .set(toColumns(entity, tx.dialect, stamped(set)))
      .where('id', 'in', ids)
      .execute();
  }
  if (deletes.length > 0) await tx.db.deleteFrom(entity.table).where('id', 'in', deletes).execute();
  await recordChanges(tx, ctx, audit);
  tally.changed += audit.length;
  for (const change of audit) tally.plan[KIND[change.action]] += 1;
}

/** `isActive is now true, the change set left false`, for each field that moved. */
function describe(entity: AnyEntity, now: Values, left: Values, fields: readonly string[]): string {
  return fields.map((f) => `${f} is now ${shown(now[f])}, the change set left ${shown(left[f])}`).join('; ');
}

/** What still refers to the row (`3 letter-group words`), or '' when nothing does. */
async function referencedBy(tx: Tx, entity: AnyEntity, id: number): Promise<string> {
  return (await referenceCounts(tx, entity, id)).join(', ');
}
