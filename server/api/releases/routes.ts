import { isAdministrator } from '#shared/permissions.ts';
import type { ReleaseList } from '#shared/releases/api.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import { securityEvent } from '../../observability/security-events.ts';
import { changeContextOf } from '../audit/change-context.ts';
import { json, type ApiContext } from '../http/call.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import { implement, type ApiOperation } from '../http/operation.ts';
import { looseDb } from '../resources/rows.ts';
import * as declared from './declarations.ts';
import { createReleaseDiffs } from './diffs.ts';
import { gameReadOperations } from './game-reads.ts';
import { createPublisher, publishJobOf } from './publisher.ts';
import { createReleaseReader } from './reader.ts';
import { auditRelease, releaseStore } from './store.ts';
import { refusal } from './publish-job.ts';

/** Releases listed by `GET releases/cms`. */
const LISTED = 100;

/** A real publish and a forced one are an administrator's (a dry run is anyone's). */
const assertAdministrator = (ctx: ApiContext) => {
  if (!isAdministrator(ctx.actor!.reach))
    throw new ApiError(403, 'Your account may read releases only: administrators publish and roll back');
};

/**
 * Releases (declarations.ts): what the game reads (game-reads.ts), and under `releases/cms` the
 * list, the draft's check and diff, publishing (a background job), diffs between releases,
 * rollback, widening a staged rollout, and scheduled publishes. Every change is audited (entity
 * `releases`).
 */
export function releaseOperations(deps: {
  database: DatabaseHandle;
  clock: () => number;
  logger: Logger;
  retention: number;
  /** What the game's reads keep their answers under (the access counter, once per turn). */
  version: () => string;
}) {
  const { database, clock, logger } = deps;
  const store = releaseStore(database);
  const reader = createReleaseReader({ version: deps.version, store });
  const publisher = createPublisher({ database, store, clock, logger, retention: deps.retention });
  const diffs = createReleaseDiffs(store);
  const db = looseDb(database);
  const event = (
    ctx: ApiContext,
    name: 'release.rolled_back' | 'release.forced',
    fields: Record<string, unknown>,
  ) => securityEvent(logger, name, { by: ctx.actor?.username ?? null, ip: ctx.ip, ...fields });

  const list = implement(declared.listReleases, async () => {
    const [state, releases, schedules, jobs] = await Promise.all([
      store.state(),
      store.list(LISTED),
      publisher.schedules.list(),
      publisher.recent(),
    ]);
    const { key: _key, ...plain } = state;
    const answer: ReleaseList = {
      state: plain,
      releases,
      schedules,
      jobs: jobs.map(publishJobOf),
      retention: deps.retention,
    };
    return json(answer);
  });

  const publish = implement(declared.publishRelease, async (ctx) => {
    const body = ctx.input.body;
    if (!body.dryRun || body.force) assertAdministrator(ctx);
    const check = await publisher.drafts.fresh();
    const findings = check.summary;
    if (body.dryRun) return json({ dryRun: true, findings, diff: check.diff, job: null });
    if (findings.total > 0 && !body.force)
      return json({ message: refusal(check.findings), findings, diff: check.diff }, 422);
    const job = await publisher.start(body, changeContextOf(ctx, clock));
    if (body.force)
      event(ctx, 'release.forced', { job: job.id, reason: body.reason, findings: findings.total });
    return json({ dryRun: false, findings, diff: check.diff, job: publishJobOf(job) }, 202, {
      Location: `${ctx.prefix}/releases/cms/jobs/${job.id}`,
    });
  });

  const operations: ApiOperation[] = [
    list,
    publish,
    implement(declared.releaseDraft, async (ctx) => {
      const latest = await publisher.drafts.latest({ wait: ctx.input.query.wait });
      if (!latest) return json({ message: 'The draft is being checked; ask again in a few seconds' }, 202);
      const { check, stale } = latest;
      return json({ computedAt: check.computedAt, stale, findings: check.summary, diff: check.diff });
    }),
    implement(declared.listPublishJobs, async () =>
      json({ content: (await publisher.recent()).map(publishJobOf) }),
    ),
    implement(declared.getPublishJob, async (ctx) => {
      const { id } = ctx.input.params;
      const job = await publisher.get(id);
      if (!job) throw notFound(`Publish job ${id} not found`);
      return json(publishJobOf(job));
    }),
    implement(declared.listSchedules, async () => json({ content: await publisher.schedules.list() })),
    implement(declared.scheduleRelease, async (ctx) => {
      const body = ctx.input.body;
      const at = new Date(body.at);
      if (at.getTime() <= clock())
        throw badRequest('Invalid schedule: at must be in the future', { at: ['must be in the future'] });
      const change = changeContextOf(ctx, clock);
      const schedule = await publisher.schedules.create({
        at: at.toISOString(),
        notes: body.notes,
        forcedReason: body.force ? (body.reason ?? null) : null,
        share: body.share ?? 100,
        userId: change.actor.userId,
        username: change.actor.username,
        ip: ctx.ip,
        now: change.now,
      });
      await auditRelease(
        db,
        schedule.id,
        { ctx: change, action: 'schedule', before: null, after: { ...schedule } },
        'release-schedules',
      );
      return json(schedule, 201);
    }),
    implement(declared.cancelSchedule, async (ctx) => {
      const schedule = await publisher.schedules.cancel(ctx.input.params.id);
      await auditRelease(
        db,
        schedule.id,
        {
          ctx: changeContextOf(ctx, clock),
          action: 'cancel',
          before: { status: 'pending' },
          after: { status: schedule.status },
        },
        'release-schedules',
      );
      return json(schedule);
    }),
    implement(declared.getRelease, async (ctx) => {
      const { number } = ctx.input.params;
      const release = await store.get(number);
      if (!release) throw notFound(`Release ${number} not found (or pruned)`);
      return json(release);
    }),
    implement(declared.diffRelease, async (ctx) =>
      json(await diffs.between(ctx.input.params.number, ctx.input.query.against)),
    ),
    implement(declared.rollbackRelease, async (ctx) => {
      const { number } = ctx.input.params;
      const body = ctx.input.body ?? {};
      const before = await store.state();
      const state = await store.rollback(number, {
        ctx: changeContextOf(ctx, clock),
        action: 'rollback',
        before: null,
        after: body.reason ? { reason: body.reason } : null,
      });
      event(ctx, 'release.rolled_back', {
        release: number,
        from: before.current,
        reason: body.reason ?? null,
      });
      const { key: _key, ...plain } = state;
      return json({ state: plain, release: await store.get(number) });
    }),
    implement(declared.widenRelease, async (ctx) => {
      const { number } = ctx.input.params;
      const state = await store.widen(number, ctx.input.body.share, {
        ctx: changeContextOf(ctx, clock),
        action: 'widen',
        before: null,
        after: null,
      });
      const { key: _key, ...plain } = state;
      return json({ state: plain, release: await store.get(number) });
    }),
    ...gameReadOperations(reader),
  ];

  return {
    operations,
    reader,
    publisher,
    start: () => publisher.watch(),
    close: () => publisher.close(),
  };
}

export type ReleaseOperations = ReturnType<typeof releaseOperations>;
