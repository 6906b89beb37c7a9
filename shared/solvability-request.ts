import * as z from 'zod';
import { level } from './entities/level.ts';
import type { LevelSolvability, SolvabilityVerdict } from './solvability.ts';

/**
 * The solvability endpoints' requests and answers (content API, panel, OpenAPI): a level's values,
 * saved or not, and the verdicts of many stored levels at once (a list page).
 */

/** Letter groups a request may name; levels per batch (a list page at most). */
export const MAX_SOLVABILITY_GROUPS = 50;
export const MAX_SOLVABILITY_BATCH = 100;

/** `solvable` of the level search: yes = solvable, no = too few words or unsolvable. */
export const SOLVABLE_FILTER = 'solvable';
export const SOLVABLE_CHOICES = ['yes', 'no'] as const;

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

export type SolvabilityRequest = z.input<typeof solvabilityRequestSchema>;

/** Keys a request may hold besides the schema's: the level's own fields, ignored. */
export const IGNORED_LEVEL_KEYS: ReadonlySet<string> = new Set(Object.keys(level.fields));

export type SolvabilityAnswer = LevelSolvability;

/** One level of `GET levels/cms/solvability?ids=…`. */
export interface SolvabilitySummary {
  id: number;
  verdict: SolvabilityVerdict;
  reason: string;
  count: number;
  required: number;
}

export interface SolvabilityBatch {
  levels: SolvabilitySummary[];
  /** Ids asked for that are no level (deleted meanwhile). */
  missing: number[];
}
