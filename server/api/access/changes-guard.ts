import type { AnyEntity } from '#shared/entities/index.ts';
import type { Actor } from '../auth/context.ts';
import type { Change } from '../audit/record.ts';
import type { Tx } from '../resources/integrity.ts';
import { fromRow, type Values } from '../resources/rows.ts';
import { assertEntityAccess, assertRowsWithinReach } from './guard.ts';

const CHUNK = 1000;

/**
 * The last line of defence: every write the content API makes (a form, a bulk request, a bulk
 * edit, an import, a link job, an undo, a revert, a restore from the trash) records its changes in
 * its own transaction (audit/record.ts), and they pass here before the transaction can commit. A
 * change the actor may not make throws a 403 and the transaction rolls back: nothing is written.
 * Each change is checked as the row was before and as it is after, so a row may neither be taken
 * from another language nor moved into one. The routes check earlier too, for a clearer message
 * before any work; this check is the one no path can miss.
 */
export async function assertChangesWithinReach(
  tx: Tx,
  actor: Actor,
  changes: readonly Change[],
): Promise<void> {
  const byEntity = new Map<AnyEntity, Change[]>();
  for (const change of changes) {
    const list = byEntity.get(change.entity) ?? [];
    list.push(change);
    byEntity.set(change.entity, list);
  }
  for (const [entity, list] of byEntity) {
    assertEntityAccess(actor, entity, 'write');
    if (actor.reach.languages === null || !entity.language) continue;
    const current = await currentRows(
      tx,
      entity,
      list.filter((c) => c.action === 'update').map((c) => c.entityId),
    );
    const rows: Values[] = [];
    for (const change of list) {
      if (change.action === 'create') rows.push({ ...change.after, id: change.entityId });
      else if (change.action === 'delete') rows.push({ ...change.before, id: change.entityId });
      else {
        const now = current.get(change.entityId) ?? {};
        rows.push({ ...now, id: change.entityId }, { ...now, ...change.before, id: change.entityId });
      }
    }
    await assertRowsWithinReach(tx.db, actor, entity, rows, 'write');
  }
}

async function currentRows(tx: Tx, entity: AnyEntity, ids: number[]): Promise<Map<number, Values>> {
  const found = new Map<number, Values>();
  for (let start = 0; start < ids.length; start += CHUNK) {
    const rows = await tx.db
      .selectFrom(entity.table)
      .selectAll()
      .where('id', 'in', ids.slice(start, start + CHUNK))
      .execute();
    for (const row of rows) found.set(Number(row.id), fromRow(entity, row));
  }
  return found;
}
