import { auditEntry } from '#shared/entities/index.ts';
import { isAdministrator } from '#shared/permissions.ts';
import { reachCondition } from '../access/reach-condition.ts';
import { UUID_PATTERN, undoRequestSchema } from '#shared/change-sets.ts';
import { invalid } from '#shared/entities/input.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { changeSetHeader } from '../audit/change-set.ts';
import { badRequest } from '../http/errors.ts';
import { BODY_LIMIT, bodyAs, jsonBody } from '../http/json-body.ts';
import { json, type ApiContext, type ApiRoute, type Step } from '../http/call.ts';
import { requestContext } from '../audit/request-context.ts';
import { transactionRunner } from '../resources/transaction.ts';
import { looseDb } from '../resources/rows.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../resources/search-query.ts';
import { changeSetReader } from './store.ts';
import { undoChangeSet } from './undo.ts';

const MAX_PAGE = 100_000_000;

/** `?page=N&size=M` (zero-based, as the searches) and the optional extra parameters named. */
export function paging(
  query: ApiContext['query'],
  extra: readonly string[] = [],
): { page: number; size: number } {
  const errors = new Map<string, string[]>();
  const number = (name: string, min: number, max: number, fallback: number) => {
    const raw = query[name];
    if (raw === undefined || raw === '') return fallback;
    if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      errors.set(name, [`must be a whole number from ${min} to ${max}`]);
      return fallback;
    }
    return Number(raw);
  };
  const page = number('page', 0, MAX_PAGE, 0);
  const size = number('size', 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE);
  for (const [name, value] of Object.entries(query)) {
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

/**
 * Whose change sets the caller sees (issue 43): an administrator every account's (undefined); any
 * other account, or token, only its own account's — another's command lines are never shown.
 */
const ownerOf = (ctx: ApiContext): number | undefined =>
  isAdministrator(ctx.actor!.reach) ? undefined : ctx.actor!.userId;

function idParam(ctx: ApiContext): string {
  const raw = String(ctx.params.id);
  if (!UUID_PATTERN.test(raw))
    throw badRequest(`A change set id is a uuid, not ${JSON.stringify(raw.slice(0, 60))}`);
  return raw.toLowerCase();
}

/**
 * `change-sets/cms/…` (an extension): the change sets newest first, one with its entries as field
 * diffs, and the undo of one (plan with `dryRun`, `force` past rows changed since). Administrators
 * see every account's; other accounts their own (ownerOf), and when limited to some languages only
 * the entries about their languages' rows.
 */
export function changeSetRoutes(deps: { database: DatabaseHandle; clock: () => number }): ApiRoute[] {
  const reader = changeSetReader(deps.database);
  const db = looseDb(deps.database);
  const transaction = transactionRunner(deps.database);

  const list: Step = async (ctx) => {
    const { page, size } = paging(ctx.query, ['username']);
    const username =
      typeof ctx.query.username === 'string' && ctx.query.username !== '' ? ctx.query.username : undefined;
    return json(await reader.list(page, size, username, ownerOf(ctx)));
  };
  return [
    { path: '/search', methods: { get: [list] } },
    { path: '/:id', methods: { get: [async (ctx) => json(await reader.get(idParam(ctx), ownerOf(ctx)))] } },
    {
      path: '/:id/entries',
      methods: {
        get: [
          async (ctx) => {
            const id = idParam(ctx);
            const { page, size } = paging(ctx.query);
            // An editor or viewer sees the entries the audit log shows it: not players', not the
            // team's, and only its languages' rows when it is limited to some.
            const { reach } = ctx.actor!;
            const within = isAdministrator(reach) ? null : reachCondition(auditEntry, reach.languages);
            return json(await reader.entries(id, page, size, within, ownerOf(ctx)));
          },
        ],
      },
    },
    {
      path: '/:id/undo',
      methods: {
        post: [
          jsonBody(BODY_LIMIT),
          changeSetHeader(db),
          async (ctx) => {
            const id = idParam(ctx);
            const undo = bodyAs(undoRequestSchema, ctx, 'undo request');
            // Only a change set the caller may see (its own, or any for an administrator).
            const target = await reader.get(id, ownerOf(ctx));
            const options = { dryRun: undo.dryRun ?? false, force: undo.force ?? false };
            return json(
              await undoChangeSet(db, transaction, target, options, requestContext(ctx, deps.clock)),
            );
          },
        ],
      },
    },
  ];
}
