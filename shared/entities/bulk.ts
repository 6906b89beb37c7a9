import * as z from 'zod';
import { schemasOf } from './schemas.ts';
import type { AnyEntity } from './types.ts';

/** Most rows one bulk request may hold; they are written in one transaction. */
export const MAX_BULK_ROWS = 5000;

/**
 * Body of `POST {resource}/cms/bulk` (an extension of the contract, for the CLI's imports): each
 * row is a create body (both naming variants accepted). A row with an `id` updates that row with
 * the fields it gives; a row whose natural key exists updates that row; otherwise it is created.
 * A reference may name the row it points at by its fields instead of its id
 * (`"languageId": { "language": "English" }`). With `dryRun` the same results are computed and
 * nothing is written.
 */
export function bulkRequestOf<R extends z.ZodType>(row: R) {
  return z.strictObject({
    rows: z
      .array(row, { error: 'must be a list of objects' })
      .min(1, { error: 'must hold at least one row' })
      .max(MAX_BULK_ROWS, { error: `must hold at most ${MAX_BULK_ROWS} rows per request` }),
    dryRun: z.boolean({ error: 'must be true or false' }).optional(),
    changesOnly: z.boolean({ error: 'must be true or false' }).optional().meta({
      description:
        'Leave unchanged rows out of `results` (they are still counted): an import of a big file mostly unchanged.',
    }),
  });
}

/** The envelope as the server reads it first; each row is then validated on its own (a bad row is rejected, not the request). */
export const bulkRequestSchema = bulkRequestOf(z.unknown());

export const bulkRowResultSchema = z
  .object({
    index: z.int().meta({ description: 'Position of the row in the request, from 0.' }),
    status: z.enum(['created', 'updated', 'unchanged', 'rejected']),
    id: z.int().optional().meta({
      description: 'The row written or matched (absent when rejected, and for a row a dry run would create).',
    }),
    reason: z.string().optional().meta({ description: 'Why the row was rejected.' }),
    flags: z.string().optional().meta({
      description:
        "Words only: a created or updated word's open dictionary findings (`unknown`, `proper-noun`, `offensive`, space-separated) as stored, or as a dry run would store them; absent when it has none or its language has no dictionary.",
    }),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
    changes: z
      .record(z.string(), z.object({ from: z.unknown(), to: z.unknown() }))
      .optional()
      .meta({
        description: 'For an updated row: each field it changed (or would, in a dry run), old and new.',
      }),
  })
  .meta({ title: 'BulkRowResult' });

/**
 * A bulk row as documented: the fields of a create (all optional when `id` names the row), `id`,
 * and each reference either an id or an object of the referenced row's fields that identify it.
 */
export function bulkRowOf(entity: AnyEntity): z.ZodType {
  const shape: Record<string, z.ZodType> = {
    id: z
      .int()
      .positive()
      .optional()
      .meta({ description: 'The row to update (instead of a natural-key match).' }),
  };
  for (const [name, field] of Object.entries(entity.fields)) {
    if (field.kind !== 'fk') continue;
    shape[name] = z
      .union([z.int(), z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))])
      .optional()
      .meta({
        description: `An id, or fields naming one ${field.references ?? ''} row, e.g. its natural key.`,
      });
  }
  return (schemasOf(entity).update as z.ZodObject).extend(shape);
}

export const bulkResponseSchema = z
  .object({
    dryRun: z.boolean(),
    counts: z.object({ created: z.int(), updated: z.int(), unchanged: z.int(), rejected: z.int() }),
    results: z.array(bulkRowResultSchema),
  })
  .meta({ title: 'BulkResponse' });

export type BulkRequest = z.infer<typeof bulkRequestSchema>;
export type BulkRowResult = z.infer<typeof bulkRowResultSchema>;
export type BulkResponse = z.infer<typeof bulkResponseSchema>;
