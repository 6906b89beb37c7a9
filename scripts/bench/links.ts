import { existsSync, readFileSync } from 'node:fs';
import { createWordMatcher, groupLetters, normalizeWord, splitLetters } from '../../shared/words.ts';
import { measure, type BenchResult } from './harness.ts';

// Debian's wamerican, or wamerican-huge (P6–P8's) when only that one is installed.
const DICTIONARIES = ['/usr/share/dict/american-english', '/usr/share/dict/american-english-huge'];
export const DICTIONARY = DICTIONARIES.find((file) => existsSync(file)) ?? DICTIONARIES[0]!;

/**
 * `links build` on a real dictionary (Debian's wamerican, normalised like `words import` does):
 * `createWordMatcher` (letter-count signatures prepared once, bitmask pre-filter) against the naive
 * way, counting each word's letters and comparing them with the group's, for every word and every
 * group. Both must find the same words. Skipped, with a message, when the dictionary is not installed.
 */
export async function linksBench(): Promise<BenchResult | null> {
  if (!existsSync(DICTIONARY)) {
    console.log(
      `SKIP  letter-group matching: ${DICTIONARY} is missing (apt-get install wamerican or wamerican-huge)`,
    );
    return null;
  }
  const words = [
    ...new Set(
      readFileSync(DICTIONARY, 'utf8')
        .split('\n')
        .map(normalizeWord)
        .flatMap((w) => (w?.ok ? [w.word] : [])),
    ),
  ];
  const groups = sampleGroups(words, 24);
  const matcher = createWordMatcher(words);

  for (const group of groups) {
    const fast = matcher.buildableFrom(group);
    const slow = naiveBuildable(words, group);
    if (fast.join() !== slow.join()) throw new Error(`The matchers disagree on the group "${group}"`);
  }
  let next = 0;
  const nextGroup = () => groups[next++ % groups.length]!;
  const candidate = await measure(() => matcher.buildableFrom(nextGroup()), 48);
  const baseline = await measure(() => naiveBuildable(words, nextGroup()), 6);
  return {
    name: `letter-group matching (${words.length} words, ${groups.length} groups)`,
    baseline: { label: 'naive letter counts per word', msPerOp: baseline },
    candidate: { label: 'createWordMatcher', msPerOp: candidate },
    target: 3,
  };
}

/** The obvious implementation: count the letters of each word, compare with the group's counts. */
export function naiveBuildable(words: readonly string[], letters: string): string[] {
  const available = new Map<string, number>();
  for (const letter of groupLetters(letters)) available.set(letter, (available.get(letter) ?? 0) + 1);
  return words.filter((word) => {
    const needed = new Map<string, number>();
    for (const letter of splitLetters(word)) needed.set(letter, (needed.get(letter) ?? 0) + 1);
    for (const [letter, count] of needed) if ((available.get(letter) ?? 0) < count) return false;
    return true;
  });
}

/** Letter groups like a game's: the letters of seven-letter words, picked at fixed steps (same every run). */
function sampleGroups(words: readonly string[], count: number): string[] {
  const seven = words.filter((w) => splitLetters(w).length === 7);
  const step = Math.max(1, Math.floor(seven.length / count));
  return Array.from({ length: count }, (_, i) => seven[(i * step) % seven.length]!);
}
