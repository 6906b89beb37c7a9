import * as z from 'zod';
import {
  CHANGE_SET_COMMAND_HEADER,
  CHANGE_SET_HEADER,
  CHANGE_SET_RECORDED_HEADER,
  MAX_COMMAND_LENGTH,
  UUID_PATTERN,
  changeSetEntrySchema,
  changeSetSchema,
  undoRequestSchema,
  undoResponseSchema,
} from '#shared/change-sets.ts';
import { BODY_LIMIT } from '../http/json-body.ts';
import { declare, pagingQuery, type OperationSpec } from '../http/operation.ts';
import { errorSchema, named, pageOf } from '../openapi/components.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../resources/search-query.ts';

/**
 * Change sets (issue 13/15, an extension): the writes of one run grouped by `X-Change-Set`, listed
 * newest first, read with their entries as field diffs, and undone. Administrators see every
 * account's; other accounts their own.
 */

export const CHANGE_SETS_TAG = {
  name: 'Change Sets',
  description:
    `A client groups the writes of one run by sending \`${CHANGE_SET_HEADER}: <uuid>\` and ` +
    `\`${CHANGE_SET_COMMAND_HEADER}: <the command line, percent-encoded, at most ${MAX_COMMAND_LENGTH} characters>\` ` +
    'with every write. The first write that changes something creates the change set (who, when, command); ' +
    `every audit entry points to it; each answer says in \`${CHANGE_SET_RECORDED_HEADER}\` how many entries it added. ` +
    'A malformed header is a 400, another account’s change set (or an undone one) a 409 before anything is written; without the header nothing is grouped.',
};

const idParam = z.strictObject({
  id: z
    .string()
    .regex(UUID_PATTERN, { error: 'must be a uuid' })
    .transform((id) => id.toLowerCase())
    .meta({ format: 'uuid' }),
});
const paging = pagingQuery(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
const common = {
  tag: CHANGE_SETS_TAG.name,
  caller: 'admin',
  panel: 'read',
} as const satisfies Partial<OperationSpec>;
const record = named(changeSetSchema, 'ChangeSet');
const notFound = {
  description: 'No such change set, or another account’s (for anyone but an administrator).',
  schema: errorSchema,
};

export const searchChangeSets = declare({
  ...common,
  method: 'get',
  path: '/change-sets/cms/search/',
  operationId: 'searchChangeSets',
  summary: 'List change sets',
  description:
    'A page of change sets, newest first; `username` keeps those whose account or token name contains it, ignoring case (as the audit log’s filter). An administrator sees every account’s; any other account (or token) its own account’s only.',
  query: {
    schema: z.strictObject({
      ...paging,
      username: z
        .string()
        .max(200)
        .optional()
        .meta({ description: 'Contains, ignoring case. Empty means no filter.' }),
    }),
  },
  responses: { 200: { description: 'The page.', schema: pageOf(record, 'ChangeSetPage') } },
});

export const getChangeSet = declare({
  ...common,
  method: 'get',
  path: '/change-sets/cms/:id',
  operationId: 'getChangeSet',
  summary: 'Read a change set',
  description: 'Who, when, the command line, counts, and whether it was undone.',
  params: idParam,
  responses: { 200: { description: 'The change set.', schema: record }, 404: notFound },
});

export const changeSetEntries = declare({
  ...common,
  method: 'get',
  path: '/change-sets/cms/:id/entries',
  operationId: 'getChangeSetEntries',
  summary: 'The rows a change set changed',
  description:
    'Its audit entries in the order written, each with its field diffs; for an account limited to some languages, those about its languages’ rows only.',
  params: idParam,
  query: { schema: z.strictObject(paging) },
  responses: {
    200: {
      description: 'The page.',
      schema: pageOf(named(changeSetEntrySchema, 'ChangeSetEntry'), 'ChangeSetEntryPage'),
    },
    404: notFound,
  },
});

export const undoChangeSetOp = declare({
  ...common,
  panel: 'write',
  changeSet: true,
  method: 'post',
  path: '/change-sets/cms/:id/undo',
  operationId: 'undoChangeSet',
  summary: 'Undo a change set',
  description:
    'Restores every row it touched to its values from before, a chunk per transaction: deleted rows are inserted again with their ids, created rows deleted. A row changed since is refused, naming it, unless `force`; `dryRun` answers the plan and writes nothing. The undo is itself a change set (the one of the request’s header, else a new one); once every row is restored the change set is marked undone and a second undo is a 409.',
  params: idParam,
  body: { schema: named(undoRequestSchema, 'UndoRequest'), limit: BODY_LIMIT, what: 'undo request' },
  responses: {
    200: {
      description: 'Counts, each refused row with its reason, and a sample of the changes.',
      schema: named(undoResponseSchema, 'UndoResponse'),
    },
    404: notFound,
    409: {
      description: 'Already undone, or the change set of the header is another account’s.',
      schema: errorSchema,
    },
  },
});
