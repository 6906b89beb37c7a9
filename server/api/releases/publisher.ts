import type { PublishJob, PublishRequest } from '#shared/releases/api.ts';
import { FULL_REACH } from '#shared/permissions.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import type { ChangeContext } from '../audit/record.ts';
import type { Job } from '../jobs/jobs-store.ts';
import { createLeasedJobs } from '../jobs/leased-jobs.ts';
import { createDraftChecks } from './draft.ts';
import { draftThreads } from './draft-thread.ts';
import { refusal, runPublish, type PublishParams, type PublishResult } from './publish-job.ts';
import { scheduleStore, type StoredSchedule } from './schedules.ts';
import type { ReleaseStore } from './store.ts';

/** The kind of publish jobs in the `jobs` table. */
export const PUBLISH_JOB = 'release-publish';
/** How often every instance looks for scheduled publishes that are due. */
const SCHEDULE_SWEEP_MS = 5_000;
/** A due schedule waits this long for another publish to end, then fails saying so. */
const SCHEDULE_GRACE_MS = 60 * 60_000;

export function publishJobOf(job: Job<PublishParams, PublishResult>): PublishJob {
  return {
    id: job.id,
    status: job.status,
    done: job.done,
    total: job.total,
    release: job.result?.release ?? null,
    error: job.error,
    username: job.username,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
    instance: job.instance,
  };
}

/**
 * Publishing (issue 45): publish jobs — leased background jobs of their own kind, one at a time
 * across every instance (decisions 014 and 019) — the draft's kept check (draft.ts), and the
 * scheduled publishes every instance sweeps for. `watch()` starts the sweeps; `close()` stops
 * them and waits for a job of this instance to stop between languages.
 */
export function createPublisher(deps: {
  database: DatabaseHandle;
  store: ReleaseStore;
  clock: () => number;
  logger: Logger;
  retention: number;
}) {
  const { database, store, clock, logger } = deps;
  const jobs = createLeasedJobs<PublishParams, PublishResult>({
    database,
    clock,
    logger,
    kind: PUBLISH_JOB,
    what: 'publish job',
  });
  const threads = draftThreads(database);
  const drafts = createDraftChecks(database, store, threads, clock);
  const schedules = scheduleStore(database);
  const now = () => new Date(clock()).toISOString();
  let sweeper: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | null = null;

  async function start(
    params: PublishParams,
    ctx: ChangeContext,
  ): Promise<Job<PublishParams, PublishResult>> {
    return jobs.start(params, ctx, null, (run) =>
      runPublish({
        database,
        store,
        threads,
        run,
        ctx: () => ({ ...ctx, now: now() }),
        retention: deps.retention,
        logger,
        onPublished: (number) => logger.info({ release: number, job: run.job.id }, 'release published'),
      }),
    );
  }

  /** A due schedule: claimed (one instance runs it), judged by the gate, then started as a job. */
  async function runSchedule(schedule: StoredSchedule): Promise<void> {
    if ((await jobs.unfinished()) || jobs.busy()) {
      if (clock() - Date.parse(schedule.at) < SCHEDULE_GRACE_MS) return; // next sweep
      if (await schedules.claim(schedule.id))
        await schedules.settle(schedule.id, {
          status: 'failed',
          error: 'Another publish was running for an hour past the scheduled time.',
        });
      return;
    }
    if (!(await schedules.claim(schedule.id))) return;
    const ctx: ChangeContext = {
      actor: {
        userId: schedule.userId ?? 0,
        username: `${schedule.username} (scheduled)`,
        reach: FULL_REACH,
        limitKey: `user:${schedule.userId ?? 0}`,
      },
      ip: schedule.ip,
      now: now(),
    };
    try {
      const check = await drafts.fresh();
      if (check.findings.length > 0 && schedule.forcedReason === null) {
        await schedules.settle(schedule.id, { status: 'failed', error: refusal(check.findings) });
        return;
      }
      const job = await start(
        {
          notes: schedule.notes,
          force: schedule.forcedReason !== null,
          reason: schedule.forcedReason,
          share: schedule.share,
          scheduleId: schedule.id,
        },
        ctx,
      );
      await schedules.settle(schedule.id, { jobId: job.id });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // Another instance's publish started meanwhile: try again at the next sweep.
      if ((error as { status?: number }).status === 409)
        await schedules.settle(schedule.id, { status: 'pending' });
      else await schedules.settle(schedule.id, { status: 'failed', error: message.slice(0, 500) });
    }
  }

  async function sweep(): Promise<void> {
    for (const schedule of await schedules.due(now())) await runSchedule(schedule);
  }

  return {
    drafts,
    schedules,
    // A release holds every language: whoever may read releases sees every publish job.
    get: (id: number) => jobs.get(id, FULL_REACH),
    recent: () => jobs.recent(FULL_REACH),

    /** Starts a publish job (the caller has checked the draft and the actor's permissions). */
    start(body: PublishRequest, ctx: ChangeContext) {
      return start(
        {
          notes: body.notes,
          force: body.force === true,
          reason: body.force ? (body.reason ?? null) : null,
          share: body.share ?? 100,
          scheduleId: null,
        },
        ctx,
      );
    },

    /** Scheduled publishes that are due, now (tests, and the sweep). */
    sweep: () => (sweeping ??= sweep().finally(() => (sweeping = null))),

    async watch(): Promise<void> {
      await jobs.watch();
      sweeper = setInterval(() => {
        void (sweeping ??= sweep()
          .catch((error: unknown) =>
            logger.warn({ err: error }, 'scheduled publishes: sweep failed; retried'),
          )
          .finally(() => (sweeping = null)));
      }, SCHEDULE_SWEEP_MS);
      sweeper.unref();
    },

    async close(): Promise<void> {
      clearInterval(sweeper);
      await sweeping?.catch(() => undefined);
      await jobs.close();
      await threads.close();
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;
