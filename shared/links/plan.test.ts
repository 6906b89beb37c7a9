import { describe, expect, it } from 'vitest';
import { inWriteOrder, planGroup, planLinks, wordIndex, wordIndexAsync, type WordRow } from './plan.ts';

const words: WordRow[] = [
  { id: 1, letters: 'tap', isActive: true },
  { id: 2, letters: 'pat', isActive: true },
  { id: 3, letters: 'past', isActive: true },
  { id: 4, letters: 'pasta', isActive: true },
  { id: 5, letters: 'pastas', isActive: true },
  { id: 6, letters: 'spat', isActive: false },
  { id: 7, letters: 'zoo', isActive: true },
];

describe('link plan (shared by the CLI and the server)', () => {
  it('adds the buildable active words not linked yet, prunes the rest, keeps the right ones', () => {
    const links = [
      { id: 10, letterGroupId: 1, wordId: 1 },
      { id: 11, letterGroupId: 1, wordId: 6 },
      { id: 12, letterGroupId: 1, wordId: 7 },
    ];
    const [plan] = planLinks([{ id: 1, letters: 'pasta' }], words, () => links);
    expect(plan!.buildable).toEqual([1, 2, 3, 4]);
    expect(plan!.create).toEqual([2, 3, 4]);
    expect(plan!.prune.map((l) => l.id)).toEqual([11, 12]);
    expect(plan!.kept).toBe(1);
  });

  it('uses a letter as often as the group has it, or any number of times with reuseLetters', () => {
    const once = planGroup(wordIndex(words), { id: 1, letters: 'past' }, []);
    expect(once.create).toEqual([1, 2, 3]);
    const reuse = planGroup(wordIndex(words, { reuseLetters: true }), { id: 1, letters: 'past' }, []);
    expect(reuse.create).toEqual([1, 2, 3, 4, 5]);
  });

  it('prepares the same index step by step, pausing between slices of a large dictionary', async () => {
    const many: WordRow[] = Array.from({ length: 45_000 }, (_, i) => ({
      id: i + 1,
      letters: i % 3 === 0 ? 'tap' + 'abc'[i % 3]!.repeat(1 + (i % 5)) : 'zzz',
      isActive: true,
    }));
    let pauses = 0;
    const index = await wordIndexAsync(many, {}, async () => {
      pauses++;
    });
    expect(pauses).toBe(11); // every 20,000 words read, every 5,000 matched, one to copy
    const group = { id: 1, letters: 'tapaa' };
    expect(planGroup(index, group, []).create).toEqual(planGroup(wordIndex(many), group, []).create);
    // Indexed by letters too (for many groups): as many pauses again while it indexes.
    pauses = 0;
    const indexed = await wordIndexAsync(many, {}, async () => void pauses++, true);
    expect(pauses).toBe(19);
    expect(planGroup(indexed, group, []).create).toEqual(planGroup(wordIndex(many), group, []).create);
  });
});

describe('the order new links are written in', () => {
  it('sorts by word within each window, keeps the windows in order, loses and adds nothing', () => {
    const links = [
      { letterGroupId: 1, wordId: 9 },
      { letterGroupId: 1, wordId: 2 },
      { letterGroupId: 2, wordId: 5 },
      { letterGroupId: 3, wordId: 1 },
      { letterGroupId: 3, wordId: 8 },
    ];
    expect(inWriteOrder(links, 3)).toEqual([
      { letterGroupId: 1, wordId: 2 },
      { letterGroupId: 2, wordId: 5 },
      { letterGroupId: 1, wordId: 9 },
      { letterGroupId: 3, wordId: 1 },
      { letterGroupId: 3, wordId: 8 },
    ]);
    expect(inWriteOrder(links)).toEqual([...links].sort((a, b) => a.wordId - b.wordId));
    expect(links[0]).toEqual({ letterGroupId: 1, wordId: 9 });
  });
});
