import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { LinkJob, LinkJobRequest } from '#shared/links/api.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import type { ChangeContext } from '../audit/record.ts';
import { conflict } from '../http/errors.ts';
import { reachesLanguages, type Reach } from '#shared/permissions.ts';
import type { SearchFilter } from '../resources/search-query.ts';
import type { Store } from '../resources/store.ts';
import { jobFilters, runLinkJob } from './job-runner.ts';
import { jobsStore, type Lease } from './jobs-store.ts';

/**
 * How long a job counts as alive without its owner's word, and how often the owner renews that and
 * every instance looks for jobs whose owner has gone quiet. A job whose process died is shown
 * interrupted at most LEASE_MS + SWEEP_MS after its last renewal: 20 s. The owner renews twice
 * within a lease, so a slow renewal or a few seconds of clock difference between hosts never cost
 * a live job.
 */
export const JOB_TIMING = { LEASE_MS: 15_000, RENEW_MS: 5_000, SWEEP_MS: 5_000 };

/** 409: one job at a time. It names the running job only to whoever may see it (within its languages). */
const busy = (reach: Reach, job?: LinkJob | null) =>
  conflict(
    `${job && reachesLanguages(reach, job.languages) ? `Link job ${job.id}` : 'A link job'} is still running: wait for it to finish before starting another.`,
  );

/**
 * The languages a job may touch: the one its languageId filter names (within the account's, checked
 * by the route), else the account's own (null: every language).
 */
export function jobLanguages(reach: Reach, filters: readonly SearchFilter[]): number[] | null {
  const named = filters.find((filter) => filter.field === 'languageId');
  if (named) return [Number(named.value)];
  return reach.languages;
}

/**
 * The link jobs of this process. One at a time across every instance (the jobs table holds at
 * most one unfinished job: a second start anywhere is a 409 naming it), run in the background
 * after the answer, under a lease this process renews. Every instance marks jobs whose lease ran
 * out interrupted (at start-up and every few seconds), never a job another live instance runs.
 * `close()` asks the running job to stop between chunks and waits for it, so a shutdown marks it
 * interrupted rather than cutting a write.
 */
export function createLinkJobs(deps: {
  database: DatabaseHandle;
  store: Store;
  clock: () => number;
  logger: Logger;
}) {
  const jobs = jobsStore(deps.database);
  // host/pid/tag: tells an operator where a job runs; the tag keeps two processes apart.
  const owner = `${hostname()}/${process.pid}/${randomBytes(3).toString('hex')}`;
  let running: Promise<void> | null = null;
  let stopping = false;
  let lost = false;
  let claimed = false;
  let sweeper: NodeJS.Timeout | undefined;
  const now = () => new Date(deps.clock()).toISOString();
  const lease = (): Lease => ({ owner, until: new Date(deps.clock() + JOB_TIMING.LEASE_MS).toISOString() });

  const interruptExpired = async () => {
    const ids = await jobs.interruptExpired(now());
    if (ids.length > 0)
      deps.logger.warn(
        { jobs: ids },
        'link jobs whose instance stopped renewing their lease marked interrupted',
      );
  };

  /** The owner's heartbeat while its job runs: a lease it can no longer renew stops the job. */
  const heartbeat = (id: number) => {
    let ended = false;
    const timer = setInterval(() => {
      jobs.renew(id, lease()).then(
        (held) => {
          // A renewal still on its way when the job ended finds it finished: not a lost lease.
          if (held || lost || ended) return;
          lost = true;
          deps.logger.warn(
            { job: id },
            'link job lease lost (another instance marked it interrupted); stopping it',
          );
        },
        (error: unknown) =>
          deps.logger.warn({ err: error, job: id }, 'link job lease renewal failed; retried'),
      );
    }, JOB_TIMING.RENEW_MS);
    timer.unref();
    return () => {
      ended = true;
      clearInterval(timer);
    };
  };

  return {
    /** A job, when `reach` reaches its languages (null otherwise, as for a job that does not exist). */
    async get(id: number, reach: Reach): Promise<LinkJob | null> {
      const job = await jobs.get(id);
      return job && reachesLanguages(reach, job.languages) ? job : null;
    },
    /** The newest jobs within `reach`: those of other languages are not listed. */
    recent: (reach: Reach) => jobs.recent((job) => reachesLanguages(reach, job.languages)),

    async start(params: LinkJobRequest, ctx: ChangeContext): Promise<LinkJob> {
      const filters = jobFilters(params.where); // a bad filter is a 400 now, not a failed job later
      const { reach } = ctx.actor;
      // Claimed before the first await, so two starts at once in this process cannot both pass.
      if (running || claimed) throw busy(reach);
      claimed = true;
      let job: LinkJob | null;
      try {
        // A dead instance's job must not hold the table until the next sweep.
        await interruptExpired();
        const under = await jobs.unfinished();
        if (under) throw busy(reach, under);
        job = await jobs.create(params, ctx, ctx.changeSet!.id, lease(), jobLanguages(reach, filters));
        // Another instance inserted its job between our read and our insert.
        if (!job) throw busy(reach, await jobs.unfinished());
      } finally {
        claimed = false;
      }
      const started = job;
      const jobCtx = (): ChangeContext => ({ ...ctx, now: now() });
      const endHeartbeat = heartbeat(started.id);
      lost = false;
      running = runLinkJob({
        database: deps.database,
        store: deps.store,
        jobs: { update: (id, values, at) => jobs.update(id, lease(), values, at) },
        job: started,
        ctx: jobCtx,
        stopping: () => stopping || lost,
      })
        .catch((error: unknown) =>
          deps.logger.error({ err: error, job: started.id }, 'link job could not record its end'),
        )
        .finally(() => {
          endHeartbeat();
          running = null;
        });
      return started;
    },

    /**
     * At start-up, before serving, and then every few seconds: jobs whose owner stopped renewing
     * their lease (a process that died, here or on another host) are marked interrupted.
     */
    async watch(): Promise<void> {
      await interruptExpired();
      sweeper = setInterval(() => {
        interruptExpired().catch((error: unknown) =>
          deps.logger.warn({ err: error }, 'looking for abandoned link jobs failed; retried'),
        );
      }, JOB_TIMING.SWEEP_MS);
      sweeper.unref();
    },

    async close(): Promise<void> {
      clearInterval(sweeper);
      stopping = true;
      await running;
    },
  };
}
