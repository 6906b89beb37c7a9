import type { DifficultyFindings } from './difficulty.ts';
import type { ProblemKind } from './lint/types.ts';
import { PANEL_PATH } from './panel-paths.ts';

/**
 * The content health report (`GET health/cms`, an extension of the content API): what the panel's
 * home shows above the SPEC cards. Types only, plus the panel address of a finding's list.
 */
export interface HealthReport {
  generatedAt: string;
  counts: HealthCounts;
  /** Null while the first computation is still running (large data sets). */
  findings: HealthFindings | null;
  /**
   * Levels players find much harder or easier than their neighbours, or stop at (shared/difficulty.ts),
   * across every stage; null while the first computation runs. Absent from an external API that
   * does not compute them.
   */
  difficulty?: DifficultyFindings | null;
  /** The latest audit entries, newest first. */
  activity: HealthActivity[];
  /** Audited writes per UTC day, the last 30 days, oldest first (every day present). */
  editsPerDay: Array<{ day: string; edits: number }>;
}

export interface HealthCounts {
  /** Rows per content resource (`levels`, `letter-groups`, …). */
  tables: Record<string, number>;
  /** Active and inactive levels and letter groups per language and stage. */
  byLanguageStage: Array<{
    languageId: number;
    language: string;
    stageId: number;
    stageNumber: number;
    levels: number;
    letterGroups: number;
  }>;
  wordsByLanguage: Array<{ languageId: number; language: string; words: number }>;
}

export interface HealthFindings {
  /** When the findings were computed; `stale` when content changed since and a new run is under way. */
  computedAt: string;
  stale: boolean;
  kinds: HealthFindingKind[];
}

/**
 * The panel screen that shows a row: an entity's list screen and the filters that narrow it to the
 * row, or (`id`) the row's own form, where the list cannot narrow to it.
 */
export interface FindingList {
  entity: string;
  filters: Record<string, string>;
  id?: number;
}

export interface HealthFindingKind {
  kind: ProblemKind;
  /** Rows with this problem (a row with the problem twice counts once). */
  count: number;
  /** The first few, each with the list that shows it. */
  samples: Array<{ entity: string; id: number; message: string; list: FindingList }>;
  /** The list that shows every row of this kind, when a list filter can (`level?solvable=no`). */
  all?: FindingList;
}

export interface HealthActivity {
  id: number;
  at: string;
  username: string;
  action: string;
  /** The audited resource (`letter-groups`) and row. */
  resource: string;
  entityId: number;
}

/** What each finding kind means, as the dashboard names it. */
export const FINDING_LABELS: Record<ProblemKind, string> = {
  'unsatisfiable-level': 'Unsolvable levels',
  'condition-not-understood': 'Check conditions not understood',
  'empty-letter-group': 'Letter groups without words',
  'level-without-letter-groups': 'Orphan levels (no letter groups)',
  'inactive-reference': 'References to inactive rows',
  'duplicate-word': 'Duplicate words',
  'duplicate-key': 'Duplicate stages, languages or letter groups',
  'letter-count-mismatch': 'Letter groups whose length differs from their stage',
  'flagged-words': 'Words flagged by the dictionary',
  'flagged-only-level': 'Levels only solvable with flagged words',
};

/** The panel address of a finding's list: `/argusma-words-panel/letter-group?letters=ab&…`. */
export function findingListPath(list: FindingList): string {
  if (list.id !== undefined) return `${PANEL_PATH}/${list.entity}/update/${list.id}`;
  const query = new URLSearchParams(list.filters).toString();
  return `${PANEL_PATH}/${list.entity}${query ? `?${query}` : ''}`;
}

/** `letter-groups` → `letter-group`: the panel screen of an audited resource. */
export const screenOfResource = (resource: string): string => resource.replace(/s$/, '');
