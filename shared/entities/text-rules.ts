import { describeCharacter } from '../alphabets.ts';

/**
 * How free text (a language name, a hint, a username) is taken from a person: what they would
 * expect to be tidied is tidied, anything else is refused with a reason, never silently dropped.
 *
 * - Normalised to NFC ("é" typed as e + ◌́ is stored as the one letter "é").
 * - Spaces and invisible format characters at either end are trimmed: a paste's stray zero-width
 *   space or line break is not part of a name.
 * - Text of invisible characters only (zero-width spaces, joiners, fillers) is refused, and so is
 *   a zero-width space, word joiner or BOM inside text.
 * - Control characters other than tab and line breaks are refused, as are broken characters
 *   (unpaired UTF-16 surrogates) that a database would store as "�".
 */
export type CleanText = { ok: true; text: string } | { ok: false; reason: string };

/** Invisible characters: format (Cf), separators (Z), controls, and the blank letters of Hangul and Braille. */
const INVISIBLE = /^[\s\p{Cf}\p{Z}\p{Cc}\u034F\u115F\u1160\u2800\u3164\uFFA0]$/u;
const EDGES = /^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu;
const CONTROL = /[^\P{Cc}\t\n\r]/u;
/** Invisible characters with no use inside text (joiners, used by some scripts and emoji, are allowed). */
const STRAY = /[\u200B\u2060\uFEFF]/u;
const INVISIBLE_ONLY = 'contains only invisible characters (such as zero-width spaces)';

export function isInvisible(char: string): boolean {
  return INVISIBLE.test(char);
}

export function cleanText(raw: string): CleanText {
  if (/\p{Cs}/u.test(raw)) {
    return { ok: false, reason: 'contains a broken character (an unpaired surrogate)' };
  }
  const normal = raw.normalize('NFC');
  const text = normal.replace(EDGES, '');
  if (text === '' && /\S/u.test(normal)) return { ok: false, reason: INVISIBLE_ONLY };
  // Inside a word these only make two spellings look alike ("Eng\u200Blish" beside "English").
  const stray = STRAY.exec(text)?.[0];
  if (stray !== undefined) {
    return { ok: false, reason: `contains ${describeCharacter(stray)}, an invisible character: remove it` };
  }
  const control = CONTROL.exec(text)?.[0];
  if (control !== undefined) {
    return { ok: false, reason: `contains ${describeCharacter(control)}, a control character` };
  }
  if (text !== '' && [...text].every(isInvisible)) {
    return { ok: false, reason: INVISIBLE_ONLY };
  }
  return { ok: true, text };
}

/** Length as a person counts it: characters (code points), not UTF-16 units. */
export const textLength = (text: string): number => [...text].length;
