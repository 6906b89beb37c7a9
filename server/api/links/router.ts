import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import { handler } from '../http/handler.ts';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { invalid, zodFieldErrors } from '#shared/entities/input.ts';
import { INT_MAX } from '#shared/entities/schemas.ts';
import { applyLinksRequestSchema, linkJobRequestSchema } from '#shared/links/api.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import type { Actor } from '../auth/index.ts';
import { changeSetHeader, type ChangeSetTag } from '../audit/change-set.ts';
import type { ChangeContext } from '../audit/record.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { BODY_LIMIT, BULK_BODY_LIMIT, jsonBody } from '../http/json-body.ts';
import { route } from '../http/method-table.ts';
import { perAdminLimit } from '../http/per-admin-limit.ts';
import type { Store } from '../resources/store.ts';
import { applyLinks, linkPlanAnswer } from './group-plan.ts';
import { createLinkJobs } from './link-jobs.ts';

function idParam(req: Request, what: string): number {
  const raw = String(req.params.id);
  if (!/^\d{1,10}$/.test(raw) || Number(raw) > INT_MAX || Number(raw) === 0) {
    throw badRequest(
      `The ${what} id must be a positive whole number, not ${JSON.stringify(raw.slice(0, 40))}`,
    );
  }
  return Number(raw);
}

function parsedBody<S extends z.ZodType>(schema: S, req: Request, what: string): z.infer<S> {
  const parsed = schema.safeParse(req.body);
  if (!parsed.success) {
    const { message, fieldErrors } = invalid(what, zodFieldErrors(parsed.error, `a ${what}`));
    throw badRequest(message, fieldErrors);
  }
  return parsed.data;
}

/** `?reuseLetters=true|false`, nothing else. */
function planQuery(req: Request): boolean {
  for (const name of Object.keys(req.query)) {
    if (name !== 'reuseLetters') throw badRequest(`Invalid link plan query: ${name} is not a parameter here`);
  }
  const raw = req.query.reuseLetters;
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  throw badRequest('Invalid link plan query: reuseLetters must be true or false');
}

/** Per admin: plans read the dictionary, jobs write for minutes. */
const LIMITS = {
  plan: new RateLimiterMemory({ keyPrefix: 'link-plan', points: 120, duration: 60 }),
  jobs: new RateLimiterMemory({ keyPrefix: 'link-jobs', points: 20, duration: 15 * 60 }),
};

const limited = (limiter: RateLimiterMemory) => perAdminLimit(limiter, 'link builder');

/**
 * The link builder (an extension, admin-only, rate-limited, audited: every link written or removed
 * is an audit entry of one change set): under `letter-groups/cms`, one group's plan and the apply of
 * a selection of it; link jobs over the letter-group list's filters, with their progress.
 */
export function linkBuilderRouter(deps: {
  database: DatabaseHandle;
  store: Store;
  requireAdmin: RequestHandler;
  clock: () => number;
  logger: Logger;
}): { router: Router; start(): Promise<void>; close(): Promise<void> } {
  const { database, store, requireAdmin, clock } = deps;
  const router = Router();
  const jobs = createLinkJobs({ database, store, clock, logger: deps.logger });
  const context = (req: Request, res: Response, command: string): ChangeContext => {
    const given = res.locals.changeSet as ChangeSetTag | undefined;
    return {
      actor: res.locals.actor as Actor,
      ip: req.ip ?? '',
      now: new Date(clock()).toISOString(),
      changeSet: given ?? { id: randomUUID(), command, recorded: 0 },
    };
  };
  const admin = [requireAdmin, changeSetHeader];

  route(router, '/letter-groups/cms/link-jobs', {
    get: [...admin, handler(async (_req, res) => res.json({ content: await jobs.recent() }))],
    post: [
      ...admin,
      limited(LIMITS.jobs),
      ...jsonBody(BODY_LIMIT),
      handler(async (req, res) => {
        const body = parsedBody(linkJobRequestSchema, req, 'link job');
        const ctx = context(req, res, `panel: link builder job ${JSON.stringify(body)}`);
        const job = await jobs.start(body, ctx);
        res.status(202).location(`${req.baseUrl}/letter-groups/cms/link-jobs/${job.id}`).json(job);
      }),
    ],
  });
  route(router, '/letter-groups/cms/link-jobs/:id', {
    get: [
      ...admin,
      handler(async (req, res) => {
        const id = idParam(req, 'link job');
        const job = await jobs.get(id);
        if (!job) throw notFound(`Link job ${id} not found`);
        res.json(job);
      }),
    ],
  });
  route(router, '/letter-groups/cms/:id/link-plan', {
    get: [
      ...admin,
      limited(LIMITS.plan),
      handler(async (req, res) => {
        const id = idParam(req, 'letter group');
        res.json(await linkPlanAnswer(database, id, planQuery(req)));
      }),
    ],
    post: [
      ...admin,
      limited(LIMITS.plan),
      ...jsonBody(BULK_BODY_LIMIT),
      handler(async (req, res) => {
        const id = idParam(req, 'letter group');
        const body = parsedBody(applyLinksRequestSchema, req, 'link selection');
        const ctx = context(req, res, `panel: link builder, letter group ${id}`);
        res.json(await applyLinks(database, store, id, body, ctx));
      }),
    ],
  });
  return { router, start: () => jobs.interruptUnfinished(), close: () => jobs.close() };
}
