/**
 * The constants of releases' wire formats (issue 45), apart from their zod schemas (api.ts): the
 * panel reads these without loading zod.
 */

/** Longest release notes and force reason. */
export const NOTES_MAX = 2000;
export const REASON_MAX = 500;
/** Rows a diff lists per table (each language's); the counts are always whole. */
export const DIFF_ROWS_PER_TABLE = 200;
/** Findings a refusal or a draft names (the count is always whole). */
export const FINDINGS_LISTED = 200;

export const DIFF_TABLES = [
  'stages',
  'levels',
  'letterGroups',
  'words',
  'levelLetterGroups',
  'letterGroupWords',
] as const;
export type DiffTable = (typeof DIFF_TABLES)[number];

/** How the panel and the CLI name each table of a diff. */
export const DIFF_TABLE_LABELS: Record<DiffTable, string> = {
  stages: 'Stages',
  levels: 'Levels',
  letterGroups: 'Letter groups',
  words: 'Words',
  levelLetterGroups: 'Letter group-level links',
  letterGroupWords: 'Letter group-word links',
};
