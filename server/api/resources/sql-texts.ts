import type { Dialect } from '../../db/database.ts';
import { snakeCase } from './rows.ts';

/** SQL texts kept: a shape per table, column set and row count in use (full chunks and a last one). */
const KEPT_TEXTS = 100;

/**
 * A builder of SQL texts for many rows at once (`(?, ?), (?, ?)…`), each text built once per shape
 * and kept, so the prepared statement is reused too: Kysely's compile of such a query cost as much
 * as SQLite's work on it (its node tree has a node per parameter, and every plugin walks it).
 */
export function keptTexts<A extends Array<string | number | boolean | readonly string[]>>(
  build: (...args: A) => string,
): (...args: A) => string {
  const texts = new Map<string, string>();
  return (...args) => {
    const key = args.map((arg) => (Array.isArray(arg) ? arg.join(',') : String(arg))).join('|');
    let text = texts.get(key);
    if (text === undefined) {
      text = build(...args);
      if (texts.size >= KEPT_TEXTS) texts.clear();
      texts.set(key, text);
    }
    return text;
  };
}

/** `(?, ?), (?, ?)` (SQLite) or `($1, $2), ($3, $4)` (PostgreSQL): `count` rows of `width` parameters. */
export function parameterRows(dialect: Dialect, width: number, count: number): string {
  let n = 0;
  const row = () =>
    `(${Array.from({ length: width }, () => (dialect === 'sqlite' ? '?' : `$${++n}`)).join(', ')})`;
  return Array.from({ length: count }, row).join(', ');
}

/** `"letter_group_id", "word_id"`. */
export const columnList = (names: readonly string[]) =>
  names.map((name) => `"${snakeCase(name)}"`).join(', ');
