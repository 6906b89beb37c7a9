import { Router, type Request } from 'express';
import { UUID_PATTERN, undoRequestSchema } from '#shared/change-sets.ts';
import { invalid, zodFieldErrors } from '#shared/entities/input.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { changeSetHeader } from '../audit/change-set.ts';
import { badRequest } from '../http/errors.ts';
import { BODY_LIMIT, jsonBody } from '../http/json-body.ts';
import { route } from '../http/method-table.ts';
import { handler } from '../http/handler.ts';
import { requestContext } from '../audit/request-context.ts';
import { transactionRunner } from '../resources/transaction.ts';
import { looseDb } from '../resources/rows.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../resources/search-query.ts';
import { changeSetReader } from './store.ts';
import { undoChangeSet } from './undo.ts';

const MAX_PAGE = 100_000_000;

/** `?page=N&size=M` (zero-based, as the searches) and the optional extra parameters named. */
export function paging(req: Request, extra: readonly string[] = []): { page: number; size: number } {
  const errors = new Map<string, string[]>();
  const number = (name: string, min: number, max: number, fallback: number) => {
    const raw = req.query[name];
    if (raw === undefined || raw === '') return fallback;
    if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      errors.set(name, [`must be a whole number from ${min} to ${max}`]);
      return fallback;
    }
    return Number(raw);
  };
  const page = number('page', 0, MAX_PAGE, 0);
  const size = number('size', 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE);
  for (const [name, value] of Object.entries(req.query)) {
    if (name === 'page' || name === 'size') continue;
    if (!extra.includes(name)) errors.set(name, ['is not a parameter here']);
    else if (typeof value !== 'string') errors.set(name, ['must be given once']);
  }
  if (errors.size > 0) {
    const { message, fieldErrors } = invalid('query', errors);
    throw badRequest(message, fieldErrors);
  }
  return { page, size };
}

function idParam(req: Request): string {
  const raw = String(req.params.id);
  if (!UUID_PATTERN.test(raw))
    throw badRequest(`A change set id is a uuid, not ${JSON.stringify(raw.slice(0, 60))}`);
  return raw.toLowerCase();
}

/**
 * `change-sets/cms/…` (an extension, admin-only): the change sets newest first, one with its
 * entries as field diffs, and the undo of one (plan with `dryRun`, `force` past rows changed since).
 */
export function changeSetRouter(deps: { database: DatabaseHandle; clock: () => number }): Router {
  const router = Router();
  const reader = changeSetReader(deps.database);
  const db = looseDb(deps.database);
  const transaction = transactionRunner(deps.database);

  const list = handler(async (req, res) => {
    const { page, size } = paging(req, ['username']);
    const username =
      typeof req.query.username === 'string' && req.query.username !== '' ? req.query.username : undefined;
    res.json(await reader.list(page, size, username));
  });
  route(router, '/search/', { get: [list] });
  route(router, '/search', { get: [list] });
  route(router, '/:id', { get: [handler(async (req, res) => res.json(await reader.get(idParam(req))))] });
  route(router, '/:id/entries', {
    get: [
      handler(async (req, res) => {
        const id = idParam(req);
        const { page, size } = paging(req);
        res.json(await reader.entries(id, page, size));
      }),
    ],
  });
  route(router, '/:id/undo', {
    post: [
      ...jsonBody(BODY_LIMIT),
      changeSetHeader,
      handler(async (req, res) => {
        const id = idParam(req);
        const parsed = undoRequestSchema.safeParse(req.body);
        if (!parsed.success) {
          const { message, fieldErrors } = invalid(
            'undo request',
            zodFieldErrors(parsed.error, 'an undo request'),
          );
          throw badRequest(message, fieldErrors);
        }
        const ctx = requestContext(req, res, deps.clock);
        const target = await reader.get(id);
        const options = { dryRun: parsed.data.dryRun ?? false, force: parsed.data.force ?? false };
        res.json(await undoChangeSet(db, transaction, target, options, ctx));
      }),
    ],
  });
  return router;
}
