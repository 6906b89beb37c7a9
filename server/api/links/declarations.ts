import * as z from 'zod';
import { letterGroupWord } from '#shared/entities/index.ts';
import {
  applyLinksRequestSchema,
  applyLinksResponseSchema,
  linkJobListSchema,
  linkJobRequestSchema,
  linkJobSchema,
  linkPlanSchema,
  MAX_APPLY_IDS,
  RECENT_JOBS,
} from '#shared/links/api.ts';
import { BODY_LIMIT, BULK_BODY_LIMIT } from '../http/json-body.ts';
import { declare, idParams, type OperationSpec } from '../http/operation.ts';
import { tooMany } from '../http/per-admin-limit.ts';
import { errorSchema, named } from '../openapi/components.ts';

/**
 * The link builder (an extension, rate-limited, audited: every link written or removed is an audit
 * entry of one change set): under `letter-groups/cms`, one group's plan and the apply of a
 * selection of it; link jobs over the letter-group list's filters, with their progress.
 */

export const LINK_BUILDER_TAG = {
  name: 'Link Builder',
  description:
    'The words a letter group builds from the dictionary (the rules of `argus-words links build`), as links to add and remove; applied through the bulk upsert and bulk delete of letter-group-words, each batch one change set (undo).',
};

/** Per admin: plans read the dictionary, jobs write for minutes. */
export const LINK_LIMITS = {
  plan: { keyPrefix: 'link-plan', points: 120, duration: 60, message: tooMany('link builder') },
  jobs: { keyPrefix: 'link-jobs', points: 20, duration: 15 * 60, message: tooMany('link builder') },
};

const common = {
  tag: LINK_BUILDER_TAG.name,
  caller: 'admin',
  changeSet: true,
} as const satisfies Partial<OperationSpec>;
const writes = { access: { entity: letterGroupWord, access: 'write' }, panel: 'write' } as const;
const job = named(linkJobSchema, 'LinkJob');
const noGroup = { description: 'No such letter group.', schema: errorSchema };

export const linkPlan = declare({
  ...common,
  panel: 'read',
  rateLimit: LINK_LIMITS.plan,
  method: 'get',
  path: '/letter-groups/cms/:id/link-plan',
  operationId: 'getLinkPlan',
  summary: 'Plan a letter group’s links',
  description:
    'The active words of the group’s language a player can build from its letters (each letter as often as the group has it, or any number of times with `reuseLetters`), against its current links: the words to link and the links to remove.',
  params: idParams('letter group id'),
  query: {
    schema: z.strictObject({
      reuseLetters: z
        .enum(['true', 'false'])
        .transform((v) => v === 'true')
        .pipe(z.boolean())
        .optional(),
    }),
  },
  responses: { 200: { description: 'The plan.', schema: named(linkPlanSchema, 'LinkPlan') }, 404: noGroup },
});

export const applyLinkPlan = declare({
  ...common,
  ...writes,
  rateLimit: LINK_LIMITS.plan,
  method: 'post',
  path: '/letter-groups/cms/:id/link-plan',
  operationId: 'applyLinkPlan',
  summary: 'Apply a selection of the plan',
  description: `Links the words given in \`add\` and removes the links given in \`remove\` (at most ${MAX_APPLY_IDS} each), in one change set: the upsert a transaction per 1000 rows, every row audited. A word the group cannot build or a link the plan does not remove is a 400 (reload the plan). The request's X-Change-Set, if any, is joined.`,
  params: idParams('letter group id'),
  body: {
    schema: named(applyLinksRequestSchema, 'ApplyLinksRequest'),
    limit: BULK_BODY_LIMIT,
    what: 'link selection',
  },
  responses: {
    200: {
      description: 'Counts and each row refused with its reason.',
      schema: named(applyLinksResponseSchema, 'ApplyLinksResponse'),
    },
    404: noGroup,
  },
});

export const listLinkJobs = declare({
  ...common,
  panel: 'read',
  method: 'get',
  path: '/letter-groups/cms/link-jobs',
  operationId: 'listLinkJobs',
  summary: 'Recent link jobs',
  description: `The last ${RECENT_JOBS} link jobs the caller may see, newest first, with their progress: those whose languages (\`languages\`) are all within its own.`,
  responses: { 200: { description: 'The jobs.', schema: named(linkJobListSchema, 'LinkJobList') } },
});

export const startLinkJob = declare({
  ...common,
  ...writes,
  rateLimit: LINK_LIMITS.jobs,
  method: 'post',
  path: '/letter-groups/cms/link-jobs',
  operationId: 'startLinkJob',
  summary: 'Link every letter group of a filtered list',
  description:
    'Starts a background job over the letter groups the list’s filters name (`where`, as the search takes them; inactive groups are skipped): each group’s plan is applied (`prune` also removes the links that do not qualify), a chunk of groups at a time, its progress kept in the database. One job at a time; a job under way when the server stops is shown as interrupted.',
  body: { schema: named(linkJobRequestSchema, 'LinkJobRequest'), limit: BODY_LIMIT, what: 'link job' },
  responses: {
    202: {
      description: 'The job, queued; Location names it.',
      schema: job,
      headers: { Location: { description: 'The job’s address.', schema: z.string() } },
    },
    409: {
      description: 'Another link job is still running (named only to whoever may see it).',
      schema: errorSchema,
    },
  },
});

export const getLinkJob = declare({
  ...common,
  panel: 'read',
  method: 'get',
  path: '/letter-groups/cms/link-jobs/:id',
  operationId: 'getLinkJob',
  summary: 'A link job’s progress and result',
  description:
    'Status (queued, running, done, failed, interrupted), letter groups done of total, the counts so far and the error.',
  params: idParams('link job id'),
  responses: {
    200: { description: 'The job.', schema: job },
    404: { description: 'No such link job, or one of languages outside the caller’s.', schema: errorSchema },
  },
});
