import type { AnyEntity } from '#shared/entities/index.ts';
import { parseEntityInput } from '#shared/entities/input.ts';
import { bulkRequestSchema } from '#shared/entities/bulk.ts';
import { bulkDeleteRequestSchema, bulkUpdateRequestSchema } from '#shared/entities/bulk-edit.ts';
import { INT_MAX } from '#shared/entities/schemas.ts';
import { recordVersion } from '#shared/record-version.ts';
import { requestContext } from '../audit/request-context.ts';
import { json, under, type ApiContext, type ApiRoute } from '../http/call.ts';
import { badRequest } from '../http/errors.ts';
import { nextTurn } from '../next-turn.ts';
import { BODY_LIMIT, BULK_BODY_LIMIT, bodyAs, jsonBody } from '../http/json-body.ts';
import { exportAnswer, parseExportQuery } from './export.ts';
import { parseSearchQuery } from './search-query.ts';
import type { Values } from './rows.ts';
import type { Store } from './store.ts';
import { ifMatchOf } from './versions.ts';
import type { LooseDb } from './rows.ts';
import type { SearchRequest } from './search-query.ts';
import { allowEntity, assertAuditedReadable, assertRowsWithinReach, listScope } from '../access/guard.ts';

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

function idParam(ctx: ApiContext): number {
  const raw = String(ctx.params.id);
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > INT_MAX) {
    throw badRequest(`The id must be a positive whole number, not ${JSON.stringify(raw.slice(0, 40))}`);
  }
  return Number(raw);
}

function bodyOf(entity: AnyEntity, mode: 'create' | 'update', ctx: ApiContext) {
  const parsed = parseEntityInput(entity, mode, ctx.body);
  if (!parsed.ok) throw badRequest(parsed.message, parsed.fieldErrors);
  return parsed.value as Record<string, unknown>;
}

/**
 * The routes of one resource under `{resource}/cms`, generated from its description: only the
 * operations it allows are served; other methods on a known path are 405 with `Allow`.
 */
export function resourceRoutes(entity: AnyEntity, { store, clock, db }: ResourceDeps): ApiRoute[] {
  const ops = entity.operations;
  const base = `/${entity.resource}/cms`;
  const versioned = (record: Values, status = 200, headers: Record<string, string> = {}) =>
    json(record, status, { ...headers, ETag: recordVersion(entity, record) });
  const context = (ctx: ApiContext) => requestContext(ctx, clock);
  const routes: ApiRoute[] = [];
  const read = allowEntity(entity, 'read');
  const write = allowEntity(entity, 'write');

  const search: ApiRoute['methods'] = {};
  if (ops.search) {
    search.get = [
      read,
      async (ctx) =>
        json(
          await store.search(entity, await withinReach(db, ctx, entity, parseSearchQuery(entity, ctx.query))),
        ),
    ];
  }
  routes.push({ path: '/search', methods: search });

  const exported: ApiRoute['methods'] = {};
  if (ops.search) {
    exported.get = [
      read,
      async (ctx) => {
        const request = await withinReach(db, ctx, entity, parseExportQuery(entity, ctx.query));
        return exportAnswer(entity, request, store.exportChunks(entity, request));
      },
    ];
  }
  routes.push({ path: '/export', methods: exported });

  const bulk: ApiRoute['methods'] = {};
  if (ops.bulk) {
    bulk.post = [
      write,
      jsonBody(BULK_BODY_LIMIT),
      async (ctx) => {
        const { rows, dryRun = false, changesOnly = false } = bodyAs(bulkRequestSchema, ctx, 'bulk request');
        // Not a dry run's: its slices would store their new rows for the next to read (rolled back
        // after), where one pass stores only those a later row of the request needs.
        const slices = dryRun ? undefined : BULK_SLICES;
        const answer = await store.bulk(entity, rows, dryRun, context(ctx), slices);
        return json(
          changesOnly
            ? { ...answer, results: answer.results.filter((r) => r.status !== 'unchanged') }
            : answer,
        );
      },
    ];
  }
  routes.push({ path: '/bulk', methods: bulk });

  // Many rows at once, by ids or by the list's filters (extensions, for the CLI and the panel).
  const edits = [
    ['update', '/bulk-update', bulkUpdateRequestSchema, store.bulkUpdate],
    ['delete', '/bulk-delete', bulkDeleteRequestSchema, store.bulkDelete],
  ] as const;
  for (const [operation, path, schema, run] of edits) {
    const table: ApiRoute['methods'] = {};
    if (ops[operation]) {
      table.post = [
        write,
        jsonBody(BULK_BODY_LIMIT),
        async (ctx) => {
          const edit = bodyAs(schema, ctx, 'bulk edit');
          return json(await run(entity, edit as never, context(ctx)));
        },
      ];
    }
    routes.push({ path, methods: table });
  }

  const collection: ApiRoute['methods'] = {};
  if (ops.create) {
    collection.post = [
      write,
      jsonBody(BODY_LIMIT),
      async (ctx) => {
        const values = bodyOf(entity, 'create', ctx);
        const record = await store.create(entity, values, context(ctx));
        return versioned(record, 201, { Location: `${ctx.prefix}${base}/${String(record.id)}` });
      },
    ];
  }
  routes.push({ path: '/', methods: collection });

  // Every record answered alone carries its version (ETag); PUT and DELETE honour If-Match.
  const item: ApiRoute['methods'] = {};
  if (ops.get) {
    item.get = [
      read,
      async (ctx) => {
        const record = await store.get(entity, idParam(ctx));
        assertAuditedReadable(ctx.actor!, entity, record);
        await assertRowsWithinReach(db, ctx.actor!, entity, [record], 'read');
        return versioned(record);
      },
    ];
  }
  if (ops.update) {
    item.put = [
      write,
      jsonBody(BODY_LIMIT),
      async (ctx) => {
        const id = idParam(ctx);
        const ifMatch = ifMatchOf(ctx.header('If-Match'));
        const body = bodyOf(entity, 'update', ctx);
        return versioned(await store.update(entity, id, body, context(ctx), ifMatch));
      },
    ];
  }
  if (ops.delete) {
    item.delete = [
      write,
      async (ctx) => {
        const id = idParam(ctx);
        await store.remove(entity, id, context(ctx), ifMatchOf(ctx.header('If-Match')));
        return json(id);
      },
    ];
  }
  routes.push({ path: '/:id', methods: item });
  return under(base, [], routes);
}
