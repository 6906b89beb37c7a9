import * as z from 'zod';

/** Most ids one bulk edit may name (a `where` has no limit: it is read a chunk at a time). */
export const MAX_EDIT_IDS = 100_000;
/** Changed rows an answer shows in full, as the plan's sample. */
export const EDIT_SAMPLE_SIZE = 10;
/** Refused rows an answer lists one by one (the count holds them all). */
export const MAX_LISTED_REFUSALS = 1000;

const filterValue = z.union([z.string(), z.number(), z.boolean()]);

/**
 * Which rows a bulk edit touches: `ids`, or `where` — the list's own filters, as the search takes
 * them (text contains, ids and numbers equal), so a list shows exactly what the edit will touch.
 * An empty `where` means every row and needs `allRows: true`.
 */
const targets = {
  ids: z
    .array(z.int().positive(), { error: 'must be a list of ids' })
    .min(1, { error: 'must hold at least one id' })
    .max(MAX_EDIT_IDS, { error: `must hold at most ${MAX_EDIT_IDS} ids` })
    .optional(),
  where: z.record(z.string(), filterValue, { error: 'must map filters to values' }).optional(),
  allRows: z.boolean({ error: 'must be true or false' }).optional(),
  dryRun: z.boolean({ error: 'must be true or false' }).optional(),
};

/** `POST {resource}/cms/bulk-update`: set the same fields on every target row. */
export const bulkUpdateRequestSchema = z.strictObject({
  ...targets,
  set: z.record(z.string(), z.unknown(), { error: 'must map fields to values' }),
});

/** `POST {resource}/cms/bulk-delete`: delete every target row. */
export const bulkDeleteRequestSchema = z.strictObject(targets);

export const editedRowSchema = z
  .object({
    id: z.int(),
    changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  })
  .meta({ title: 'EditedRow' });

export const bulkEditResponseSchema = z
  .object({
    dryRun: z.boolean(),
    matched: z.int().meta({ description: 'Rows the ids or the filters name.' }),
    changed: z.int().meta({ description: 'Rows updated or deleted (or that would be, in a dry run).' }),
    unchanged: z.int().meta({ description: 'Rows that already held the values.' }),
    refused: z.int(),
    refusals: z.array(z.object({ id: z.int(), reason: z.string() })).meta({
      description: `Each refused row and why (the first ${MAX_LISTED_REFUSALS}).`,
    }),
    sample: z.array(editedRowSchema).meta({ description: 'The first changed rows, field by field.' }),
  })
  .meta({ title: 'BulkEditResponse' });

export type BulkUpdateRequest = z.infer<typeof bulkUpdateRequestSchema>;
export type BulkDeleteRequest = z.infer<typeof bulkDeleteRequestSchema>;
export type BulkEditResponse = z.infer<typeof bulkEditResponseSchema>;

/** An answer with nothing counted yet, to add chunks' answers to. */
export function emptyEditResponse(dryRun: boolean): BulkEditResponse {
  return { dryRun, matched: 0, changed: 0, unchanged: 0, refused: 0, refusals: [], sample: [] };
}
