import type { LinkJob, LinkJobRequest } from '#shared/links/api.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import type { ChangeContext } from '../audit/record.ts';
import { conflict } from '../http/errors.ts';
import type { Store } from '../resources/store.ts';
import { jobFilters, runLinkJob } from './job-runner.ts';
import { jobsStore } from './jobs-store.ts';

/**
 * The link jobs of this process: one at a time (a second start while one is under way is a 409
 * naming it), run in the background after the answer; `close()` asks the running one to stop
 * between chunks and waits for it, so a shutdown marks it interrupted rather than cutting a write.
 */
export function createLinkJobs(deps: {
  database: DatabaseHandle;
  store: Store;
  clock: () => number;
  logger: Logger;
}) {
  const jobs = jobsStore(deps.database);
  let running: Promise<void> | null = null;
  let stopping = false;
  let claimed = false;
  const now = () => new Date(deps.clock()).toISOString();

  return {
    get: (id: number) => jobs.get(id),
    recent: () => jobs.recent(),

    async start(params: LinkJobRequest, ctx: ChangeContext): Promise<LinkJob> {
      jobFilters(params.where); // a bad filter is a 400 now, not a failed job later
      // Claimed before the first await, so two starts at once cannot both pass the check.
      if (running || claimed)
        throw conflict('A link job is still running: wait for it to finish before starting another.');
      claimed = true;
      let job: LinkJob;
      try {
        const under = await jobs.unfinished();
        if (under) {
          throw conflict(
            `Link job ${under.id} is still running: wait for it to finish before starting another.`,
          );
        }
        job = await jobs.create(params, ctx, ctx.changeSet!.id);
      } finally {
        claimed = false;
      }
      const jobCtx = (): ChangeContext => ({ ...ctx, now: now() });
      running = runLinkJob({
        database: deps.database,
        store: deps.store,
        jobs,
        job,
        ctx: jobCtx,
        stopping: () => stopping,
      })
        .catch((error: unknown) =>
          deps.logger.error({ err: error, job: job.id }, 'link job could not record its end'),
        )
        .finally(() => {
          running = null;
        });
      return job;
    },

    /** At start-up, before serving: jobs left under way by a previous process are interrupted. */
    async interruptUnfinished(): Promise<void> {
      const count = await jobs.interruptUnfinished(now());
      if (count > 0)
        deps.logger.warn({ count }, 'link jobs left running by the previous process marked interrupted');
    },

    async close(): Promise<void> {
      stopping = true;
      await running;
    },
  };
}
