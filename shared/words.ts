/**
 * Word logic shared by the CLI (`words import`, `links build`, `lint`), the content API and the demo
 * seed: how a raw line becomes a stored word, and which words a player can build from a letter group.
 * Pure and dependency-free, so the browser bundle can use it too.
 *
 * A "letter" is one Unicode letter (`\p{L}`) plus any combining marks that follow it and that NFC could
 * not compose into it (e.g. Devanagari vowel signs). Letters are compared after NFC and lower casing,
 * so "é" and "e" are different letters, and "E" and "e" are the same.
 */

import { describeCharacter, mixedAlphabets } from './alphabets.ts';

export const MAX_WORD_LETTERS = 64;

export type NormalizedWord = { ok: true; word: string } | { ok: false; reason: string };

const LETTER = /\p{L}\p{M}*/gu;
const ONLY_LETTERS = /^(?:\p{L}\p{M}*)+$/u;
const PLAIN_WORD = new RegExp(`^[A-Za-z]{1,${MAX_WORD_LETTERS}}$`);

/** The letters of a word (see the module comment); characters that are not letters are ignored. */
export function splitLetters(text: string): string[] {
  return text.match(LETTER) ?? [];
}

/** Number of letters in an already normalised word. */
export function letterCount(word: string): number {
  return splitLetters(word).length;
}

/**
 * Turns one raw input line into a word: trims, lower-cases and normalises to NFC. Returns null for
 * lines to skip silently (blank, or a `#` comment), `{ ok: false, reason }` for lines that are not a
 * single word made of letters only (no spaces, digits, apostrophes, hyphens or other punctuation) or
 * that are longer than {@link MAX_WORD_LETTERS} letters.
 */
export function normalizeWord(raw: string): NormalizedWord | null {
  const trimmed = raw.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return null;
  return parseWord(trimmed);
}

/**
 * One word as typed in a form or sent to the API: like {@link normalizeWord}, but a `#` is a
 * character like any other (refused), and blank text is refused too. Letters of one alphabet only.
 */
export function parseWord(raw: string): NormalizedWord {
  // Most words are plain a–z: already NFC, short enough and of one alphabet (Latin). An import
  // checks each of its words three times (file, dry run, write), so this path is worth having.
  const trimmed = raw.trim();
  if (PLAIN_WORD.test(trimmed)) return { ok: true, word: trimmed.toLowerCase() };
  // Lower casing can decompose (e.g. "İ" → "i" + combining dot), so normalise after it.
  const word = raw.trim().normalize('NFC').toLowerCase().normalize('NFC');
  if (word === '') return { ok: false, reason: 'is required' };
  if (!ONLY_LETTERS.test(word)) return { ok: false, reason: describeInvalid(word) };
  const letters = splitLetters(word);
  if (letters.length > MAX_WORD_LETTERS) {
    return {
      ok: false,
      reason: `is ${letters.length} letters long; at most ${MAX_WORD_LETTERS} are allowed`,
    };
  }
  const mixed = mixedAlphabets(letters);
  return mixed ? { ok: false, reason: mixed } : { ok: true, word };
}

function describeInvalid(word: string): string {
  if (/\s/u.test(word)) return 'contains a space: one word per line';
  if (/\p{N}/u.test(word)) return 'contains a digit: only letters are allowed';
  if (/^\p{M}/u.test(word)) return 'starts with a combining mark instead of a letter';
  const offending = [...word].find((c) => !/[\p{L}\p{M}]/u.test(c)) ?? '';
  return `contains ${describeCharacter(offending)}: only letters are allowed`;
}

/** How often each letter occurs in a word, e.g. "papa" → { p: 2, a: 2 }. */
export function letterSignature(word: string): Map<string, number> {
  const signature = new Map<string, number>();
  for (const letter of splitLetters(word)) signature.set(letter, (signature.get(letter) ?? 0) + 1);
  return signature;
}

/**
 * The letters of a letter group as stored: tolerant of case, spaces and separators ("P, T, O" is
 * the same group as "pto"); normalised like words.
 */
export function groupLetters(letters: string): string[] {
  return splitLetters(letters.normalize('NFC').toLowerCase().normalize('NFC'));
}

export type ParsedLetterGroup = { ok: true; letters: string[] } | { ok: false; reason: string };

/** What may separate the letters of a group as typed: spaces and commas ("P, T, O"). */
const SEPARATOR = /[\s,;]/u;

/**
 * A letter group as typed in a form or sent to the API: letters, optionally separated by spaces or
 * commas; anything else (`<`, digits, zero-width spaces) is refused by name rather than dropped, so
 * `</script>x` is an error and never the group "scriptx". Letters of one alphabet only.
 */
export function parseLetterGroup(raw: string): ParsedLetterGroup {
  const text = raw.normalize('NFC').toLowerCase().normalize('NFC');
  const letters = splitLetters(text);
  const rest = text.replace(LETTER, '');
  const offending = [...rest].find((c) => !SEPARATOR.test(c));
  if (offending !== undefined) {
    const what = /^\p{M}/u.test(offending)
      ? 'a combining mark without its letter'
      : describeCharacter(offending);
    return {
      ok: false,
      reason: `contains ${what}: only letters (separated by spaces or commas) are allowed`,
    };
  }
  if (letters.length === 0) return { ok: false, reason: 'must contain letters' };
  if (letters.length > MAX_WORD_LETTERS) {
    return { ok: false, reason: `has ${letters.length} letters; at most ${MAX_WORD_LETTERS} are allowed` };
  }
  const mixed = mixedAlphabets(letters);
  return mixed ? { ok: false, reason: mixed } : { ok: true, letters };
}

export interface WordMatcherOptions {
  /** Games that let a player use a letter of the group any number of times. */
  reuseLetters?: boolean;
  /**
   * Also index the words by their letters (for many groups: `links build`, link jobs). A group is
   * then matched by looking up each selection of its letters (127 for 7 distinct letters) instead
   * of testing every word. Ignored with `reuseLetters`.
   */
  indexed?: boolean;
}

export interface WordMatcher {
  /** The words (in the order given) a player can build from the group's letters. */
  buildableFrom(letters: string): string[];
}

/**
 * Prepares a dictionary for repeated letter-group matching. Each word is reduced once to a 32-bit
 * letter mask and a list of (letter id, count) pairs; a group is then matched with one mask test per
 * word (a–z get their own bit, every other letter shares one of the six remaining bits, so the test
 * never rejects a buildable word) and the exact count check only for the few words that pass it.
 */
export function createWordMatcher(words: readonly string[], options: WordMatcherOptions = {}): WordMatcher {
  const steps = matcherSteps(words, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Words prepared between two pauses of `createWordMatcherAsync`. */
const WORDS_PER_STEP = 5_000;

/**
 * The same matcher, prepared a slice of words at a time with `pause()` between slices (a server
 * awaits a setImmediate there), so a 500,000-word dictionary never holds the event loop for long.
 */
export async function createWordMatcherAsync(
  words: readonly string[],
  options: WordMatcherOptions,
  pause: () => Promise<void>,
): Promise<WordMatcher> {
  const steps = matcherSteps(words, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}

function* matcherSteps(
  words: readonly string[],
  options: WordMatcherOptions,
): Generator<void, WordMatcher, void> {
  const reuse = options.reuseLetters ?? false;
  const letterIds = new Map<string, number>();
  const masks = new Int32Array(words.length);
  const lengths = new Uint8Array(words.length);
  const offsets = new Uint32Array(words.length + 1);
  const ids: number[] = [];
  const counts: number[] = [];

  for (let index = 0; index < words.length; index++) {
    if (index > 0 && index % WORDS_PER_STEP === 0) yield;
    const signature = letterSignature(words[index]!);
    let mask = 0;
    let length = 0;
    for (const [letter, count] of signature) {
      let id = letterIds.get(letter);
      if (id === undefined) letterIds.set(letter, (id = letterIds.size));
      mask |= letterBit(letter);
      ids.push(id);
      counts.push(Math.min(count, 255));
      length += count;
    }
    masks[index] = mask;
    lengths[index] = Math.min(length, 255);
    offsets[index + 1] = ids.length;
  }
  if (words.length > WORDS_PER_STEP) yield; // copying millions of pairs takes a slice of its own
  const wordIds = Uint32Array.from(ids);
  const wordCounts = Uint8Array.from(counts);
  const byLetters = options.indexed && !reuse && letterIds.size < 0xffff ? new Map<string, number[]>() : null;
  for (let index = 0; byLetters && index < words.length; index++) {
    if (index > 0 && index % WORDS_PER_STEP === 0) yield;
    const key = lettersKey(wordIds, wordCounts, offsets[index]!, offsets[index + 1]!);
    const same = byLetters.get(key);
    if (same) same.push(index);
    else byLetters.set(key, [index]);
  }

  return {
    buildableFrom(letters) {
      const group = groupLetters(letters);
      if (byLetters) {
        const found = lookUpSelections(byLetters, letterIds, group);
        if (found) return found.map((w) => words[w]!);
      }
      const available = new Uint16Array(letterIds.size);
      let groupMask = 0;
      for (const letter of group) {
        groupMask |= letterBit(letter);
        const id = letterIds.get(letter);
        if (id !== undefined) available[id] = (available[id] ?? 0) + 1;
      }
      const missing = ~groupMask;
      const result: string[] = [];
      for (let w = 0; w < words.length; w++) {
        if ((masks[w]! & missing) !== 0) continue;
        if (!reuse && lengths[w]! > group.length) continue;
        let ok = true;
        for (let p = offsets[w]!; p < offsets[w + 1]!; p++) {
          const have = available[wordIds[p]!]!;
          if (have === 0 || (!reuse && have < wordCounts[p]!)) {
            ok = false;
            break;
          }
        }
        if (ok) result.push(words[w]!);
      }
      return result;
    },
  };
}

/** Selections of a group's letters looked up at most; a longer group is matched by the scan. */
const MAX_SELECTIONS = 4096;

/** A word's letter multiset as text: its letter ids in ascending order, each as often as it occurs. */
function lettersKey(ids: Uint32Array, counts: Uint8Array, from: number, to: number): string {
  const letters: number[] = [];
  for (let p = from; p < to; p++) for (let c = 0; c < counts[p]!; c++) letters.push(ids[p]!);
  return String.fromCharCode(...letters.sort((a, b) => a - b));
}

/**
 * Indexes (ascending) of the words whose letters are a selection of the group's: every sub-multiset
 * of its letters looked up by key. Null when the group allows more than MAX_SELECTIONS of them.
 */
function lookUpSelections(
  byLetters: Map<string, number[]>,
  letterIds: Map<string, number>,
  group: readonly string[],
): number[] | null {
  const available = new Map<number, number>();
  for (const letter of group) {
    const id = letterIds.get(letter);
    // A letter no word has cannot be part of a match.
    if (id !== undefined) available.set(id, (available.get(id) ?? 0) + 1);
  }
  const distinct = [...available.entries()].sort((a, b) => a[0] - b[0]);
  let selections = 1;
  for (const [, count] of distinct) selections *= count + 1;
  if (selections > MAX_SELECTIONS) return null;
  const found: number[] = [];
  const chosen: number[] = [];
  const choose = (at: number) => {
    if (at === distinct.length) {
      const same = byLetters.get(String.fromCharCode(...chosen));
      if (same) for (const index of same) found.push(index);
      return;
    }
    const [id, count] = distinct[at]!;
    const before = chosen.length;
    for (let c = 0; c <= count; c++) {
      choose(at + 1);
      chosen.push(id);
    }
    chosen.length = before;
  };
  choose(0);
  return found.sort((a, b) => a - b);
}

const A = 'a'.codePointAt(0)!;

function letterBit(letter: string): number {
  const code = letter.codePointAt(0)!;
  const bit = letter.length === 1 && code >= A && code < A + 26 ? code - A : 26 + (code % 6);
  return 1 << bit;
}
