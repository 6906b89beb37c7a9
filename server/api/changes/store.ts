import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ChangeSet, ChangeSetEntry } from '#shared/change-sets.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { notFound } from '../http/errors.ts';
import { springPage, type Page } from '../resources/page.ts';
import { isoTime, looseDb, type LooseDb, type Values } from '../resources/rows.ts';
import { fewValuesCondition } from '../resources/text-match.ts';

const iso = isoTime;

const json = (text: unknown): Values | null =>
  typeof text === 'string' ? (JSON.parse(text) as Values) : ((text as Values | null) ?? null);

/** A stored change set row as the API answers it. */
export function changeSetOf(row: Values): ChangeSet {
  return {
    id: String(row.id),
    at: iso(row.at)!,
    lastAt: iso(row.lastAt)!,
    userId: row.userId === null ? null : Number(row.userId),
    username: String(row.username),
    command: String(row.command),
    counts: { created: Number(row.created), updated: Number(row.updated), deleted: Number(row.deleted) },
    undoes: (row.undoes as string | null) ?? null,
    undoneBy: (row.undoneBy as string | null) ?? null,
    undoneAt: iso(row.undoneAt),
  };
}

/** An audit entry as a list of field diffs: before → after (null before a create, after a delete). */
export function entryOf(row: Values): ChangeSetEntry {
  const before = json(row.before);
  const after = json(row.after);
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return {
    id: Number(row.id),
    at: iso(row.at)!,
    entity: String(row.entity),
    entityId: Number(row.entityId),
    action: row.action as ChangeSetEntry['action'],
    changes: Object.fromEntries(
      fields.map((field) => [field, { from: before?.[field] ?? null, to: after?.[field] ?? null }]),
    ),
  };
}

/** Reads of the change sets: newest first, one by id, and its entries in the order they were written. */
export function changeSetReader(database: DatabaseHandle) {
  const db: LooseDb = looseDb(database);
  const count = (rows: Array<{ n: unknown }>) => Number(rows[0]?.n ?? 0);

  return {
    async find(id: string, on: LooseDb = db): Promise<ChangeSet | undefined> {
      const row = await on.selectFrom('changeSets').selectAll().where('id', '=', id).executeTakeFirst();
      return row && changeSetOf(row);
    },

    /**
     * One change set; with `ownerId` (an account that is no administrator) only that account's:
     * another's is a 404 as if it did not exist, so its id, command line and counts stay unseen.
     */
    async get(id: string, ownerId?: number): Promise<ChangeSet> {
      const found = await this.find(id);
      if (!found || (ownerId !== undefined && found.userId !== ownerId))
        throw notFound(`Change set ${id} not found`);
      return found;
    },

    /**
     * Newest first; `username` keeps the names that contain it, ignoring case, as the audit log's
     * filter does (the few distinct names read from their index: migration 0029); `ownerId` one
     * account's (see get).
     */
    async list(page: number, size: number, username?: string, ownerId?: number): Promise<Page<ChangeSet>> {
      let query = db.selectFrom('changeSets');
      if (ownerId !== undefined) query = query.where('userId', '=', ownerId);
      if (username)
        query = query.where(fewValuesCondition(database.dialect, 'changeSets', 'username', username));
      const [rows, n] = await Promise.all([
        query
          .selectAll()
          .orderBy('seq', 'desc')
          .limit(size)
          .offset(page * size)
          .execute(),
        query.select(sql<number>`count(*)`.as('n')).execute(),
      ]);
      return springPage(rows.map(changeSetOf), page, size, count(n));
    },

    /**
     * Its entries in the order written; `within` (an editor's or viewer's reach) keeps those the
     * audit log would show them (reach-condition.ts).
     */
    async entries(
      id: string,
      page: number,
      size: number,
      within?: RawBuilder<SqlBool> | null,
      ownerId?: number,
    ): Promise<Page<ChangeSetEntry>> {
      await this.get(id, ownerId);
      let query = db.selectFrom('auditLog').where('changeSetId', '=', id);
      if (within) query = query.where(within);
      const [rows, n] = await Promise.all([
        query
          .selectAll()
          .orderBy('id')
          .limit(size)
          .offset(page * size)
          .execute(),
        query.select(sql<number>`count(*)`.as('n')).execute(),
      ]);
      return springPage(rows.map(entryOf), page, size, count(n));
    },
  };
}

export type ChangeSetReader = ReturnType<typeof changeSetReader>;
