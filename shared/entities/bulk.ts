import * as z from 'zod';

/** Most rows one bulk request may hold; they are written in one transaction. */
export const MAX_BULK_ROWS = 1000;

/**
 * Body of `POST {resource}/cms/bulk` (an extension of the contract, for the CLI): each row is a
 * create body (both naming variants accepted). A row whose natural key exists updates that row with
 * the fields it gives; otherwise it is created. With `dryRun` the same results are computed and
 * nothing is written.
 */
export function bulkRequestOf<R extends z.ZodType>(row: R) {
  return z.strictObject({
    rows: z
      .array(row, { error: 'must be a list of objects' })
      .min(1, { error: 'must hold at least one row' })
      .max(MAX_BULK_ROWS, { error: `must hold at most ${MAX_BULK_ROWS} rows per request` }),
    dryRun: z.boolean({ error: 'must be true or false' }).optional(),
  });
}

/** The envelope as the server reads it first; each row is then validated on its own (a bad row is rejected, not the request). */
export const bulkRequestSchema = bulkRequestOf(z.unknown());

export const bulkRowResultSchema = z
  .object({
    index: z.int().meta({ description: 'Position of the row in the request, from 0.' }),
    status: z.enum(['created', 'updated', 'unchanged', 'rejected']),
    id: z.int().optional().meta({ description: 'The row written or matched (absent when rejected).' }),
    reason: z.string().optional().meta({ description: 'Why the row was rejected.' }),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ title: 'BulkRowResult' });

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
