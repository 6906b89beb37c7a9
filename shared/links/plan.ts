import { createWordMatcher, createWordMatcherAsync, type WordMatcher } from '../words.ts';

export interface GroupRow {
  id: number;
  letters: string;
}
export interface WordRow {
  id: number;
  letters: string;
  isActive: boolean;
}
export interface LinkRow {
  id: number;
  letterGroupId: number;
  wordId: number;
}

export interface GroupPlan {
  group: GroupRow;
  /** Ids of the active words buildable from the group's letters. */
  buildable: number[];
  /** Buildable words without a link yet. */
  create: number[];
  /** Links to words that do not qualify (inactive, of another language, gone, not buildable). */
  prune: LinkRow[];
  /** Links that are right as they are. */
  kept: number;
}

export interface PlanOptions {
  /** Games that let a player use a letter of the group any number of times. */
  reuseLetters?: boolean;
}

/** A language's active words, prepared once for planning many groups. */
export interface WordIndex {
  matcher: WordMatcher;
  /** Word id by its letters. */
  idOf: Map<string, number>;
}

function activeWords(words: readonly WordRow[]) {
  const active = words.filter((w) => w.isActive);
  return { letters: active.map((w) => w.letters), idOf: new Map(active.map((w) => [w.letters, w.id])) };
}

/** `many`: the index serves many groups, so the words are also indexed by their letters. */
export function wordIndex(words: readonly WordRow[], options: PlanOptions = {}, many = false): WordIndex {
  const { letters, idOf } = activeWords(words);
  const reuseLetters = options.reuseLetters === true;
  return { matcher: createWordMatcher(letters, { reuseLetters, indexed: many }), idOf };
}

/** Words sorted into the index between two pauses of {@link wordIndexAsync}. */
const WORDS_PER_PAUSE = 20_000;

/** The same index, prepared with `pause()` between slices (a server keeps its event loop free). */
export async function wordIndexAsync(
  words: readonly WordRow[],
  options: PlanOptions,
  pause: () => Promise<void>,
  many = false,
): Promise<WordIndex> {
  const letters: string[] = [];
  const idOf = new Map<string, number>();
  for (let i = 0; i < words.length; i++) {
    if (i > 0 && i % WORDS_PER_PAUSE === 0) await pause();
    const word = words[i]!;
    if (!word.isActive) continue;
    letters.push(word.letters);
    idOf.set(word.letters, word.id);
  }
  const reuseLetters = options.reuseLetters === true;
  return { matcher: await createWordMatcherAsync(letters, { reuseLetters, indexed: many }, pause), idOf };
}

/** One group's plan: its buildable words against the links it has. */
export function planGroup(index: WordIndex, group: GroupRow, links: readonly LinkRow[]): GroupPlan {
  const buildable = index.matcher.buildableFrom(group.letters).map((letters) => index.idOf.get(letters)!);
  const wanted = new Set(buildable);
  const linked = new Set(links.map((link) => link.wordId));
  const prune = links.filter((link) => !wanted.has(link.wordId));
  return {
    group,
    buildable,
    create: buildable.filter((id) => !linked.has(id)),
    prune,
    kept: links.length - prune.length,
  };
}

/**
 * What `links build` changes for each letter group: the active words of the language a player can
 * build from its letters (each letter at most as often as the group has it, unless `reuseLetters`)
 * against the links it has. Pure: the CLI and the server load the rows and apply the plan.
 */
export function planLinks(
  groups: readonly GroupRow[],
  words: readonly WordRow[],
  linksOf: (groupId: number) => readonly LinkRow[],
  options: PlanOptions = {},
): GroupPlan[] {
  const index = wordIndex(words, options, groups.length > 1);
  return groups.map((group) => planGroup(index, group, linksOf(group.id)));
}

/** Links written in word order within windows of this many (see {@link inWriteOrder}). */
export const WRITE_WINDOW = 30_000;

/**
 * New links in the order to write them: by word within each window of `window` links, the windows
 * in the groups' order. A group's links go to words all over the dictionary, so each transaction
 * in group order touched nearly every page of the links' word index (rewritten at each commit);
 * by word, a transaction touches a slice of it, while the windows keep the group indexes' writes
 * to a few hundred groups. P7's time inside SQLite fell markedly this way.
 */
export function inWriteOrder<T extends { wordId: number }>(links: readonly T[], window = WRITE_WINDOW): T[] {
  const ordered: T[] = [];
  for (let start = 0; start < links.length; start += window) {
    for (const link of links.slice(start, start + window).sort((a, b) => a.wordId - b.wordId)) {
      ordered.push(link);
    }
  }
  return ordered;
}
