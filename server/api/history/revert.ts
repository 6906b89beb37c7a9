import { entityByResource, type AnyEntity } from '#shared/entities/index.ts';
import type { RevertResponse } from '#shared/history.ts';
import type { ChangeContext } from '../audit/record.ts';
import { conflict, notFound } from '../http/errors.ts';
import type { Tx } from '../resources/integrity.ts';
import type { LooseDb, Values } from '../resources/rows.ts';
import { netChange, type Entry, type NetChange } from '../changes/net.ts';
import { newTally, restoreChunk, type Phase } from '../changes/restore.ts';
import { refuseOutside, type OutsideRows } from '../access/guard.ts';
import { netOutsideOfReach } from '../access/net-reach.ts';

export type Transaction = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

const parsed = (text: unknown): Values | null =>
  text === null || text === undefined
    ? null
    : typeof text === 'string'
      ? (JSON.parse(text) as Values)
      : (text as Values);

/** A create is undone by a delete, a hard delete by a re-create, anything else by an update. */
function phaseOf(net: NetChange): Phase {
  if (net.before === null) return 'delete';
  return net.after === null ? 'recreate' : 'update';
}

const OUTCOME = { delete: 'deleted', recreate: 'recreated', update: 'restored' } as const;

/** The change-set wording of the shared refusals, said of one entry. */
const ofEntry = (reason: string) =>
  reason.replaceAll('this change set', 'this entry').replaceAll('the change set', 'the entry');

/** The content entity an audit or trash entry is about, or a 409 for an unknown one. */
export function entityOf(resource: string): AnyEntity {
  const entity = entityByResource(resource);
  if (!entity || entity.resource === 'audit')
    throw conflict(`Entries about "${resource}" cannot be restored`);
  return entity;
}

/**
 * Puts back what one audit entry changed, through the change-set undo's per-row restore (the same
 * checks, the same audit entries): an update or soft delete gets its fields' earlier values, a hard
 * delete re-creates the row with its id, a create deletes the row. Refused (409, nothing written)
 * when a field the entry wrote has been changed since, when a referenced row is gone, when the
 * natural key is taken, or when the row is still used by others.
 */
export async function revertEntry(
  db: LooseDb,
  transaction: Transaction,
  entryId: number,
  ctx: ChangeContext,
): Promise<RevertResponse> {
  const row = await db.selectFrom('auditLog').selectAll().where('id', '=', entryId).executeTakeFirst();
  if (!row) throw notFound(`Audit entry ${entryId} not found`);
  const entity = entityOf(String(row.entity));
  const entry: Entry = {
    id: Number(row.id),
    entityId: Number(row.entityId),
    action: row.action as Entry['action'],
    before: parsed(row.before),
    after: parsed(row.after),
  };
  const net = netChange(entry.entityId, [entry]);
  const outside: OutsideRows = new Map();
  await netOutsideOfReach(db, ctx.actor, entity, [net], outside);
  await refuseOutside(db, ctx.actor, entity, outside, 'write');
  const phase = phaseOf(net);
  const tally = newTally();
  await transaction(async (tx) => {
    await restoreChunk(tx, entity, phase, [net], false, entry.id, ctx, tally);
    if (tally.refused > 0) {
      const reason = tally.refusals[0]?.reason ?? `${entity.label} ${entry.entityId} cannot be reverted`;
      throw conflict(`Cannot revert entry ${entryId}: ${ofEntry(reason)}`);
    }
  });
  return {
    reverted: entryId,
    entity: entity.resource,
    entityId: entry.entityId,
    outcome: tally.changed === 0 ? 'unchanged' : OUTCOME[phase],
    changes: tally.sample[0]?.changes ?? {},
  };
}
