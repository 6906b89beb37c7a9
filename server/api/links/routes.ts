import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import { changeContextOf } from '../audit/change-context.ts';
import type { ChangeContext } from '../audit/record.ts';
import { notFound } from '../http/errors.ts';
import { json, type ApiContext } from '../http/call.ts';
import { implement, type ApiOperation } from '../http/operation.ts';
import type { Store } from '../resources/store.ts';
import { applyLinks, linkPlanAnswer } from './group-plan.ts';
import { createLinkJobs } from './link-jobs.ts';
import { jobFilters } from './job-runner.ts';
import { assertRowsWithinReach, listLanguages } from '../access/guard.ts';
import { letterGroup } from '#shared/entities/index.ts';
import { applyLinkPlan, getLinkJob, linkPlan, listLinkJobs, startLinkJob } from './declarations.ts';
import { looseDb } from '../resources/rows.ts';

/**
 * The link builder (an extension, admin-only, rate-limited, audited: every link written or removed
 * is an audit entry of one change set): under `letter-groups/cms`, one group's plan and the apply of
 * a selection of it; link jobs over the letter-group list's filters, with their progress.
 */
export function linkBuilderOperations(deps: {
  database: DatabaseHandle;
  store: Store;
  clock: () => number;
  logger: Logger;
}): { operations: ApiOperation[]; start(): Promise<void>; close(): Promise<void> } {
  const { database, store, clock } = deps;
  const jobs = createLinkJobs({ database, store, clock, logger: deps.logger });
  const context = (ctx: ApiContext, command: string): ChangeContext => ({
    ...changeContextOf(ctx, clock),
    changeSet: ctx.changeSet ?? { id: randomUUID(), command, recorded: 0 },
  });
  const db = looseDb(database);
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

  const operations = [
    // Jobs of other languages than the caller's are not listed, nor found by id (404).
    implement(listLinkJobs, async (ctx) => json({ content: await jobs.recent(ctx.actor!.reach) })),
    implement(startLinkJob, async (ctx) => {
      const body = ctx.input.body;
      // Limited to some languages: a filter naming another is refused; no filter, theirs only.
      await listLanguages(db, ctx.actor!, letterGroup, jobFilters(body.where));
      const job = await jobs.start(body, context(ctx, `panel: link builder job ${JSON.stringify(body)}`));
      return json(job, 202, { Location: `${ctx.prefix}/letter-groups/cms/link-jobs/${job.id}` });
    }),
    implement(getLinkJob, async (ctx) => {
      const { id } = ctx.input.params;
      const job = await jobs.get(id, ctx.actor!.reach);
      if (!job) throw notFound(`Link job ${id} not found`);
      return json(job);
    }),
    implement(linkPlan, async (ctx) => {
      const { id } = ctx.input.params;
      await ownGroup(ctx, id, 'read');
      return json(await linkPlanAnswer(database, id, ctx.input.query.reuseLetters ?? false));
    }),
    implement(applyLinkPlan, async (ctx) => {
      const { id } = ctx.input.params;
      await ownGroup(ctx, id, 'write');
      const change = context(ctx, `panel: link builder, letter group ${id}`);
      return json(await applyLinks(database, store, id, ctx.input.body, change));
    }),
  ];
  return { operations, start: () => jobs.watch(), close: () => jobs.close() };
}
