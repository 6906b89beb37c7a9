import type { AnyEntity } from '#shared/entities/index.ts';
import type { Actor } from '../auth/context.ts';
import type { NetChange } from '../changes/net.ts';
import { fromRow, type LooseDb, type Values } from '../resources/rows.ts';
import { assertEntityAccess, outsideOfReach, type OutsideRows } from './guard.ts';

/**
 * Adds to `outside` the rows of `nets` (an undo's or a revert's changes) outside the actor's reach:
 * each row as the change left it, as it was before, and as it is now. Undo runs a chunk per
 * transaction, so it checks every row this way before the first chunk writes.
 */
export async function netOutsideOfReach(
  db: LooseDb,
  actor: Actor,
  entity: AnyEntity,
  nets: readonly NetChange[],
  outside: OutsideRows,
): Promise<void> {
  assertEntityAccess(actor, entity, 'write');
  if (actor.reach.languages === null || !entity.language || nets.length === 0) return;
  const stored = await db
    .selectFrom(entity.table)
    .selectAll()
    .where(
      'id',
      'in',
      nets.map((net) => net.id),
    )
    .execute();
  const now = new Map(stored.map((row) => [Number(row.id), fromRow(entity, row)]));
  const rows: Values[] = [];
  for (const net of nets) {
    const current = now.get(net.id) ?? {};
    for (const side of [net.before, net.after]) if (side) rows.push({ ...current, ...side, id: net.id });
    if (now.has(net.id)) rows.push(current);
  }
  await outsideOfReach(db, actor, entity, rows, outside);
}
