import type { AnyEntity } from '#shared/entities/index.ts';
import { transactionRunner } from './transaction.ts';
import type { BulkResponse } from '#shared/entities/bulk.ts';
import type { BulkDeleteRequest, BulkEditResponse, BulkUpdateRequest } from '#shared/entities/bulk-edit.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { ChangeContext } from '../audit/record.ts';
import { notFound } from '../http/errors.ts';
import { bulkUpsert } from './bulk.ts';
import { prefetchWordFlags } from './word-flags.ts';
import { bulkDelete, bulkUpdate } from './bulk-edit.ts';
import type { Tx } from './integrity.ts';
import { springPage, type Page } from './page.ts';
import { keysetChunks, listQueries } from './list-query.ts';
import { listPlans } from './list-plans.ts';
import { createPageAnchors } from './page-anchors.ts';
import { fromRow, looseDb, type LooseDb, type Values } from './rows.ts';
import type { SearchRequest } from './search-query.ts';
import { assertVersion } from './versions.ts';
import { createRecord, deleteRecord, findById, updateRecord } from './writes.ts';

/** Thrown to roll a dry run back once its results are known. */
class DryRun {
  constructor(readonly response: BulkResponse) {}
}

export type Store = ReturnType<typeof createStore>;

/** Rows read per query of an export. */
const EXPORT_CHUNK = 2000;

/** The one store every resource uses: reads, and writes each in its own transaction. */
export function createStore(database: DatabaseHandle) {
  const db = looseDb(database);
  const anchors = createPageAnchors();
  const countAndPage = listPlans(database);
  const unit = (conn: LooseDb): Tx => ({ db: conn, dialect: database.dialect, known: new Map() });
  const transaction = transactionRunner(database);
  const missing = (entity: AnyEntity, id: number) => notFound(`${entity.label} ${id} not found`);

  async function existing(tx: Tx, entity: AnyEntity, id: number, lock = false): Promise<Values> {
    // PostgreSQL: a write locks the row as it reads it, so two writes holding the same If-Match
    // cannot both pass the check (SQLite's write transactions are already serial).
    const record = await findById(tx, entity, id, lock && tx.dialect === 'postgres');
    if (!record) throw missing(entity, id);
    return record;
  }

  return {
    async search(entity: AnyEntity, request: SearchRequest): Promise<Page<Values>> {
      const [total, rows] = await countAndPage(entity, request, anchors);
      const content = rows.map((row) => fromRow(entity, row));
      return springPage(content, request.page, request.size, total);
    },

    /**
     * Every row matching `filters` (and among `ids`, a filter computed outside SQL such as levels'
     * `solvable`), in the list's order, a chunk at a time (keyset paging).
     */
    async *exportChunks(
      entity: AnyEntity,
      within: Pick<SearchRequest, 'filters' | 'sort' | 'ids' | 'languages' | 'contentOnly'>,
    ): AsyncGenerator<Values[]> {
      const { filters, sort, ids, languages, contentOnly } = within;
      const request = {
        page: 0,
        size: EXPORT_CHUNK,
        filters,
        ...(sort ? { sort } : {}),
        ...(ids ? { ids } : {}),
        ...(languages ? { languages } : {}),
        ...(contentOnly ? { contentOnly } : {}),
      };
      const list = listQueries(database, entity, request);
      for await (const rows of keysetChunks(list, EXPORT_CHUNK))
        yield rows.map((row) => fromRow(entity, row));
    },

    async get(entity: AnyEntity, id: number): Promise<Values> {
      return existing(unit(db), entity, id);
    },

    create(entity: AnyEntity, input: Values, ctx: ChangeContext): Promise<Values> {
      return transaction((tx) => createRecord(tx, entity, input, ctx));
    },

    /** `ifMatch`: the request's If-Match, checked against the stored version first (412). */
    update(
      entity: AnyEntity,
      id: number,
      input: Values,
      ctx: ChangeContext,
      ifMatch?: string,
    ): Promise<Values> {
      return transaction(async (tx) => {
        const stored = await existing(tx, entity, id, true);
        await assertVersion(tx, entity, stored, ifMatch);
        return (await updateRecord(tx, entity, stored, input, ctx)).record;
      });
    },

    remove(entity: AnyEntity, id: number, ctx: ChangeContext, ifMatch?: string): Promise<void> {
      return transaction(async (tx) => {
        const stored = await existing(tx, entity, id, true);
        await assertVersion(tx, entity, stored, ifMatch);
        await deleteRecord(tx, entity, stored, ctx);
      });
    },

    /** The same fields set on many rows (by ids or filters), a chunk per transaction. */
    bulkUpdate(entity: AnyEntity, request: BulkUpdateRequest, ctx: ChangeContext): Promise<BulkEditResponse> {
      return bulkUpdate(database, transaction, entity, request, ctx);
    },

    /** Many rows deleted (by ids or filters); rows still in use are refused, the others go. */
    bulkDelete(entity: AnyEntity, request: BulkDeleteRequest, ctx: ChangeContext): Promise<BulkEditResponse> {
      return bulkDelete(database, transaction, entity, request, ctx);
    },

    /**
     * All rows in one transaction; a dry run computes the same results, then rolls back. With
     * `slices`, the rows are written `slices.rows` at a time with `slices.pause()` between (the
     * transaction stays open): a background job lets other requests run while it writes.
     */
    async bulk(
      entity: AnyEntity,
      rows: readonly unknown[],
      dryRun: boolean,
      ctx: ChangeContext,
      slices?: { rows: number; pause: () => Promise<void> },
    ): Promise<BulkResponse> {
      prefetchWordFlags(database, entity, rows);
      try {
        return await transaction(async (tx) => {
          const response = { dryRun, ...(await bulkUpsert(tx, entity, rows, ctx, dryRun, slices)) };
          if (dryRun) throw new DryRun(response);
          return response;
        });
      } catch (error) {
        if (error instanceof DryRun) return error.response;
        throw error;
      }
    },
  };
}
