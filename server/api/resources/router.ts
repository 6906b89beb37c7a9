import { Router, type Request, type Response } from 'express';
import type { AnyEntity } from '#shared/entities/index.ts';
import { parseEntityInput } from '#shared/entities/input.ts';
import { handler } from '../http/handler.ts';
import { bulkRequestSchema } from '#shared/entities/bulk.ts';
import { bulkDeleteRequestSchema, bulkUpdateRequestSchema } from '#shared/entities/bulk-edit.ts';
import { zodFieldErrors, invalid } from '#shared/entities/input.ts';
import { INT_MAX } from '#shared/entities/schemas.ts';
import { recordVersion } from '#shared/record-version.ts';
import type { Actor } from '../auth/index.ts';
import type { ChangeContext } from '../audit/record.ts';
import { badRequest } from '../http/errors.ts';
import { nextTurn } from '../next-turn.ts';
import { BODY_LIMIT, BULK_BODY_LIMIT, jsonBody } from '../http/json-body.ts';
import { route, type MethodTable } from '../http/method-table.ts';
import { parseExportQuery, sendExport } from './export.ts';
import { parseSearchQuery } from './search-query.ts';
import type { Values } from './rows.ts';
import type { Store } from './store.ts';
import { ifMatchOf } from './versions.ts';

export interface ResourceDeps {
  store: Store;
  clock: () => number;
}

/**
 * A bulk request of 5,000 new rows is a long stretch of synchronous SQLite work: it is written a
 * slice at a time, in its one transaction, with a turn of the event loop between slices, so other
 * requests wait for one slice at most. Smaller slices shorten the waits little more and make the
 * whole write slower. A dry run writes (almost) nothing and stays one pass.
 */
const BULK_SLICES = { rows: 1000, pause: nextTurn };

function idParam(req: Request): number {
  const raw = String(req.params.id);
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > INT_MAX) {
    throw badRequest(`The id must be a positive whole number, not ${JSON.stringify(raw.slice(0, 40))}`);
  }
  return Number(raw);
}

function bodyOf(entity: AnyEntity, mode: 'create' | 'update', req: Request) {
  const parsed = parseEntityInput(entity, mode, req.body);
  if (!parsed.ok) throw badRequest(parsed.message, parsed.fieldErrors);
  return parsed.value as Record<string, unknown>;
}

/**
 * The routes of one resource under `{resource}/cms`, generated from its description: only the
 * operations it allows are mounted; other methods on a known path are 405 with `Allow`.
 */
export function resourceRouter(entity: AnyEntity, { store, clock }: ResourceDeps): Router {
  const router = Router();
  const ops = entity.operations;
  const versioned = (res: Response, record: Values) =>
    res.set('ETag', recordVersion(entity, record)).json(record);
  const context = (req: Request, res: Response): ChangeContext => {
    const actor = res.locals.actor as Actor | undefined;
    if (!actor) throw new Error('requireAdmin must run before a write (res.locals.actor is missing)');
    const changeSet = res.locals.changeSet as ChangeContext['changeSet'];
    return {
      actor,
      ip: req.ip ?? '',
      now: new Date(clock()).toISOString(),
      ...(changeSet ? { changeSet } : {}),
    };
  };

  const search: MethodTable = {};
  if (ops.search) {
    search.get = [
      handler(async (req, res) => res.json(await store.search(entity, parseSearchQuery(entity, req.query)))),
    ];
  }
  route(router, '/search', search);

  const exported: MethodTable = {};
  if (ops.search) {
    exported.get = [
      handler(async (req, res) => {
        const request = parseExportQuery(entity, req.query);
        await sendExport(res, entity, request, store.exportChunks(entity, request.filters, request.sort));
      }),
    ];
  }
  route(router, '/export', exported);

  const bulk: MethodTable = {};
  if (ops.bulk) {
    bulk.post = [
      ...jsonBody(BULK_BODY_LIMIT),
      handler(async (req, res) => {
        const parsed = bulkRequestSchema.safeParse(req.body);
        if (!parsed.success) {
          const { message, fieldErrors } = invalid(
            'bulk request',
            zodFieldErrors(parsed.error, 'a bulk request'),
          );
          throw badRequest(message, fieldErrors);
        }
        const { rows, dryRun = false, changesOnly = false } = parsed.data;
        // Not a dry run's: its slices would store their new rows for the next to read (rolled back
        // after), where one pass stores only those a later row of the request needs.
        const slices = dryRun ? undefined : BULK_SLICES;
        const answer = await store.bulk(entity, rows, dryRun, context(req, res), slices);
        res.json(
          changesOnly
            ? { ...answer, results: answer.results.filter((r) => r.status !== 'unchanged') }
            : answer,
        );
      }),
    ];
  }
  route(router, '/bulk', bulk);

  // Many rows at once, by ids or by the list's filters (extensions, for the CLI and the panel).
  const edits = [
    ['update', '/bulk-update', bulkUpdateRequestSchema, store.bulkUpdate],
    ['delete', '/bulk-delete', bulkDeleteRequestSchema, store.bulkDelete],
  ] as const;
  for (const [operation, path, schema, run] of edits) {
    const table: MethodTable = {};
    if (ops[operation]) {
      table.post = [
        ...jsonBody(BULK_BODY_LIMIT),
        handler(async (req, res) => {
          const parsed = schema.safeParse(req.body);
          if (!parsed.success) {
            const { message, fieldErrors } = invalid(
              'bulk edit',
              zodFieldErrors(parsed.error, 'a bulk edit'),
            );
            throw badRequest(message, fieldErrors);
          }
          res.json(await run(entity, parsed.data as never, context(req, res)));
        }),
      ];
    }
    route(router, path, table);
  }

  const collection: MethodTable = {};
  if (ops.create) {
    collection.post = [
      ...jsonBody(BODY_LIMIT),
      handler(async (req, res) => {
        const record = await store.create(entity, bodyOf(entity, 'create', req), context(req, res));
        versioned(res.status(201).location(`${req.baseUrl}/${String(record.id)}`), record);
      }),
    ];
  }
  route(router, '/', collection);

  // Every record answered alone carries its version (ETag); PUT and DELETE honour If-Match.
  const item: MethodTable = {};
  if (ops.get) {
    item.get = [handler(async (req, res) => versioned(res, await store.get(entity, idParam(req))))];
  }
  if (ops.update) {
    item.put = [
      ...jsonBody(BODY_LIMIT),
      handler(async (req, res) => {
        const id = idParam(req);
        const ifMatch = ifMatchOf(req.get('If-Match'));
        const body = bodyOf(entity, 'update', req);
        versioned(res, await store.update(entity, id, body, context(req, res), ifMatch));
      }),
    ];
  }
  if (ops.delete) {
    item.delete = [
      handler(async (req, res) => {
        const id = idParam(req);
        await store.remove(entity, id, context(req, res), ifMatchOf(req.get('If-Match')));
        res.json(id);
      }),
    ];
  }
  route(router, '/:id', item);
  return router;
}
