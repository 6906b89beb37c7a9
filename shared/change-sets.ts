import * as z from 'zod';

/**
 * Change sets (issue 15 point 5): the writes of one CLI run grouped under an id the client sends
 * with each write, so the run can be listed, shown and undone as one unit. The wire format of the
 * `change-sets/cms/…` endpoints, shared by the server (validation, OpenAPI), the client and the CLI.
 */

export {
  CHANGE_SET_COMMAND_HEADER,
  CHANGE_SET_HEADER,
  CHANGE_SET_RECORDED_HEADER,
  MAX_COMMAND_LENGTH,
  UUID_PATTERN,
} from './change-set-wire.ts';

export const changeSetSchema = z
  .object({
    id: z.string().meta({ description: 'The uuid the client sent.' }),
    at: z.string().meta({ description: 'When its first write landed (ISO-8601).' }),
    lastAt: z.string().meta({ description: 'When its latest write landed.' }),
    userId: z.int().nullable(),
    username: z.string(),
    command: z.string().meta({ description: 'The command line that made it (never a password).' }),
    counts: z.object({ created: z.int(), updated: z.int(), deleted: z.int() }),
    undoes: z.string().nullable().meta({ description: 'The change set this one undid, if it is an undo.' }),
    undoneBy: z.string().nullable().meta({ description: 'The change set that undid this one.' }),
    undoneAt: z.string().nullable(),
  })
  .meta({ title: 'ChangeSet' });

export const changeSetEntrySchema = z
  .object({
    id: z.int().meta({ description: 'The audit entry.' }),
    at: z.string(),
    entity: z.string(),
    entityId: z.int(),
    action: z.enum(['create', 'update', 'delete']),
    changes: z
      .record(z.string(), z.object({ from: z.unknown(), to: z.unknown() }))
      .meta({ description: 'Each changed field, before → after (null before a create, after a delete).' }),
  })
  .meta({ title: 'ChangeSetEntry' });

export const undoRequestSchema = z.strictObject({
  dryRun: z.boolean({ error: 'must be true or false' }).optional(),
  force: z.boolean({ error: 'must be true or false' }).optional(),
});

export const undoResponseSchema = z
  .object({
    dryRun: z.boolean(),
    undone: z.string().meta({ description: 'The change set undone.' }),
    changeSet: z
      .string()
      .nullable()
      .meta({ description: 'The change set the undo itself made (null in a dry run).' }),
    complete: z.boolean().meta({ description: 'Every row restored: the change set is marked undone.' }),
    matched: z.int().meta({ description: 'Rows the change set touched.' }),
    changed: z.int().meta({ description: 'Rows restored (or that would be, in a dry run).' }),
    unchanged: z.int().meta({ description: 'Rows that already hold their values from before.' }),
    refused: z.int(),
    plan: z.object({ recreated: z.int(), restored: z.int(), deleted: z.int() }).meta({
      description:
        'The restored rows by kind: deleted rows created again, updated rows given their earlier values, created rows deleted.',
    }),
    refusals: z
      .array(z.object({ entity: z.string(), id: z.int(), reason: z.string() }))
      .meta({ description: 'Each refused row and why (the first 1000).' }),
    sample: z
      .array(
        z.object({
          entity: z.string(),
          id: z.int(),
          changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
        }),
      )
      .meta({ description: 'The first restored rows, field by field: now → restored.' }),
  })
  .meta({ title: 'UndoResponse' });

export type ChangeSet = z.infer<typeof changeSetSchema>;
export type ChangeSetEntry = z.infer<typeof changeSetEntrySchema>;
export type UndoRequest = z.infer<typeof undoRequestSchema>;
export type UndoResponse = z.infer<typeof undoResponseSchema>;
