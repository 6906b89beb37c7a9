import { Router, type Request, type RequestHandler, type Response } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AUDITED_RESOURCES } from '#shared/entities/audit-entry.ts';
import { INT_MAX } from '#shared/entities/schemas.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Actor } from '../auth/index.ts';
import { changeSetHeader } from '../audit/change-set.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import { route } from '../http/method-table.ts';
import { handler } from '../http/handler.ts';
import { requestContext } from '../audit/request-context.ts';
import { transactionRunner } from '../resources/transaction.ts';
import { paging } from '../changes/router.ts';
import { looseDb } from '../resources/rows.ts';
import { revertEntry } from './revert.ts';
import { listTrash, purgeTrash, restoreFromTrash } from './trash.ts';

/** Reverts and restores per admin per minute: a runaway script is slowed, a person never. */
const WRITES_PER_MINUTE = 120;
/** How often the trash is purged, at most (checked every ten minutes and on a trash read). */
const PURGE_EVERY_MS = 60 * 60 * 1000;

function idParam(req: Request, what: string): number {
  const raw = String(req.params.id);
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > INT_MAX) {
    throw badRequest(
      `The ${what} id must be a positive whole number, not ${JSON.stringify(raw.slice(0, 40))}`,
    );
  }
  return Number(raw);
}

/**
 * History and undo (issue 13), admin-only extensions: `POST audit/cms/{id}/revert` puts back what
 * one audit entry changed; `GET trash/cms/search` lists the rows deleted in the last 30 days and
 * `POST trash/cms/{id}/restore` re-creates one with its id. Writes are audited like any other (and
 * join the request's change set); each admin gets WRITES_PER_MINUTE of them. The trash is purged at
 * start, then at most hourly (a timer, and any trash read once the hour is up), by the app's clock.
 */
export function historyRouters(deps: {
  database: DatabaseHandle;
  clock: () => number;
  requireAdmin: RequestHandler;
}) {
  // Inside each route, not on the mount: other `audit/cms/…` paths pass through untouched.
  const guarded = [deps.requireAdmin, changeSetHeader];
  const db = looseDb(deps.database);
  const transaction = transactionRunner(deps.database);
  const limiter = new RateLimiterMemory({ keyPrefix: 'history', points: WRITES_PER_MINUTE, duration: 60 });
  const limited: RequestHandler = (_req, res, next) => {
    const actor = res.locals.actor as Actor;
    limiter.consume(actor.username).then(
      () => next(),
      (rejection: unknown) => {
        if (!(rejection instanceof RateLimiterRes)) return next(rejection);
        const seconds = String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
        next(
          new ApiError(429, `Too many reverts and restores: try again in ${seconds} s`, undefined, {
            'Retry-After': seconds,
          }),
        );
      },
    );
  };
  const context = (req: Request, res: Response) => requestContext(req, res, deps.clock);

  let lastPurge = -Infinity;
  const purge = async () => {
    const now = deps.clock();
    if (now - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now;
    await purgeTrash(db, now);
  };

  const audit = Router();
  route(audit, '/:id/revert', {
    post: [
      ...guarded,
      limited,
      handler(async (req, res) => {
        const id = idParam(req, 'audit entry');
        res.json(await revertEntry(db, transaction, id, context(req, res)));
      }),
    ],
  });

  const trash = Router();
  const list = handler(async (req, res) => {
    const { page, size } = paging(req, ['entity']);
    const entity =
      typeof req.query.entity === 'string' && req.query.entity !== '' ? req.query.entity : undefined;
    if (entity && !(AUDITED_RESOURCES as readonly string[]).includes(entity)) {
      throw badRequest(`entity must be one of ${AUDITED_RESOURCES.join(', ')}`, {
        entity: [`must be one of ${AUDITED_RESOURCES.join(', ')}`],
      });
    }
    await purge();
    res.json(await listTrash(db, deps.clock(), { page, size, ...(entity ? { entity } : {}) }));
  });
  route(trash, '/search/', { get: [...guarded, list] });
  route(trash, '/search', { get: [...guarded, list] });
  route(trash, '/:id/restore', {
    post: [
      ...guarded,
      limited,
      handler(async (req, res) => {
        const id = idParam(req, 'trash entry');
        res.json(await restoreFromTrash(transaction, id, context(req, res)));
      }),
    ],
  });
  return { audit, trash, purge };
}
