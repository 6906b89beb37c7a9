import {
  CHANGE_SET_COMMAND_HEADER,
  CHANGE_SET_HEADER,
  CHANGE_SET_RECORDED_HEADER,
  MAX_COMMAND_LENGTH,
} from '#shared/change-sets.ts';
import { body, error, extensionOp, json, ref, type Json, PAGING } from './fragments.ts';

const TAG = 'Change Sets';
const ID = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const op = (operationId: string, spec: Json) => extensionOp(operationId, TAG, spec);

/** How a client groups its writes: told once, on the tag. */
export const changeSetTag = {
  name: TAG,
  description:
    `A client groups the writes of one run by sending \`${CHANGE_SET_HEADER}: <uuid>\` and ` +
    `\`${CHANGE_SET_COMMAND_HEADER}: <the command line, percent-encoded, at most ${MAX_COMMAND_LENGTH} characters>\` ` +
    'with every write. The first write that changes something creates the change set (who, when, command); ' +
    `every audit entry points to it; each answer says in \`${CHANGE_SET_RECORDED_HEADER}\` how many entries it added. ` +
    'A malformed header is a 400; without the header nothing is grouped.',
};

const searchOp = op('searchChangeSets', {
  summary: 'List change sets',
  description:
    'A page of change sets, newest first; `username` keeps one account’s. An administrator sees every account’s; any other account (or token) its own account’s only.',
  parameters: [...PAGING, { name: 'username', in: 'query', schema: { type: 'string' } }],
  responses: {
    200: json(ref('ChangeSetPage'), 'The page.'),
    400: json(ref('ValidationError'), 'Unknown parameter or malformed value.'),
  },
});

/** The paths of `change-sets/cms/…`. */
export const changeSetPaths: Record<string, Json> = {
  '/change-sets/cms/search/': { get: searchOp },
  '/change-sets/cms/search': { get: { ...searchOp, operationId: 'searchChangeSetsNoSlash' } },
  '/change-sets/cms/{id}': {
    get: op('getChangeSet', {
      summary: 'Read a change set',
      description: 'Who, when, the command line, counts, and whether it was undone.',
      parameters: [ID],
      responses: {
        200: json(ref('ChangeSet'), 'The change set.'),
        400: error('The id is not a uuid.'),
        404: error('No such change set, or another account’s (for anyone but an administrator).'),
      },
    }),
  },
  '/change-sets/cms/{id}/entries': {
    get: op('getChangeSetEntries', {
      summary: 'The rows a change set changed',
      description:
        'Its audit entries in the order written, each with its field diffs; for an account limited to some languages, those about its languages’ rows only.',
      parameters: [ID, ...PAGING],
      responses: {
        200: json(ref('ChangeSetEntryPage'), 'The page.'),
        400: json(ref('ValidationError'), 'The id is not a uuid, or a malformed page.'),
        404: error('No such change set.'),
      },
    }),
  },
  '/change-sets/cms/{id}/undo': {
    post: op('undoChangeSet', {
      summary: 'Undo a change set',
      description:
        'Restores every row it touched to its values from before, a chunk per transaction: deleted rows are inserted again with their ids, created rows deleted. A row changed since is refused, naming it, unless `force`; `dryRun` answers the plan and writes nothing. The undo is itself a change set (the one of the request’s header, else a new one); once every row is restored the change set is marked undone and a second undo is a 409.',
      parameters: [ID],
      requestBody: body(ref('UndoRequest')),
      responses: {
        200: json(
          ref('UndoResponse'),
          'Counts, each refused row with its reason, and a sample of the changes.',
        ),
        400: json(ref('ValidationError'), 'The id is not a uuid, an invalid body or header.'),
        404: error('No such change set.'),
        409: error('Already undone.'),
        413: error('Body too large.'),
        415: error('Content-Type is not application/json.'),
      },
    }),
  },
};
