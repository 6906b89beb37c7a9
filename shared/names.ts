import { describeCharacter } from './alphabets.ts';
import { isInvisible } from './entities/text-rules.ts';

/**
 * The rule for the names people are known by in the Team, the history and the CLI's output: panel
 * account usernames and API token names (issue 43). One rule for the API, the panel, the CLI and
 * the first start's ADMIN_USERNAME, so a name refused in one place is refused in all.
 *
 * - Normalised to Unicode NFKC: "ＡＤＭＩＮ" (full-width) is stored as "ADMIN", "ﬁ" as "fi".
 * - Refused, naming the character: control characters (Cc: ESC, newline, tab…), format characters
 *   (Cf: zero-width spaces, joiners, bidirectional marks), line and paragraph separators, and other
 *   invisible characters (Hangul fillers…). Inside a name they only make one name look like another
 *   or rewrite the terminal that prints it.
 * - The only space is the plain space (NFKC turns no-break and ideographic spaces into it), never
 *   at either end.
 * - Two names are the same name without regard to case ({@link nameKey}): `ADMIN` is `admin`.
 */
export type NameCheck = { ok: true; name: string } | { ok: false; reason: string };

/** Characters no name may hold (besides the invisible ones of text-rules.ts). */
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}]/u;

function forbiddenCharacter(name: string): string | null {
  for (const char of name) {
    if (char === ' ') continue;
    if (FORBIDDEN.test(char) || isInvisible(char)) return char;
  }
  return null;
}

function kindOf(char: string): string {
  if (/\p{Cc}/u.test(char)) return 'a control character';
  if (/[\p{Zl}\p{Zp}]/u.test(char)) return 'a line break';
  if (/\p{Co}/u.test(char)) return 'a private-use character';
  return 'an invisible character';
}

/** The stored form of a name, or why it cannot be one. `min`/`max` count characters (code points). */
export function cleanName(raw: string, limits: { min: number; max: number }): NameCheck {
  if (/\p{Cs}/u.test(raw))
    return { ok: false, reason: 'contains a broken character (an unpaired surrogate)' };
  const name = raw.normalize('NFKC');
  const bad = forbiddenCharacter(name);
  if (bad !== null) {
    // An invisible letter (a Hangul filler) is named by its code point alone, never shown in quotes.
    const named = describeCharacter(bad).replace(/^".*" \((U\+[0-9A-F]+)\)$/u, 'the character $1');
    return { ok: false, reason: `contains ${named}, ${kindOf(bad)}` };
  }
  if (name.trim() !== name) return { ok: false, reason: 'must not start or end with a space' };
  const length = [...name].length;
  if (length < limits.min || length > limits.max) {
    const reason =
      limits.min === 1
        ? `must be at most ${limits.max} characters`
        : `must be ${limits.min} to ${limits.max} characters`;
    return { ok: false, reason: length === 0 ? 'is required' : reason };
  }
  return { ok: true, name };
}

/**
 * What two names are compared by: NFKC, then case folded (upper then lower case, so "ß" and "SS",
 * "ς" and "Σ" fold alike). Two names with one key are one name.
 */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
}

export const sameName = (a: string, b: string): boolean => nameKey(a) === nameKey(b);

/** Panel account usernames: 3 to 200 characters. */
export const USERNAME_LIMITS = { min: 3, max: 200 } as const;
/** API token names: 1 to 100 characters. */
export const TOKEN_NAME_LIMITS = { min: 1, max: 100 } as const;
