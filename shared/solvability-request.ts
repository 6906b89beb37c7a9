import type { LevelSolvability, SolvabilityVerdict } from './solvability.ts';

/**
 * The solvability endpoints' requests and answers (content API, panel, OpenAPI): a level's values,
 * saved or not, and the verdicts of many stored levels at once (a list page). Dependency-free: the
 * panel's list and form bundles import it.
 */

/** Letter groups a request may name; levels per batch (a list page at most). */
export const MAX_SOLVABILITY_GROUPS = 50;
export const MAX_SOLVABILITY_BATCH = 100;

/** `solvable` of the level search: yes = solvable, no = too few words or unsolvable. */
export const SOLVABLE_FILTER = 'solvable';
export const SOLVABLE_CHOICES = ['yes', 'no'] as const;

/** `POST levels/cms/solvability` (validated by server/api/solvability/request-schema.ts). */
export interface SolvabilityRequest {
  /** A stored level: its linked letter groups are used, unless `letterGroupIds` names others. */
  id?: number | null;
  languageId: number;
  checkCondition?: string;
  /** Which letter of a letter group is the required one, from 1; 0: not fixed. */
  requiredLetterPosition?: number;
  letterGroupIds?: number[];
}

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
