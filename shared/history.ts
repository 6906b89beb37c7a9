import * as z from 'zod';

/**
 * History and undo (issue 13): reverting one audit entry, and the trash of hard-deleted rows. The
 * wire format of `audit/cms/{id}/revert` and `trash/cms/…`, shared by the server (validation,
 * OpenAPI), the panel and the CLI.
 */

/** Days a deleted row stays in the trash before the purge forgets it. */
export const TRASH_DAYS = 30;
export const TRASH_MS = TRASH_DAYS * 24 * 60 * 60 * 1000;

const diff = z
  .record(z.string(), z.object({ from: z.unknown(), to: z.unknown() }))
  .meta({ description: 'Each field written, its value before → after the revert or restore.' });

export const revertResponseSchema = z
  .object({
    reverted: z.int().meta({ description: 'The audit entry reverted.' }),
    entity: z.string(),
    entityId: z.int(),
    outcome: z
      .enum(['restored', 'recreated', 'deleted', 'unchanged'])
      .meta({ description: 'What the revert did to the row (unchanged: it already held those values).' }),
    changes: diff,
  })
  .meta({ title: 'RevertResponse' });

export const trashEntrySchema = z
  .object({
    id: z.int().meta({ description: 'The trash entry (not the row’s id).' }),
    entity: z.string().meta({ description: 'The resource, e.g. words.' }),
    entityId: z.int().meta({ description: 'The deleted row’s id, given back on restore.' }),
    row: z.record(z.string(), z.unknown()).meta({ description: 'The whole row as it was.' }),
    deletedAt: z.string(),
    deletedBy: z.string(),
    userId: z.int().nullable(),
    changeSetId: z.string().nullable(),
    expiresAt: z.string().meta({ description: 'When the purge forgets it (30 days after the delete).' }),
  })
  .meta({ title: 'TrashEntry' });

export const restoreResponseSchema = z
  .object({
    restored: z.int().meta({ description: 'The trash entry restored (now gone from the trash).' }),
    entity: z.string(),
    entityId: z.int(),
    record: z.record(z.string(), z.unknown()).meta({ description: 'The row as re-created.' }),
  })
  .meta({ title: 'RestoreResponse' });

export type RevertResponse = z.infer<typeof revertResponseSchema>;
export type TrashEntry = z.infer<typeof trashEntrySchema>;
export type RestoreResponse = z.infer<typeof restoreResponseSchema>;
