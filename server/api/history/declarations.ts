import * as z from 'zod';
import { AUDITED_RESOURCES } from '#shared/entities/audit-entry.ts';
import { restoreResponseSchema, revertResponseSchema, trashEntrySchema } from '#shared/history.ts';
import { declare, idParams, pagingQuery, type OperationSpec } from '../http/operation.ts';
import { errorSchema, named, pageOf } from '../openapi/components.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../resources/search-query.ts';

/**
 * History and undo (issue 13), extensions: `POST audit/cms/{id}/revert` puts back what one audit
 * entry changed; `GET trash/cms/search` lists the rows deleted in the last 30 days and
 * `POST trash/cms/{id}/restore` re-creates one with its id (administrators only: the trash holds
 * every language's rows). Each admin gets WRITES_PER_MINUTE reverts and restores.
 */

/** Reverts and restores per admin per minute: a runaway script is slowed, a person never. */
export const WRITES_PER_MINUTE = 120;

const limited = {
  keyPrefix: 'history',
  points: WRITES_PER_MINUTE,
  duration: 60,
  message: (seconds: number) => `Too many reverts and restores: try again in ${seconds} s`,
  by: 'username',
} as const satisfies OperationSpec['rateLimit'];

export const revertEntryOp = declare({
  method: 'post',
  path: '/audit/cms/:id/revert',
  operationId: 'revertAuditEntry',
  tag: 'Audit Entries',
  caller: 'admin',
  panel: 'write',
  changeSet: true,
  rateLimit: limited,
  summary: 'Revert one audit entry',
  description:
    'Puts back what the entry changed, through the same writes as any other (validated, audited, joining the request’s change set): an update’s fields get their earlier values, a deleted row is re-created with its id, a created row is deleted (into the trash). Refused with a 409 naming the cause, nothing written, when a field the entry wrote was changed since, a referenced row is gone, the natural key is taken or the row is still used. Takes no body.',
  params: idParams('audit entry id'),
  responses: {
    200: {
      description: 'What the revert did, field by field.',
      schema: named(revertResponseSchema, 'RevertResponse'),
    },
    404: { description: 'No such audit entry.', schema: errorSchema },
    409: {
      description: 'Changed since, a reference gone, the natural key taken, or still in use.',
      schema: errorSchema,
    },
  },
});

const trash = {
  tag: 'Trash',
  caller: 'administrator',
  administers: 'use the trash',
  changeSet: true,
} as const satisfies Partial<OperationSpec>;

export const searchTrash = declare({
  ...trash,
  method: 'get',
  path: '/trash/cms/search/',
  operationId: 'searchTrash',
  panel: 'read',
  summary: 'List the trash',
  description:
    'Rows hard-deleted in the last 30 days (single delete, bulk delete, the undo or revert of a create), newest first, each whole as it was. Older entries are forgotten (purged at start and hourly). Administrators only: the trash holds every language’s rows.',
  query: {
    schema: z.strictObject({
      ...pagingQuery(DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
      entity: z
        .enum(['', ...AUDITED_RESOURCES])
        .optional()
        .meta({ description: 'One table’s rows. Empty means all.' }),
    }),
  },
  responses: {
    200: {
      description: 'The page.',
      schema: pageOf(named(trashEntrySchema, 'TrashEntry'), 'TrashEntryPage'),
    },
  },
});

export const restoreOp = declare({
  ...trash,
  method: 'post',
  path: '/trash/cms/:id/restore',
  operationId: 'restoreFromTrash',
  panel: 'write',
  rateLimit: limited,
  summary: 'Restore a deleted row',
  description:
    'Re-creates the row with its id (audited as a create; it leaves the trash). Refused with a 409 when the id is in use again, its natural key is taken or a row it refers to is gone. Administrators only. Takes no body.',
  params: idParams('trash entry id'),
  responses: {
    200: { description: 'The row as re-created.', schema: named(restoreResponseSchema, 'RestoreResponse') },
    404: {
      description: 'No such trash entry: restored already, or forgotten 30 days after the delete.',
      schema: errorSchema,
    },
    409: {
      description: 'The id or the natural key is taken, or a referenced row is gone.',
      schema: errorSchema,
    },
  },
});
