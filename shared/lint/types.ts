/** The content `lint` looks at, as the API lists it (one language, or all). */
export interface LintContent {
  languages: Array<{ id: number; isActive: boolean; language: string }>;
  stages: Array<{ id: number; isActive: boolean; number: number; letterCount: number }>;
  levels: Array<{
    id: number;
    isActive: boolean;
    number: number;
    languageId: number;
    stageId: number;
    checkCondition: string;
    /** Which letter of a letter group is the required one (shared/solvability.ts); 0: not fixed. */
    requiredLetterPosition?: number;
  }>;
  letterGroups: Array<{
    id: number;
    isActive: boolean;
    letters: string;
    languageId: number;
    stageId: number;
  }>;
  /** Letter-group-level links of the levels and letter groups above. */
  letterGroupLevels: Array<{ id: number; letterGroupId: number; levelId: number }>;
  /** Word ids linked to each letter group above. */
  wordsOfGroup: Map<number, number[]>;
  /** `flags`: the word's open dictionary findings (issue 46; absent or null: none). */
  words: Array<{ id: number; isActive: boolean; letters: string; languageId: number; flags?: string | null }>;
}

export type ProblemKind =
  | 'unsatisfiable-level'
  | 'condition-not-understood'
  | 'empty-letter-group'
  | 'level-without-letter-groups'
  | 'inactive-reference'
  | 'duplicate-word'
  | 'duplicate-key'
  | 'letter-count-mismatch'
  | 'flagged-words'
  | 'flagged-only-level';

export interface Problem {
  kind: ProblemKind;
  /** The row the problem is about: `level 12`, `letter-group 3`, `word 40`. */
  entity: 'level' | 'letter-group' | 'word' | 'stage' | 'language';
  id: number;
  message: string;
}

/** What the checks need to know of the words linked to one letter group. */
export interface GroupWords {
  /** The linked words that are active (the ones a player can build; solvability keeps the level's language). */
  activeWords: Array<{ letters: string; languageId: number; flagged?: boolean }>;
  /** Ids of the linked words that are inactive. */
  inactiveIds: number[];
}

/**
 * The checks' input: LintContent with each letter group's words already summed up, so a caller
 * that cannot hold every word (the server over 500,000 words) hands over only what is needed.
 * `words` need only hold the words that might be duplicates (all of them is fine too).
 */
export interface LintInput extends Omit<LintContent, 'wordsOfGroup'> {
  groupWords: Map<number, GroupWords>;
  /** Active words with an open dictionary finding, per language and stored `flags` (issue 46). */
  flaggedWords?: FlaggedCount[];
}

export interface FlaggedCount {
  languageId: number;
  /** As stored: `unknown`, `proper-noun offensive`, … */
  flags: string;
  count: number;
}

/** Adds one problem (the checks' shared helper). */
export type AddProblem = (kind: ProblemKind, entity: Problem['entity'], id: number, message: string) => void;
