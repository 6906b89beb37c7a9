import { describe, expect, it } from 'vitest';
import type { Bundle } from './bundle.ts';
import { countsText, DiffBuilder } from './diff.ts';

const level = (id: number, over: Partial<Bundle['levels'][number]> = {}): Bundle['levels'][number] => ({
  id,
  number: id,
  hint: null,
  assignment: '',
  time: 60,
  requiredLetterFlag: false,
  requiredLetter: '',
  requiredLetterPosition: 0,
  checkCondition: 'words::2',
  isChill: false,
  stageId: 1,
  letterGroups: [{ id: 10, used: true }],
  ...over,
});

const bundle = (over: Partial<Bundle> = {}): Bundle => ({
  format: 1,
  language: { id: 1, name: 'English' },
  stages: [
    { id: 1, number: 1, letterCount: 4, letters: '' },
    { id: 2, number: 2, letterCount: 5, letters: '' },
  ],
  levels: [level(100)],
  letterGroups: [{ id: 10, letters: 'spat', stageId: 1, wordIds: [1, 2, 3] }],
  words: [
    { id: 1, letters: 'tap' },
    { id: 2, letters: 'pat' },
    { id: 3, letters: 'sap' },
  ],
  ...over,
});

const diffOf = async (before: Bundle | null, after: Bundle | null) => {
  const builder = new DiffBuilder();
  await builder.add(before, after);
  return builder.result(1, 2);
};

describe('DiffBuilder', async () => {
  it('names rows as people know them and lists only the fields that changed', async () => {
    const before = bundle();
    const after = bundle({ levels: [level(100, { hint: 'Kitchen', stageId: 2 })] });
    expect((await diffOf(before, after)).rows).toEqual([
      {
        table: 'levels',
        action: 'changed',
        language: 'English',
        name: 'level 100 of stage 2',
        fields: { hint: { from: null, to: 'Kitchen' }, stage: { from: 'stage 1', to: 'stage 2' } },
      },
    ]);
  });

  it('says a removed word once: its links go with it', async () => {
    const after = bundle({
      words: bundle().words.filter((w) => w.id !== 3),
      letterGroups: [{ id: 10, letters: 'spat', stageId: 1, wordIds: [1, 2] }],
    });
    const diff = await diffOf(bundle(), after);
    expect(diff.rows).toEqual([{ table: 'words', action: 'removed', language: 'English', name: '"sap"' }]);
    expect(diff.changes).toBe(1);
    expect(countsText(diff.tables.words)).toBe('1 removed');
  });

  it('lists a link between rows kept on both sides, and a link’s changed flag', async () => {
    const after = bundle({
      levels: [level(100, { letterGroups: [{ id: 10, used: false }] })],
      letterGroups: [{ id: 10, letters: 'spat', stageId: 1, wordIds: [1, 2] }],
    });
    expect((await diffOf(bundle(), after)).rows).toEqual([
      {
        table: 'levelLetterGroups',
        action: 'changed',
        language: 'English',
        name: 'level 100 of stage 1 ↔ "spat"',
        fields: { used: { from: true, to: false } },
      },
      { table: 'letterGroupWords', action: 'removed', language: 'English', name: '"spat" ↔ "sap"' },
    ]);
  });

  it('counts every row but lists at most 200 per table and language', async () => {
    const words = Array.from({ length: 250 }, (_, i) => ({ id: i + 1, letters: `w${i}` }));
    const diff = await diffOf(null, bundle({ words }));
    expect(diff.tables.words.added).toBe(250);
    expect(diff.rows.filter((r) => r.table === 'words')).toHaveLength(200);
    expect(diff.truncated).toBe(50);
  });

  it('counts a stage shared by two languages once', async () => {
    const builder = new DiffBuilder();
    const renamed = bundle().stages.map((s) => (s.id === 1 ? { ...s, letterCount: 6 } : s));
    await builder.add(bundle(), bundle({ stages: renamed }));
    const spanish = { id: 2, name: 'Español' };
    await builder.add(bundle({ language: spanish }), bundle({ language: spanish, stages: renamed }));
    const diff = builder.result(1, 2);
    expect(diff.tables.stages).toEqual({ added: 0, removed: 0, changed: 1 });
    expect(diff.rows).toEqual([
      {
        table: 'stages',
        action: 'changed',
        language: null,
        name: 'stage 1',
        fields: { letterCount: { from: 4, to: 6 } },
      },
    ]);
  });
});
