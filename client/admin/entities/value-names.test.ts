import { describe, expect, it } from 'vitest';
import { fieldName, namedValue, NO_NAMES, sidesOf } from './value-names.ts';
import { loadValueNames } from './value-names-loader.ts';

/** A panel context whose API answers `search({ ids })` from these rows, counting the requests. */
function fakeContext(tables: Record<string, Array<Record<string, unknown>>>) {
  const asked: string[] = [];
  const api = {
    resource: (name: string) => ({
      search: async ({ ids }: { ids: number[] }) => {
        asked.push(name);
        return { items: (tables[name] ?? []).filter((row) => ids.includes(row.id as number)) };
      },
    }),
  };
  return { context: { api, session: {} }, asked };
}

const TABLES = {
  language: [{ id: 1, language: 'English', isActive: true }],
  stage: [{ id: 1, number: 931, letters: 'ABCDE', letterCount: 5, isActive: true }],
  level: [{ id: 7, number: 3, stageId: 1, languageId: 1 }],
};

describe('value names: history and import values named as the lists name them', () => {
  it('a foreign key reads as the row it points at, with its label and id on hover', async () => {
    const { context, asked } = fakeContext(TABLES);
    const names = await loadValueNames(
      [
        { resource: 'words', rows: [{ letters: 'cat', languageId: 1 }, null] },
        { resource: 'letter-group-levels', rows: sidesOf({ levelId: { from: 7, to: 7 } }) },
      ],
      context,
    );
    expect(namedValue(names, 'words', 'languageId', 1)).toEqual({
      text: 'English',
      title: 'Language 1',
      id: 1,
    });
    // A level is named by its number, stage and language, as the level list's cells name it.
    expect(namedValue(names, 'letter-group-levels', 'levelId', 7).text).toBe(
      '3 (Stage 931 · ABCDE · English)',
    );
    expect(fieldName(names, 'words', 'languageId')).toBe('Language');
    expect(fieldName(names, 'words', 'letters')).toBe('Letters');
    expect(namedValue(names, 'words', 'letters', 'cat')).toEqual({ text: 'cat' });
    // One request per referenced table, as the lists make them.
    expect(asked.sort()).toEqual(['language', 'level', 'stage']);
  });

  it('an id whose row cannot be read stays an id, marked as one', async () => {
    const { context } = fakeContext({});
    const names = await loadValueNames([{ resource: 'words', rows: [{ languageId: 9 }] }], context);
    expect(namedValue(names, 'words', 'languageId', 9)).toEqual({ text: '#9', title: 'Language 9', id: 9 });
  });

  it('without names: the raw values and a label made from the key', () => {
    expect(namedValue(NO_NAMES, 'words', 'languageId', 1)).toEqual({ text: '1' });
    expect(namedValue(NO_NAMES, 'words', 'hint', null)).toEqual({ text: '—' });
    expect(fieldName(NO_NAMES, 'words', 'languageId')).toBe('Language');
  });

  it('sidesOf: a diff as its rows before and after', () => {
    expect(sidesOf({ a: { from: 1, to: 2 }, b: { from: null, to: 'x' } })).toEqual([
      { a: 1, b: null },
      { a: 2, b: 'x' },
    ]);
  });
});
