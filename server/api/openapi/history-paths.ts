import { AUDITED_RESOURCES } from '#shared/entities/audit-entry.ts';
import { error, extensionOp as op, ID_PARAM as ID, json, PAGING, ref, type Json } from './fragments.ts';

const LIMITED = { 429: error('More than 120 reverts and restores in a minute by this admin. Retry-After.') };

const trashSearch = op('searchTrash', 'Trash', {
  summary: 'List the trash',
  description:
    'Rows hard-deleted in the last 30 days (single delete, bulk delete, the undo or revert of a create), newest first, each whole as it was. Older entries are forgotten (purged at start and hourly). Administrators only: the trash holds every language’s rows.',
  parameters: [
    ...PAGING,
    { name: 'entity', in: 'query', schema: { type: 'string', enum: [...AUDITED_RESOURCES] } },
  ],
  responses: {
    200: json(ref('TrashEntryPage'), 'The page.'),
    400: json(ref('ValidationError'), 'Unknown parameter or malformed value.'),
    403: error('The caller is no administrator.'),
  },
});

/** `audit/cms/{id}/revert` and `trash/cms/…` (issue 13). */
export const historyPaths: Record<string, Json> = {
  '/audit/cms/{id}/revert': {
    post: op('revertAuditEntry', 'Audit Entries', {
      summary: 'Revert one audit entry',
      description:
        'Puts back what the entry changed, through the same writes as any other (validated, audited, joining the request’s change set): an update’s fields get their earlier values, a deleted row is re-created with its id, a created row is deleted (into the trash). Refused with a 409 naming the cause, nothing written, when a field the entry wrote was changed since, a referenced row is gone, the natural key is taken or the row is still used.',
      parameters: [ID],
      responses: {
        200: json(ref('RevertResponse'), 'What the revert did, field by field.'),
        400: error('The id is not a positive whole number, or a malformed change-set header.'),
        404: error('No such audit entry.'),
        409: error('Changed since, a reference gone, the natural key taken, or still in use.'),
        ...LIMITED,
      },
    }),
  },
  '/trash/cms/search/': { get: trashSearch },
  '/trash/cms/search': { get: { ...trashSearch, operationId: 'searchTrashNoSlash' } },
  '/trash/cms/{id}/restore': {
    post: op('restoreFromTrash', 'Trash', {
      summary: 'Restore a deleted row',
      description:
        'Re-creates the row with its id (audited as a create; it leaves the trash). Refused with a 409 when the id is in use again, its natural key is taken or a row it refers to is gone. Administrators only.',
      parameters: [ID],
      responses: {
        200: json(ref('RestoreResponse'), 'The row as re-created.'),
        400: error('The id is not a positive whole number, or a malformed change-set header.'),
        403: error('The caller is no administrator.'),
        404: error('No such trash entry: restored already, or forgotten 30 days after the delete.'),
        409: error('The id or the natural key is taken, or a referenced row is gone.'),
        ...LIMITED,
      },
    }),
  },
};
