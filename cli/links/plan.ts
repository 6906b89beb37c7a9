import { createWordMatcher } from '#shared/words.ts';

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

/**
 * What `links build` changes for each letter group: the active words of the language a player can
 * build from its letters (each letter at most as often as the group has it, unless `reuseLetters`)
 * against the links it has. Pure: the action loads the rows and applies the plan.
 */
export function planLinks(
  groups: readonly GroupRow[],
  words: readonly WordRow[],
  linksOf: (groupId: number) => readonly LinkRow[],
  options: { reuseLetters?: boolean } = {},
): GroupPlan[] {
  const active = words.filter((w) => w.isActive);
  const matcher = createWordMatcher(
    active.map((w) => w.letters),
    { reuseLetters: options.reuseLetters === true },
  );
  const idOf = new Map(active.map((w) => [w.letters, w.id]));
  return groups.map((group) => {
    const buildable = matcher.buildableFrom(group.letters).map((letters) => idOf.get(letters)!);
    const wanted = new Set(buildable);
    const links = linksOf(group.id);
    const linked = new Set(links.map((link) => link.wordId));
    const prune = links.filter((link) => !wanted.has(link.wordId));
    return {
      group,
      buildable,
      create: buildable.filter((id) => !linked.has(id)),
      prune,
      kept: links.length - prune.length,
    };
  });
}
