/**
 * Which alphabet (Unicode script) a letter belongs to. A language's words and letter groups are
 * written in one alphabet: a Cyrillic "а" in a Latin word looks identical on screen but never
 * matches the player's "a", so such a word is refused with a message naming both letters.
 * The SPEC gives languages no alphabet of their own; the alphabet of a word is its first letter's.
 */

/** Scripts that count as one alphabet: Japanese mixes kana and kanji, Korean may use hanja. */
const ALPHABETS: Array<[name: string, letter: RegExp]> = [
  ['Latin', /\p{Script=Latin}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Bengali', /\p{Script=Bengali}/u],
  ['Tamil', /\p{Script=Tamil}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Hangul', /[\p{Script=Hangul}\p{Script=Han}]/u],
  ['Japanese', /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u],
];

const known = new Map<string, string[]>();

/** The alphabets a letter can belong to (Han letters belong to both Japanese and Hangul); [] if none listed. */
function alphabetsOf(letter: string): string[] {
  // Imports check every letter of 100,000 words: each distinct letter is looked up once.
  let found = known.get(letter);
  if (!found) {
    found = ALPHABETS.filter(([, pattern]) => pattern.test(letter)).map(([name]) => name);
    if (known.size < 10_000) known.set(letter, found);
  }
  return found;
}

/**
 * The alphabets every listed letter of a word belongs to ("ひら漢" → Japanese), or null when it has
 * no letter of a listed script or mixes alphabets (refused by `mixedAlphabets` anyway).
 */
export function alphabetOf(letters: readonly string[]): string[] | null {
  let common: string[] | null = null;
  for (const letter of letters) {
    const own = alphabetsOf(letter);
    if (own.length === 0) continue;
    common = common === null ? own : common.filter((name) => own.includes(name));
  }
  return common && common.length > 0 ? common : null;
}

const codePoint = (char: string) =>
  `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Null when all letters share an alphabet, else why not: `"а" (U+0430) is Cyrillic but "c" is
 * Latin: use letters of one alphabet`. Letters of scripts not listed above are not compared.
 */
export function mixedAlphabets(letters: readonly string[]): string | null {
  let common: string[] | null = null;
  let first = '';
  for (const letter of letters) {
    const own = alphabetsOf(letter);
    if (own.length === 0) continue;
    if (common === null) {
      common = own;
      first = letter;
      continue;
    }
    const shared: string[] = common.filter((name) => own.includes(name));
    if (shared.length === 0) {
      return (
        `mixes alphabets: "${letter}" (${codePoint(letter)}) is ${own.join('/')} but "${first}" is ` +
        `${common.join('/')}; use the letters of one alphabet`
      );
    }
    common = shared;
  }
  return null;
}

/** Names of the invisible characters most often pasted by accident. */
const INVISIBLE_NAMES: Record<string, string> = {
  '\u00A0': 'a no-break space',
  '\u00AD': 'a soft hyphen',
  '\u200B': 'a zero-width space',
  '\u200C': 'a zero-width non-joiner',
  '\u200D': 'a zero-width joiner',
  '\u2060': 'a word joiner',
  '\uFEFF': 'a zero-width no-break space',
};

/** `"<" (U+003C)`, `a zero-width space (U+200B)`: a character named so invisible ones can be told apart. */
export function describeCharacter(char: string): string {
  const name = INVISIBLE_NAMES[char];
  if (name) return `${name} (${codePoint(char)})`;
  return /[\p{L}\p{N}\p{P}\p{S}]/u.test(char)
    ? `"${char}" (${codePoint(char)})`
    : `the character ${codePoint(char)}`;
}
