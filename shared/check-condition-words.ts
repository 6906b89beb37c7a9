import { parseCheckCondition, type CheckConditionPart } from './check-condition.ts';
import { splitLetters } from './words.ts';

/**
 * What a check condition asks of the words a player enters, and whether a letter group's buildable
 * words can meet it (CLI `lint`, seed checks). Meaning of each part for the words of one level:
 * - `words::n`      at least n (distinct) words must be entered; without it, one word is enough.
 * - `letters::n`    each word has exactly n letters; `letters::n+` at least n.
 * - `sameCharStart` every word starts with the same letter, the level's required letter. When the
 *                   caller knows that letter (context.requiredLetter) a word must start with it;
 *                   otherwise any one letter will do, as long as all words share it.
 * - `sameCharEnd`   the same, for the last letter.
 * - `endIsStart`    the words form a chain: each starts with the last letter of the word before.
 */

export interface RequiredLetterContext {
  /** The letter the game requires, when fixed (e.g. "s"); normalised like words (lower case, NFC). */
  requiredLetter?: string;
}

/** Whether one word meets the parts that constrain a single word (letters, required letter). */
export function wordSatisfies(
  word: string,
  parts: readonly CheckConditionPart[],
  context: RequiredLetterContext = {},
): boolean {
  const letters = splitLetters(word);
  return parts.every((part) => {
    switch (part.kind) {
      case 'letters':
        return part.atLeast ? letters.length >= part.count : letters.length === part.count;
      case 'sameCharStart':
        return context.requiredLetter === undefined || letters[0] === context.requiredLetter;
      case 'sameCharEnd':
        return context.requiredLetter === undefined || letters.at(-1) === context.requiredLetter;
      default:
        return letters.length > 0;
    }
  });
}

/** How many words the condition requires: its `words::n`, else 1. */
export function requiredWordCount(parts: readonly CheckConditionPart[]): number {
  const words = parts.find((p) => p.kind === 'words');
  return words?.kind === 'words' ? words.count : 1;
}

export interface Satisfiability {
  satisfiable: boolean;
  /** Words the condition requires ({@link requiredWordCount}). */
  required: number;
  /**
   * The most words that can be entered together: the candidates (words meeting the per-word parts),
   * the largest set sharing a first/last letter for sameCharStart/sameCharEnd, the longest chain
   * found (searched up to `required`) for endIsStart.
   */
  available: number;
  /**
   * False only when the chain search gave up (more than {@link CHAIN_SEARCH_BUDGET} steps) before
   * finding or ruling out a chain: then `satisfiable` is true, so lint never reports a level as
   * impossible without proof.
   */
  exact: boolean;
}

export const CHAIN_SEARCH_BUDGET = 200_000;

/**
 * Whether a player could meet the condition with these words (e.g. the words buildable from a
 * letter group). Unknown parts of a condition string are ignored here; report them with
 * `parseCheckCondition(...).unknown`.
 */
export function checkSatisfiable(
  words: readonly string[],
  condition: string | readonly CheckConditionPart[],
  context: RequiredLetterContext = {},
  /** The words are distinct and each meets the per-word parts already (skips checking again). */
  candidatesOnly = false,
): Satisfiability {
  const parts = typeof condition === 'string' ? parseCheckCondition(condition).parts : condition;
  const required = requiredWordCount(parts);
  const candidates = candidatesOnly
    ? words
    : [...new Set(words)].filter((w) => wordSatisfies(w, parts, context));
  let available = candidates.length;
  let exact = true;
  if (parts.some((p) => p.kind === 'sameCharStart')) available = largestShare(candidates, (l) => l[0]);
  if (parts.some((p) => p.kind === 'sameCharEnd')) available = largestShare(candidates, (l) => l.at(-1));
  if (parts.some((p) => p.kind === 'endIsStart'))
    ({ length: available, exact } = longestChain(candidates, required));
  return { satisfiable: !exact || available >= required, required, available, exact };
}

function largestShare(words: readonly string[], key: (letters: string[]) => string | undefined): number {
  const counts = new Map<string | undefined, number>();
  for (const word of words) {
    const k = key(splitLetters(word));
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return Math.max(0, ...counts.values());
}

/**
 * Longest chain of distinct words (each starting with the previous one's last letter), searched up
 * to `target`. Words are edges between their first and last letter, so words with the same ends are
 * interchangeable and the search runs over a handful of letters, not over the words themselves.
 */
export function longestChain(words: readonly string[], target: number): { length: number; exact: boolean } {
  const edges = new Map<string, Map<string, number>>();
  for (const word of new Set(words)) {
    const letters = splitLetters(word);
    if (letters.length === 0) continue;
    const out = edges.get(letters[0]!) ?? new Map<string, number>();
    edges.set(letters[0]!, out.set(letters.at(-1)!, (out.get(letters.at(-1)!) ?? 0) + 1));
  }
  let best = 0;
  let steps = 0;
  const search = (from: string, length: number): boolean => {
    best = Math.max(best, length);
    if (best >= target || ++steps > CHAIN_SEARCH_BUDGET) return true;
    const out = edges.get(from);
    for (const [to, count] of out ?? []) {
      if (count === 0) continue;
      out!.set(to, count - 1);
      const done = search(to, length + 1);
      out!.set(to, count);
      if (done) return true;
    }
    return false;
  };
  for (const start of edges.keys()) if (search(start, 0)) break;
  return { length: Math.min(best, target), exact: steps <= CHAIN_SEARCH_BUDGET };
}
