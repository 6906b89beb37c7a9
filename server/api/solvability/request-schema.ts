import * as z from 'zod';
import { level } from '#shared/entities/index.ts';
import { MAX_SOLVABILITY_GROUPS } from '#shared/solvability-request.ts';

const positive = z.number().int().min(1).max(2_147_483_647);

/**
 * `POST levels/cms/solvability`: the fields the verdict depends on. `id` (a stored level) brings
 * its linked letter groups unless `letterGroupIds` names others; the level's other fields may be
 * sent along (the form's whole values) and are ignored.
 */
export const solvabilityRequestSchema = z.object({
  id: positive.nullable().optional(),
  languageId: positive,
  checkCondition: z.string().max(200).default(''),
  requiredLetterPosition: z.number().int().min(0).max(1000).default(0),
  letterGroupIds: z.array(positive).max(MAX_SOLVABILITY_GROUPS).optional(),
});

/** Keys a request may hold besides the schema's: the level's own fields, ignored. */
export const IGNORED_LEVEL_KEYS: ReadonlySet<string> = new Set(Object.keys(level.fields));

/** The request as sent: the schema's fields, and the level's other fields (the form's whole values), ignored. */
export const solvabilityRequest = solvabilityRequestSchema
  .extend(
    Object.fromEntries(
      [...IGNORED_LEVEL_KEYS]
        .filter((key) => !(key in solvabilityRequestSchema.shape))
        .map((key) => [key, z.unknown().optional().meta({ description: 'A level field: ignored.' })]),
    ),
  )
  .strict()
  .transform((value) => {
    const { id, languageId, checkCondition, requiredLetterPosition, letterGroupIds } =
      value as unknown as z.output<typeof solvabilityRequestSchema>;
    return { id, languageId, checkCondition, requiredLetterPosition, letterGroupIds };
  });
