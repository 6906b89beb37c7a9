import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import { snakeCase } from './rows.ts';

/** The one-character spellings of a character in either case, e.g. ñ → [ñ, Ñ]; ß stays [ß]. */
function caseVariants(char: string): string[] {
  return [...new Set([char, char.toLowerCase(), char.toUpperCase()])].filter((v) => [...v].length === 1);
}

function globPattern(value: string): string {
  const parts = [...value].map((char) => {
    const variants = caseVariants(char);
    if (variants.length > 1) return `[${variants.join('')}]`;
    return '*?['.includes(char) ? `[${char}]` : char;
  });
  return `*${parts.join('')}*`;
}

function regexPattern(value: string): string {
  return [...value]
    .map((char) => {
      const variants = caseVariants(char);
      if (variants.length > 1) return `[${variants.join('')}]`;
      // Every regex metacharacter is ASCII punctuation; escaping it makes it literal.
      return /[!-/:-@[-`{-~]/.test(char) ? `\\${char}` : char;
    })
    .join('');
}

/**
 * `field` equal to `value` ignoring case, alike on both dialects and for every alphabet (SQLite's
 * lower() folds ASCII only): GLOB with case classes, or an anchored regular expression.
 */
export function textEqualsIgnoringCase(dialect: Dialect, field: string, value: string): RawBuilder<boolean> {
  if (dialect === 'postgres') return sql<boolean>`${sql.ref(field)} ~ ${`^${regexPattern(value)}$`}`;
  return sql<boolean>`${sql.ref(field)} glob ${globPattern(value).slice(1, -1)}`;
}

/** Trigram indexes work on runs of three characters or more. */
const MIN_INDEXED_RUN = 3;

/**
 * The parts of `value` that a case-folding trigram index can look up: runs of characters whose
 * spellings all fold to one lower case. A character that folds ambiguously (Turkish ı, whose upper
 * case I lowers to i) splits the runs, so the index only ever narrows to a superset of the rows the
 * exact match accepts.
 */
export function indexableRuns(value: string): string[] {
  const runs: string[] = [];
  let run = '';
  for (const char of value) {
    const lower = char.toLowerCase();
    const stable = caseVariants(char).every((variant) => variant.toLowerCase() === lower);
    if (stable) run += char;
    else {
      runs.push(run);
      run = '';
    }
  }
  runs.push(run);
  return runs.filter((r) => [...r].length >= MIN_INDEXED_RUN);
}

/** An FTS5 query: every run as a phrase, within one column. */
function ftsQuery(column: string, runs: string[]): string {
  return runs.map((run) => `${column} : "${run.replaceAll('"', '""')}"`).join(' AND ');
}

/**
 * How to find the rows whose `field` contains `value`, ignoring case, with the same answer on both
 * dialects for every alphabet. SQLite's LIKE and lower() fold ASCII only, so each cased character
 * becomes a class of its two spellings (GLOB on SQLite, a regular expression on PostgreSQL): the
 * `check`. The database's trigram index finds the candidates first: on PostgreSQL pg_trgm serves
 * the regular expression itself; on SQLite `match` is the FTS5 query on the table's search index
 * (migration 0005). Without a run of three characters there is no trigram, and the check scans.
 */
export interface TextFilterPlan {
  /** FTS5 query on the table's search index (SQLite), or null. */
  match: string | null;
  /** The exact condition on the row, or null when the index answer is already exact. */
  check: RawBuilder<boolean> | null;
}

export function textFilterPlan(dialect: Dialect, field: string, value: string): TextFilterPlan {
  if (dialect === 'postgres')
    return { match: null, check: sql<boolean>`${sql.ref(field)} ~ ${regexPattern(value)}` };
  const check = sql<boolean>`${sql.ref(field)} glob ${globPattern(value)}`;
  const runs = indexableRuns(value);
  if (runs.length === 0) return { match: null, check };
  // FTS5 folds ASCII exactly as the GLOB classes do: a value that is one ASCII run needs no check.
  const exactInIndex = runs.length === 1 && runs[0] === value && /^[\x20-\x7e]+$/.test(value);
  return { match: ftsQuery(snakeCase(field), runs), check: exactInIndex ? null : check };
}

/**
 * "Contains" on a column with few distinct values (`fewValues`): the distinct values are read from
 * the column's index by a skip-scan (a recursive query seeking the next larger value, one index
 * seek per value), matched as {@link textFilterPlan}'s check would, and the rows found through the
 * same index. Bounded by the number of distinct values, whatever the table's size or the value's length.
 */
export function fewValuesCondition(
  dialect: Dialect,
  table: string,
  field: string,
  value: string,
): RawBuilder<boolean> {
  const column = sql.ref(field);
  const from = sql.table(table);
  const name = sql.ref('names.name');
  const matches =
    dialect === 'postgres' ? sql`${name} ~ ${regexPattern(value)}` : sql`${name} glob ${globPattern(value)}`;
  return sql<boolean>`${column} in (
    with recursive names(name) as (
      select min(${column}) from ${from}
      union all
      select (select min(${column}) from ${from} where ${column} > ${name}) from names where ${name} is not null
    )
    select ${name} from names where ${matches}
  )`;
}
