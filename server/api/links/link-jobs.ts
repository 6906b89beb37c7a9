import type { LinkJob, LinkJobRequest, LinkJobResult } from '#shared/links/api.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import type { ChangeContext } from '../audit/record.ts';
import type { Reach } from '#shared/permissions.ts';
import { createLeasedJobs } from '../jobs/leased-jobs.ts';
import type { SearchFilter } from '../resources/search-query.ts';
import type { Store } from '../resources/store.ts';
import { jobFilters, runLinkJob } from './job-runner.ts';

export { JOB_TIMING } from '../jobs/leased-jobs.ts';

/** The kind of the link builder's jobs in the `jobs` table. */
export const LINK_JOB = 'link-build';

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
 * The link jobs of this process: leased jobs (../jobs/leased-jobs.ts) of kind `link-build`, one
 * at a time across every instance, each running the link builder over a filtered list of letter
 * groups (job-runner.ts). A job is seen only by accounts reaching all its languages.
 */
export function createLinkJobs(deps: {
  database: DatabaseHandle;
  store: Store;
  clock: () => number;
  logger: Logger;
}) {
  const jobs = createLeasedJobs<LinkJobRequest, LinkJobResult>({
    database: deps.database,
    clock: deps.clock,
    logger: deps.logger,
    kind: LINK_JOB,
    what: 'link job',
  });
  const now = () => new Date(deps.clock()).toISOString();
  return {
    get: (id: number, reach: Reach): Promise<LinkJob | null> => jobs.get(id, reach),
    recent: (reach: Reach): Promise<LinkJob[]> => jobs.recent(reach),

    async start(params: LinkJobRequest, ctx: ChangeContext): Promise<LinkJob> {
      const filters = jobFilters(params.where); // a bad filter is a 400 now, not a failed job later
      return jobs.start(
        params,
        ctx,
        ctx.changeSet!.id,
        (run) =>
          runLinkJob({
            database: deps.database,
            store: deps.store,
            jobs: { update: run.update },
            job: run.job,
            ctx: (): ChangeContext => ({ ...ctx, now: now() }),
            stopping: run.stopping,
          }),
        jobLanguages(ctx.actor.reach, filters),
      );
    },

    watch: () => jobs.watch(),
    close: () => jobs.close(),
  };
}
