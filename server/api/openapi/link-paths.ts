import { MAX_APPLY_IDS, RECENT_JOBS } from '#shared/links/api.ts';

import { BAD_ID, body, error, extensionOp, json, ref, type Json } from './fragments.ts';

const TAG = 'Link Builder';
const LIMITED = {
  429: error('Too many link builder requests of this admin; Retry-After says when to retry.'),
};
const ID = (what: string) => ({
  name: 'id',
  in: 'path',
  required: true,
  description: `The ${what} id.`,
  schema: { type: 'integer', minimum: 1 },
});
const op = (operationId: string, spec: Json) => extensionOp(operationId, TAG, spec);

export const linkBuilderTag = {
  name: TAG,
  description:
    'The words a letter group builds from the dictionary (the rules of `argus-words links build`), as links to add and remove; applied through the bulk upsert and bulk delete of letter-group-words, each batch one change set (undo).',
};

/** The paths of the link builder, under `letter-groups/cms`. */
export const linkBuilderPaths: Record<string, Json> = {
  '/letter-groups/cms/{id}/link-plan': {
    get: op('getLinkPlan', {
      summary: 'Plan a letter group’s links',
      description:
        'The active words of the group’s language a player can build from its letters (each letter as often as the group has it, or any number of times with `reuseLetters`), against its current links: the words to link and the links to remove.',
      parameters: [ID('letter group'), { name: 'reuseLetters', in: 'query', schema: { type: 'boolean' } }],
      responses: {
        200: json(ref('LinkPlan'), 'The plan.'),
        400: error('A malformed id or query.'),
        404: error('No such letter group.'),
        ...LIMITED,
      },
    }),
    post: op('applyLinkPlan', {
      summary: 'Apply a selection of the plan',
      description: `Links the words given in \`add\` and removes the links given in \`remove\` (at most ${MAX_APPLY_IDS} each), in one change set: the upsert a transaction per 1000 rows, every row audited. A word the group cannot build or a link the plan does not remove is a 400 (reload the plan). The request's X-Change-Set, if any, is joined.`,
      parameters: [ID('letter group')],
      requestBody: body(ref('ApplyLinksRequest')),
      responses: {
        200: json(ref('ApplyLinksResponse'), 'Counts and each row refused with its reason.'),
        400: json(ref('ValidationError'), 'A malformed id or body, or a selection outside the plan.'),
        404: error('No such letter group.'),
        409: error('The change set named belongs to another admin or was undone.'),
        413: error('Body too large.'),
        415: error('Content-Type is not application/json.'),
        ...LIMITED,
      },
    }),
  },
  '/letter-groups/cms/link-jobs': {
    get: op('listLinkJobs', {
      summary: 'Recent link jobs',
      description: `The last ${RECENT_JOBS} link jobs the caller may see, newest first, with their progress: those whose languages (\`languages\`) are all within its own.`,
      responses: { 200: json(ref('LinkJobList'), 'The jobs.') },
    }),
    post: op('startLinkJob', {
      summary: 'Link every letter group of a filtered list',
      description:
        'Starts a background job over the letter groups the list’s filters name (`where`, as the search takes them; inactive groups are skipped): each group’s plan is applied (`prune` also removes the links that do not qualify), a chunk of groups at a time, its progress kept in the database. One job at a time; a job under way when the server stops is shown as interrupted.',
      requestBody: body(ref('LinkJobRequest')),
      responses: {
        202: json(ref('LinkJob'), 'The job, queued; Location names it.'),
        400: json(ref('ValidationError'), 'A malformed body or filter.'),
        409: error('Another link job is still running (named only to whoever may see it).'),
        413: error('Body too large.'),
        415: error('Content-Type is not application/json.'),
        ...LIMITED,
      },
    }),
  },
  '/letter-groups/cms/link-jobs/{id}': {
    get: op('getLinkJob', {
      summary: 'A link job’s progress and result',
      description:
        'Status (queued, running, done, failed, interrupted), letter groups done of total, the counts so far and the error.',
      parameters: [ID('link job')],
      responses: {
        200: json(ref('LinkJob'), 'The job.'),
        ...BAD_ID,
        404: error('No such link job, or one of languages outside the caller’s.'),
      },
    }),
  },
};
