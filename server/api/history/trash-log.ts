import type { AnyEntity } from '#shared/entities/index.ts';
import type { Tx } from '../resources/integrity.ts';
import type { Values } from '../resources/rows.ts';

/** The parts of an audit change the trash needs (kept apart from record.ts: no import cycle). */
interface Written {
  entity: AnyEntity;
  entityId: number;
  action: 'create' | 'update' | 'delete';
  before: Values | null;
  after: Values | null;
}

interface Who {
  actor: { userId: number | null; username: string };
  now: string;
  changeSet?: { id: string };
}

/**
 * Keeps the trash in step with the writes, in their transaction: a hard delete (the whole row
 * before, nothing after) puts the row in the trash; a create of a row with an id that is in the
 * trash (a restore, an undo re-creating it) takes it out. Called for every audited write, so every
 * delete path (single, bulk, undo of a create, revert of a create) lands here without knowing it.
 */
export async function syncTrash(tx: Tx, who: Who, changes: readonly Written[]): Promise<void> {
  const deleted = changes.filter((c) => c.action === 'delete' && c.after === null && c.before !== null);
  for (let start = 0; start < deleted.length; start += 500) {
    await tx.db
      .insertInto('trash')
      .values(
        deleted.slice(start, start + 500).map((change) => ({
          entity: change.entity.resource,
          entityId: change.entityId,
          row: JSON.stringify(change.before),
          deletedAt: who.now,
          userId: who.actor.userId,
          deletedBy: who.actor.username,
          changeSetId: who.changeSet?.id ?? null,
        })),
      )
      .execute();
  }
  const created = new Map<string, number[]>();
  for (const change of changes) {
    if (change.action !== 'create') continue;
    const ids = created.get(change.entity.resource) ?? [];
    ids.push(change.entityId);
    created.set(change.entity.resource, ids);
  }
  for (const [entity, ids] of created) {
    // New rows have new ids, which the trash cannot hold: one indexed probe of the ids' range
    // spares a bulk write its deletes (a link job: 2,800 statements of 500 ids finding nothing).
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (const id of ids) {
      if (id < low) low = id;
      if (id > high) high = id;
    }
    const held = await tx.db
      .selectFrom('trash')
      .select('id')
      .where('entity', '=', entity)
      .where('entityId', '>=', low)
      .where('entityId', '<=', high)
      .limit(1)
      .executeTakeFirst();
    if (!held) continue;
    for (let start = 0; start < ids.length; start += 500) {
      await tx.db
        .deleteFrom('trash')
        .where('entity', '=', entity)
        .where('entityId', 'in', ids.slice(start, start + 500))
        .execute();
    }
  }
}
