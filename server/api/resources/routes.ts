import type { AnyEntity } from '#shared/entities/index.ts';
import type { BulkRequest } from '#shared/entities/bulk.ts';
import type { BulkDeleteRequest, BulkUpdateRequest } from '#shared/entities/bulk-edit.ts';
import { recordVersion } from '#shared/record-version.ts';
import { changeContextOf } from '../audit/change-context.ts';
import { json, type ApiContext } from '../http/call.ts';
import { implement, type ApiOperation } from '../http/operation.ts';
import { nextTurn } from '../next-turn.ts';
import { resourceDeclarations } from './declarations.ts';
import { exportAnswer, type ExportRequest } from './export.ts';
import type { Values } from './rows.ts';
import type { Store } from './store.ts';
import { ifMatchOf } from './versions.ts';
import type { LooseDb } from './rows.ts';
import type { SearchRequest } from './search-query.ts';
import { assertAuditedReadable, assertRowsWithinReach, listScope } from '../access/guard.ts';

export interface ResourceDeps {
  store: Store;
  clock: () => number;
  db: LooseDb;
}

/** A list request limited to the actor's languages (issue 33); unchanged for everyone else. */
export async function withinReach<R extends Pick<SearchRequest, 'filters'>>(
  db: LooseDb,
  ctx: ApiContext,
  entity: AnyEntity,
  request: R,
): Promise<R & { languages?: readonly number[]; contentOnly?: boolean }> {
  return { ...request, ...(await listScope(db, ctx.actor!, entity, request.filters)) };
}

/**
 * A bulk request of 5,000 new rows is a long stretch of synchronous SQLite work: it is written a
 * slice at a time, in its one transaction, with a turn of the event loop between slices, so other
 * requests wait for one slice at most. Smaller slices shorten the waits little more and make the
 * whole write slower. A dry run writes (almost) nothing and stays one pass.
 */
const BULK_SLICES = { rows: 1000, pause: nextTurn };

/** What another area adds to a list (levels' `solvable`, declared with the list): the ids it keeps. */
export interface ListFilter {
  /** Ids the list keeps for these values (null: the parameters were not given). */
  ids(ctx: ApiContext, values: Record<string, unknown>): Promise<number[] | null>;
}

/**
 * The operations of one resource under `{resource}/cms` (declarations.ts), answered: only those
 * its description allows; other methods on a known path are 405 with `Allow`.
 */
export function resourceOperations(
  entity: AnyEntity,
  { store, clock, db }: ResourceDeps,
  filter?: ListFilter,
): ApiOperation[] {
  const declared = resourceDeclarations(entity);
  const versioned = (record: Values, status = 200, headers: Record<string, string> = {}) =>
    json(record, status, { ...headers, ETag: recordVersion(entity, record) });
  const context = (ctx: ApiContext) => changeContextOf(ctx, clock);
  const operations: ApiOperation[] = [];
  /** The ids another area's parameters keep, within `?ids=` when the list names some too. */
  const keptIds = async (ctx: ApiContext, extra: Record<string, unknown>, named?: number[]) => {
    const kept = filter ? await filter.ids(ctx, extra) : null;
    if (kept === null) return named;
    return named ? kept.filter((id) => named.includes(id)) : kept;
  };

  if (declared.search) {
    operations.push(
      implement(declared.search, async (ctx) => {
        const { request, extra } = ctx.input.query as unknown as {
          request: SearchRequest;
          extra: Record<string, unknown>;
        };
        const ids = await keptIds(ctx, extra, request.ids);
        const within = await withinReach(db, ctx, entity, { ...request, ...(ids ? { ids } : {}) });
        return json(await store.search(entity, within));
      }),
    );
  }
  if (declared.export) {
    operations.push(
      implement(declared.export, async (ctx) => {
        const { request, extra } = ctx.input.query as unknown as {
          request: ExportRequest;
          extra: Record<string, unknown>;
        };
        const ids = await keptIds(ctx, extra);
        const within = await withinReach(db, ctx, entity, request);
        return exportAnswer(
          entity,
          request,
          store.exportChunks(entity, { ...within, ...(ids ? { ids } : {}) }),
        );
      }),
    );
  }
  if (declared.bulk) {
    operations.push(
      implement(declared.bulk, async (ctx) => {
        const { rows, dryRun = false, changesOnly = false } = ctx.input.body as unknown as BulkRequest;
        // Not a dry run's: its slices would store their new rows for the next to read (rolled back
        // after), where one pass stores only those a later row of the request needs.
        const slices = dryRun ? undefined : BULK_SLICES;
        const answer = await store.bulk(entity, rows, dryRun, context(ctx), slices);
        return json(
          changesOnly
            ? { ...answer, results: answer.results.filter((r) => r.status !== 'unchanged') }
            : answer,
        );
      }),
    );
  }
  // Many rows at once, by ids or by the list's filters (extensions, for the CLI and the panel).
  if (declared.bulkUpdate)
    operations.push(
      implement(declared.bulkUpdate, async (ctx) =>
        json(await store.bulkUpdate(entity, ctx.input.body as unknown as BulkUpdateRequest, context(ctx))),
      ),
    );
  if (declared.bulkDelete)
    operations.push(
      implement(declared.bulkDelete, async (ctx) =>
        json(await store.bulkDelete(entity, ctx.input.body as unknown as BulkDeleteRequest, context(ctx))),
      ),
    );
  if (declared.create) {
    operations.push(
      implement(declared.create, async (ctx) => {
        const record = await store.create(entity, ctx.input.body as unknown as Values, context(ctx));
        return versioned(record, 201, {
          Location: `${ctx.prefix}/${entity.resource}/cms/${String(record.id)}`,
        });
      }),
    );
  }
  // Every record answered alone carries its version (ETag); PUT and DELETE honour If-Match.
  const idOf = (ctx: ApiContext) => (ctx.input.params as unknown as { id: number }).id;
  if (declared.get) {
    operations.push(
      implement(declared.get, async (ctx) => {
        const record = await store.get(entity, idOf(ctx));
        assertAuditedReadable(ctx.actor!, entity, record);
        await assertRowsWithinReach(db, ctx.actor!, entity, [record], 'read');
        return versioned(record);
      }),
    );
  }
  if (declared.update) {
    operations.push(
      implement(declared.update, async (ctx) => {
        const ifMatch = ifMatchOf(ctx.header('If-Match'));
        return versioned(
          await store.update(entity, idOf(ctx), ctx.input.body as unknown as Values, context(ctx), ifMatch),
        );
      }),
    );
  }
  if (declared.remove) {
    operations.push(
      implement(declared.remove, async (ctx) => {
        await store.remove(entity, idOf(ctx), context(ctx), ifMatchOf(ctx.header('If-Match')));
        return json(idOf(ctx));
      }),
    );
  }
  return operations;
}
