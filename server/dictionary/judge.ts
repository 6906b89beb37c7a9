import { flagsText, type WordFlag } from '#shared/dictionary.ts';

/** What judging needs of a Hunspell dictionary (nspell's `correct`). */
export interface Speller {
  correct(word: string): boolean;
}

export interface Judge {
  speller: Speller;
  /** Offensive words, lower case, NFC. */
  offensive: ReadonlySet<string>;
  /** German and Luxembourgish capitalise every noun (see NOUNS_CAPITALISED). */
  nounsCapitalised: boolean;
}

/** "paris" → "Paris": the first letter (with its marks) upper-cased. */
function capitalised(word: string): string {
  const [first = '', ...rest] = Array.from(word);
  return first.toLocaleUpperCase() + rest.join('');
}

/**
 * A stored (lower-case) word's flags as the dictionary and the offensive list see it, as stored
 * (`flagsText`): '' when known. Known lower case: known. Known only capitalised or in capitals
 * ("Paris", "NASA"): a proper noun — except where every noun is capitalised, where it is known.
 */
export function judgeWord({ speller, offensive, nounsCapitalised }: Judge, word: string): string {
  const flags: WordFlag[] = [];
  if (!speller.correct(word)) {
    const upper = word.toLocaleUpperCase();
    const asName = speller.correct(capitalised(word)) || (upper !== word && speller.correct(upper));
    if (!asName) flags.push('unknown');
    else if (!nounsCapitalised) flags.push('proper-noun');
  }
  if (offensive.has(word)) flags.push('offensive');
  return flags.length === 0 ? '' : flagsText(flags);
}

/** The words of an offensive list's text: one per line, `#` comments; phrases (with spaces) left out. */
export function offensiveWordsOf(lines: Iterable<string>): string[] {
  const words: string[] = [];
  for (const line of lines) {
    const word = line.trim().normalize('NFC').toLowerCase();
    if (word === '' || word.startsWith('#') || /\s/.test(word)) continue;
    words.push(word);
  }
  return words;
}
