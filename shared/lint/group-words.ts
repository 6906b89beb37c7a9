import type { FlaggedCount, GroupWords, LintContent } from './types.ts';

/** Each letter group's linked words summed up as the checks need them (the CLI reads them all). */
export function groupWordsOf(content: Pick<LintContent, 'wordsOfGroup' | 'words'>): Map<number, GroupWords> {
  const words = new Map(content.words.map((w) => [w.id, w]));
  const result = new Map<number, GroupWords>();
  for (const [groupId, ids] of content.wordsOfGroup) {
    const summary: GroupWords = { activeWords: [], inactiveIds: [] };
    for (const id of ids) {
      const word = words.get(id);
      if (!word) continue;
      if (word.isActive)
        summary.activeWords.push({
          letters: word.letters,
          languageId: word.languageId,
          ...(word.flags ? { flagged: true } : {}),
        });
      else summary.inactiveIds.push(word.id);
    }
    result.set(groupId, summary);
  }
  return result;
}

/** Active words with open dictionary findings, per language and flags (the CLI reads every word). */
export function flaggedCountsOf(words: LintContent['words']): FlaggedCount[] {
  const counts = new Map<string, FlaggedCount>();
  for (const word of words) {
    if (!word.isActive || !word.flags) continue;
    const key = `${word.languageId} ${word.flags}`;
    const count = counts.get(key) ?? { languageId: word.languageId, flags: word.flags, count: 0 };
    count.count++;
    counts.set(key, count);
  }
  return [...counts.values()];
}

/** Ids of the rows that are not active. */
export function inactiveIds<T extends { id: number; isActive: boolean }>(rows: readonly T[]): Set<number> {
  return new Set(rows.filter((r) => !r.isActive).map((r) => r.id));
}
