import { AUDITED_RESOURCES } from '#shared/entities/audit-entry.ts';
import { INT_MAX } from '#shared/entities/schemas.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { changeSetHeader } from '../audit/change-set.ts';
import { json, type ApiContext, type ApiRoute, type Step } from '../http/call.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import { who } from '../access/guard.ts';
import { isAdministrator } from '#shared/permissions.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import { perAdminLimit } from '../http/per-admin-limit.ts';
import { requestContext } from '../audit/request-context.ts';
import { transactionRunner } from '../resources/transaction.ts';
import { paging } from '../changes/routes.ts';
import { looseDb } from '../resources/rows.ts';
import { revertEntry } from './revert.ts';
import { listTrash, purgeTrash, restoreFromTrash } from './trash.ts';

/** Reverts and restores per admin per minute: a runaway script is slowed, a person never. */
const WRITES_PER_MINUTE = 120;
/** How often the trash is purged, at most (checked every ten minutes and on a trash read). */
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * The trash holds every language's deleted rows, players' included, and a restore writes them back
 * whatever their language: administrators only, list and restore (issue 43), session or token.
 */
const administrators: Step = (ctx) => {
  if (!isAdministrator(ctx.actor!.reach))
    throw new ApiError(
      403,
      `${who(ctx.actor!)} may not use the trash: only administrators may; ask one to restore a row`,
    );
};

function idParam(ctx: ApiContext, what: string): number {
  const raw = String(ctx.params.id);
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > INT_MAX) {
    throw badRequest(
      `The ${what} id must be a positive whole number, not ${JSON.stringify(raw.slice(0, 40))}`,
    );
  }
  return Number(raw);
}

/**
 * History and undo (issue 13), extensions: `POST audit/cms/{id}/revert` puts back what one audit
 * entry changed; `GET trash/cms/search` lists the rows deleted in the last 30 days and
 * `POST trash/cms/{id}/restore` re-creates one with its id (both administrators only). Writes are audited like any other (and
 * join the request's change set); each admin gets WRITES_PER_MINUTE of them. The trash is purged at
 * start, then at most hourly (a timer, and any trash read once the hour is up), by the app's clock.
 */
export function historyRoutes(deps: {
  database: DatabaseHandle;
  clock: () => number;
  requireAdmin: Step;
  rateLimits: RateLimits;
}): {
  routes: ApiRoute[];
  purge(): Promise<void>;
} {
  const db = looseDb(deps.database);
  const guarded = [deps.requireAdmin, changeSetHeader(db)];
  const transaction = transactionRunner(deps.database);
  const limiter = deps.rateLimits.limiter({ keyPrefix: 'history', points: WRITES_PER_MINUTE, duration: 60 });
  const limited = perAdminLimit(
    limiter,
    (seconds) => `Too many reverts and restores: try again in ${seconds} s`,
    'username',
  );
  const context = (ctx: ApiContext) => requestContext(ctx, deps.clock);

  let lastPurge = -Infinity;
  const purge = async () => {
    const now = deps.clock();
    if (now - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now;
    await purgeTrash(db, now);
  };

  const list: Step = async (ctx) => {
    const { page, size } = paging(ctx.query, ['entity']);
    const entity =
      typeof ctx.query.entity === 'string' && ctx.query.entity !== '' ? ctx.query.entity : undefined;
    if (entity && !(AUDITED_RESOURCES as readonly string[]).includes(entity)) {
      throw badRequest(`entity must be one of ${AUDITED_RESOURCES.join(', ')}`, {
        entity: [`must be one of ${AUDITED_RESOURCES.join(', ')}`],
      });
    }
    await purge();
    return json(await listTrash(db, deps.clock(), { page, size, ...(entity ? { entity } : {}) }));
  };
  const routes: ApiRoute[] = [
    {
      path: '/audit/cms/:id/revert',
      methods: {
        post: [
          ...guarded,
          limited,
          async (ctx) => json(await revertEntry(db, transaction, idParam(ctx, 'audit entry'), context(ctx))),
        ],
      },
    },
    { path: '/trash/cms/search', methods: { get: [...guarded, administrators, list] } },
    {
      path: '/trash/cms/:id/restore',
      methods: {
        post: [
          ...guarded,
          administrators,
          limited,
          async (ctx) => json(await restoreFromTrash(transaction, idParam(ctx, 'trash entry'), context(ctx))),
        ],
      },
    },
  ];
  return { routes, purge };
}
