import { sql } from 'kysely';
import { TRASH_MS, type RestoreResponse, type TrashEntry } from '#shared/history.ts';
import type { ChangeContext } from '../audit/record.ts';
import { conflict, notFound } from '../http/errors.ts';
import { springPage, type Page } from '../resources/page.ts';
import { findById } from '../resources/writes.ts';
import type { LooseDb, Values } from '../resources/rows.ts';
import { restoreChunk } from '../changes/restore.ts';
import { newTally } from '../changes/restore.ts';
import { entityOf, type Transaction } from './revert.ts';

/** Trash entries forgotten per purge statement: a long-idle server catches up over a few runs. */
export const PURGE_BATCH = 1000;

const iso = (value: unknown): string =>
  (value instanceof Date ? value : new Date(String(value))).toISOString();
const cutoffOf = (now: number) => new Date(now - TRASH_MS).toISOString();

function entryOf(row: Values): TrashEntry {
  const deletedAt = iso(row.deletedAt);
  return {
    id: Number(row.id),
    entity: String(row.entity),
    entityId: Number(row.entityId),
    row: typeof row.row === 'string' ? (JSON.parse(row.row) as Values) : (row.row as Values),
    deletedAt,
    deletedBy: String(row.deletedBy),
    userId: row.userId === null || row.userId === undefined ? null : Number(row.userId),
    changeSetId: (row.changeSetId as string | null) ?? null,
    expiresAt: new Date(Date.parse(deletedAt) + TRASH_MS).toISOString(),
  };
}

/** Forgets entries deleted more than 30 days before `now`, at most PURGE_BATCH; answers how many. */
export async function purgeTrash(db: LooseDb, now: number): Promise<number> {
  const old = await db
    .selectFrom('trash')
    .select('id')
    .where('deletedAt', '<', cutoffOf(now))
    .orderBy('id')
    .limit(PURGE_BATCH)
    .execute();
  if (old.length === 0) return 0;
  await db
    .deleteFrom('trash')
    .where(
      'id',
      'in',
      old.map((row) => Number(row.id)),
    )
    .execute();
  return old.length;
}

/** The trash newest first, only what is still restorable; `entity` keeps one resource's rows. */
export async function listTrash(
  db: LooseDb,
  now: number,
  request: { page: number; size: number; entity?: string },
): Promise<Page<TrashEntry>> {
  let query = db.selectFrom('trash').where('deletedAt', '>=', cutoffOf(now));
  if (request.entity) query = query.where('entity', '=', request.entity);
  const [rows, n] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(request.size)
      .offset(request.page * request.size)
      .execute(),
    query.select(sql<number>`count(*)`.as('n')).execute(),
  ]);
  return springPage(rows.map(entryOf), request.page, request.size, Number(n[0]?.n ?? 0));
}

/**
 * Re-creates a trashed row with its id, through the change-set undo's re-create (references and
 * natural key checked, audited as a create, which takes it out of the trash). Refused (409) when
 * the id is in use again, its natural key is taken or a row it refers to is gone.
 */
export async function restoreFromTrash(
  transaction: Transaction,
  trashId: number,
  ctx: ChangeContext,
): Promise<RestoreResponse> {
  return transaction(async (tx) => {
    const row = await tx.db
      .selectFrom('trash')
      .selectAll()
      .where('id', '=', trashId)
      .where('deletedAt', '>=', cutoffOf(Date.parse(ctx.now)))
      .executeTakeFirst();
    if (!row) {
      throw notFound(
        `Trash entry ${trashId} not found: restored already, or forgotten 30 days after the delete`,
      );
    }
    const entry = entryOf(row);
    const entity = entityOf(entry.entity);
    const name = `${entity.label} ${entry.entityId}`;
    if (await findById(tx, entity, entry.entityId)) {
      throw conflict(`${name} exists again (restored or re-created since): nothing to restore`);
    }
    const tally = newTally();
    await restoreChunk(
      tx,
      entity,
      'recreate',
      [{ id: entry.entityId, before: entry.row, after: null }],
      false,
      0,
      ctx,
      tally,
    );
    if (tally.refused > 0) {
      throw conflict(`Cannot restore ${tally.refusals[0]?.reason ?? name}`);
    }
    const record = await findById(tx, entity, entry.entityId);
    return { restored: trashId, entity: entity.resource, entityId: entry.entityId, record: record ?? {} };
  });
}
