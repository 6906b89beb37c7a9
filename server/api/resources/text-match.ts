import { sql, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/database.ts';

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
 * `column` contains `value`, ignoring case, with the same answer on both dialects for every
 * alphabet: SQLite's LIKE and lower() fold ASCII only, so each cased character becomes a class of
 * its two spellings (GLOB on SQLite, a regular expression on PostgreSQL).
 */
export function containsIgnoringCase(dialect: Dialect, column: string, value: string): RawBuilder<boolean> {
  return dialect === 'sqlite'
    ? sql<boolean>`${sql.ref(column)} glob ${globPattern(value)}`
    : sql<boolean>`${sql.ref(column)} ~ ${regexPattern(value)}`;
}
