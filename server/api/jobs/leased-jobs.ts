import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import type { ChangeContext } from '../audit/record.ts';
import { reachesLanguages, type Reach } from '#shared/permissions.ts';
import { conflict } from '../http/errors.ts';
import { jobsStore, type Job, type JobProgress, type Lease } from './jobs-store.ts';

/**
 * How long a job counts as alive without its owner's word, and how often the owner renews that and
 * every instance looks for jobs whose owner has gone quiet. A job whose process died is shown
 * interrupted at most LEASE_MS + SWEEP_MS after its last renewal: 20 s. The owner renews twice
 * within a lease, so a slow renewal or a few seconds of clock difference between hosts never cost
 * a live job.
 */
export const JOB_TIMING = { LEASE_MS: 15_000, RENEW_MS: 5_000, SWEEP_MS: 5_000 };

/** What a job's work gets: its row's writer (false once the job is no longer this process's). */
export interface JobRun<P, R> {
  job: Job<P, R>;
  update(id: number, values: JobProgress<R>, now: string): Promise<boolean>;
  /** True once the server is stopping or the lease was lost: end between steps. */
  stopping(): boolean;
}

/**
 * The background jobs of one kind in this process (decisions 014 and 019). One at a time across
 * every instance (the jobs table holds at most one unfinished job per kind: a second start anywhere
 * is a 409 naming it), run after the answer, under a lease this process renews. Every instance
 * marks jobs of the kind whose lease ran out interrupted (at start-up and every few seconds),
 * never a job another live instance runs. `close()` asks the running job to stop between steps and
 * waits for it, so a shutdown marks it interrupted rather than cutting a write.
 */
export function createLeasedJobs<P, R>(deps: {
  database: DatabaseHandle;
  clock: () => number;
  logger: Logger;
  /** The `jobs.kind` (`link-build`, `release-publish`). */
  kind: string;
  /** How messages name one: `link job`, `publish job`. */
  what: string;
}) {
  const jobs = jobsStore<P, R>(deps.database, deps.kind);
  const What = `${deps.what[0]!.toUpperCase()}${deps.what.slice(1)}`;
  /** 409: one job at a time. It names the running job only to whoever may see it (within its languages). */
  const busy = (reach: Reach, job?: Job<P, R> | null) =>
    conflict(
      `${job && reachesLanguages(reach, job.languages) ? `${What} ${job.id}` : `A ${deps.what}`} is still running: wait for it to finish before starting another.`,
    );
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
        `${deps.what}s whose instance stopped renewing their lease marked interrupted`,
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
            `${deps.what} lease lost (another instance marked it interrupted); stopping it`,
          );
        },
        (error: unknown) =>
          deps.logger.warn({ err: error, job: id }, `${deps.what} lease renewal failed; retried`),
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
    async get(id: number, reach: Reach): Promise<Job<P, R> | null> {
      const job = await jobs.get(id);
      return job && reachesLanguages(reach, job.languages) ? job : null;
    },
    /** The newest jobs within `reach`: those of other languages are not listed. */
    recent: (reach: Reach) => jobs.recent((job) => reachesLanguages(reach, job.languages)),
    unfinished: () => jobs.unfinished(),

    /**
     * Starts `work` in the background as a new job, or refuses (409) while one of the kind is
     * unfinished anywhere. Resolves with the job as queued; `work` writes its progress and end.
     */
    async start(
      params: P,
      ctx: ChangeContext,
      changeSetId: string | null,
      work: (run: JobRun<P, R>) => Promise<void>,
      /** The languages the job may touch (null: every language), and so who may see it. */
      languages: readonly number[] | null = null,
    ): Promise<Job<P, R>> {
      const { reach } = ctx.actor;
      // Claimed before the first await, so two starts at once in this process cannot both pass.
      if (running || claimed) throw busy(reach);
      claimed = true;
      let job: Job<P, R> | null;
      try {
        // A dead instance's job must not hold the table until the next sweep.
        await interruptExpired();
        const under = await jobs.unfinished();
        if (under) throw busy(reach, under);
        job = await jobs.create(params, ctx, changeSetId, lease(), languages);
        // Another instance inserted its job between our read and our insert.
        if (!job) throw busy(reach, await jobs.unfinished());
      } finally {
        claimed = false;
      }
      const started = job;
      const endHeartbeat = heartbeat(started.id);
      lost = false;
      running = work({
        job: started,
        update: (id, values, at) => jobs.update(id, lease(), values, at),
        stopping: () => stopping || lost,
      })
        .catch((error: unknown) =>
          deps.logger.error({ err: error, job: started.id }, `${deps.what} could not record its end`),
        )
        .finally(() => {
          endHeartbeat();
          running = null;
        });
      return started;
    },

    /** Whether a job of the kind runs in this process now. */
    busy: () => running !== null || claimed,

    /**
     * At start-up, before serving, and then every few seconds: jobs whose owner stopped renewing
     * their lease (a process that died, here or on another host) are marked interrupted.
     */
    async watch(): Promise<void> {
      await interruptExpired();
      sweeper = setInterval(() => {
        interruptExpired().catch((error: unknown) =>
          deps.logger.warn({ err: error }, `looking for abandoned ${deps.what}s failed; retried`),
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

export type LeasedJobs<P, R> = ReturnType<typeof createLeasedJobs<P, R>>;
