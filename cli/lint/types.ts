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
  words: Array<{ id: number; isActive: boolean; letters: string; languageId: number }>;
}

export type ProblemKind =
  | 'unsatisfiable-level'
  | 'condition-not-understood'
  | 'empty-letter-group'
  | 'level-without-letter-groups'
  | 'inactive-reference'
  | 'duplicate-word'
  | 'duplicate-key'
  | 'letter-count-mismatch';

export interface Problem {
  kind: ProblemKind;
  /** The row the problem is about: `level 12`, `letter-group 3`, `word 40`. */
  entity: 'level' | 'letter-group' | 'word' | 'stage' | 'language';
  id: number;
  message: string;
}
