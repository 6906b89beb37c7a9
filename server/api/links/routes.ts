import { randomUUID } from 'node:crypto';
import { INT_MAX } from '#shared/entities/schemas.ts';
import { applyLinksRequestSchema, linkJobRequestSchema } from '#shared/links/api.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import { changeSetHeader } from '../audit/change-set.ts';
import { requestContext } from '../audit/request-context.ts';
import type { ChangeContext } from '../audit/record.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { BODY_LIMIT, BULK_BODY_LIMIT, bodyAs, jsonBody } from '../http/json-body.ts';
import { json, type ApiContext, type ApiRoute, type Step } from '../http/call.ts';
import { perAdminLimit, tooMany } from '../http/per-admin-limit.ts';
import type { RateLimits } from '../http/rate-limits.ts';
import type { Store } from '../resources/store.ts';
import { applyLinks, linkPlanAnswer } from './group-plan.ts';
import { createLinkJobs } from './link-jobs.ts';
import { jobFilters } from './job-runner.ts';
import { allowEntity, assertRowsWithinReach, listLanguages } from '../access/guard.ts';
import { letterGroup, letterGroupWord } from '#shared/entities/index.ts';
import { looseDb } from '../resources/rows.ts';

function idParam(ctx: ApiContext, what: string): number {
  const raw = String(ctx.params.id);
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > INT_MAX || Number(raw) === 0) {
    throw badRequest(
      `The ${what} id must be a positive whole number, not ${JSON.stringify(raw.slice(0, 40))}`,
    );
  }
  return Number(raw);
}

/** `?reuseLetters=true|false`, nothing else. */
function planQuery(query: ApiContext['query']): boolean {
  for (const name of Object.keys(query)) {
    if (name !== 'reuseLetters') throw badRequest(`Invalid link plan query: ${name} is not a parameter here`);
  }
  const raw = query.reuseLetters;
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  throw badRequest('Invalid link plan query: reuseLetters must be true or false');
}

/** Per admin: plans read the dictionary, jobs write for minutes. */
export const LINK_LIMITS = {
  plan: { keyPrefix: 'link-plan', points: 120, duration: 60 },
  jobs: { keyPrefix: 'link-jobs', points: 20, duration: 15 * 60 },
};

/**
 * The link builder (an extension, admin-only, rate-limited, audited: every link written or removed
 * is an audit entry of one change set): under `letter-groups/cms`, one group's plan and the apply of
 * a selection of it; link jobs over the letter-group list's filters, with their progress.
 */
export function linkBuilderRoutes(deps: {
  database: DatabaseHandle;
  store: Store;
  requireAdmin: Step;
  clock: () => number;
  logger: Logger;
  rateLimits: RateLimits;
}): { routes: ApiRoute[]; start(): Promise<void>; close(): Promise<void> } {
  const { database, store, requireAdmin, clock } = deps;
  const jobs = createLinkJobs({ database, store, clock, logger: deps.logger });
  const context = (ctx: ApiContext, command: string): ChangeContext => ({
    ...requestContext(ctx, clock),
    changeSet: ctx.changeSet ?? { id: randomUUID(), command, recorded: 0 },
  });
  const db = looseDb(database);
  const admin = [requireAdmin, changeSetHeader(db)];
  const limited = (limit: keyof typeof LINK_LIMITS) =>
    perAdminLimit(deps.rateLimits.limiter(LINK_LIMITS[limit]), tooMany('link builder'));
  /** The letter group a plan is for, within the actor's languages (403 otherwise). */
  const ownGroup = async (ctx: ApiContext, id: number, access: 'read' | 'write') => {
    if (ctx.actor!.reach.languages === null) return;
    const group = await db
      .selectFrom('letterGroups')
      .select(['id', 'languageId'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (group) await assertRowsWithinReach(db, ctx.actor!, letterGroup, [group], access);
  };

  const routes: ApiRoute[] = [
    {
      path: '/letter-groups/cms/link-jobs',
      methods: {
        // Jobs of other languages than the caller's are not listed, nor found by id (404).
        get: [...admin, async (ctx) => json({ content: await jobs.recent(ctx.actor!.reach) })],
        post: [
          ...admin,
          allowEntity(letterGroupWord, 'write'),
          limited('jobs'),
          jsonBody(BODY_LIMIT),
          async (ctx) => {
            const body = bodyAs(linkJobRequestSchema, ctx, 'link job');
            // Limited to some languages: a filter naming another is refused; no filter, theirs only.
            await listLanguages(db, ctx.actor!, letterGroup, jobFilters(body.where));
            const job = await jobs.start(
              body,
              context(ctx, `panel: link builder job ${JSON.stringify(body)}`),
            );
            return json(job, 202, { Location: `${ctx.prefix}/letter-groups/cms/link-jobs/${job.id}` });
          },
        ],
      },
    },
    {
      path: '/letter-groups/cms/link-jobs/:id',
      methods: {
        get: [
          ...admin,
          async (ctx) => {
            const id = idParam(ctx, 'link job');
            const job = await jobs.get(id, ctx.actor!.reach);
            if (!job) throw notFound(`Link job ${id} not found`);
            return json(job);
          },
        ],
      },
    },
    {
      path: '/letter-groups/cms/:id/link-plan',
      methods: {
        get: [
          ...admin,
          limited('plan'),
          async (ctx) => {
            const id = idParam(ctx, 'letter group');
            await ownGroup(ctx, id, 'read');
            return json(await linkPlanAnswer(database, id, planQuery(ctx.query)));
          },
        ],
        post: [
          ...admin,
          allowEntity(letterGroupWord, 'write'),
          limited('plan'),
          jsonBody(BULK_BODY_LIMIT),
          async (ctx) => {
            const id = idParam(ctx, 'letter group');
            await ownGroup(ctx, id, 'write');
            const body = bodyAs(applyLinksRequestSchema, ctx, 'link selection');
            const change = context(ctx, `panel: link builder, letter group ${id}`);
            return json(await applyLinks(database, store, id, body, change));
          },
        ],
      },
    },
  ];
  return { routes, start: () => jobs.watch(), close: () => jobs.close() };
}
