import { describe, expect, it } from 'vitest';
import { auditEntry, contentEntities, entityByName, entityByResource, referrersOf, word } from './index.ts';
import { parseEntityInput } from './input.ts';

const all = [...contentEntities, auditEntry];

describe('entity descriptions', () => {
  it('name nine content entities with distinct resources and panel routes', () => {
    expect(contentEntities.map((e) => e.resource)).toEqual([
      'levels',
      'users',
      'user-levels',
      'languages',
      'letter-groups',
      'letter-group-levels',
      'letter-group-words',
      'stages',
      'words',
    ]);
    expect(new Set(contentEntities.map((e) => e.name)).size).toBe(9);
    for (const entity of all) expect(entityByResource(entity.resource)).toBe(entity);
  });

  it.each(all.map((e) => [e.name, e] as const))(
    '%s: columns, filters, keys and links name real fields',
    (_n, e) => {
      const fields = new Set(Object.keys(e.fields));
      for (const { field } of [...e.columns, ...e.filters]) expect(fields).toContain(field);
      for (const field of e.naturalKey ?? []) expect(fields).toContain(field);
      const names = Object.entries(e.fields).flatMap(([name, f]) => [name, ...(f.aliases ?? [])]);
      expect(new Set(names).size).toBe(names.length);
      for (const field of Object.values(e.fields)) {
        if (field.kind === 'fk') expect(entityByName(field.references!)).toBeDefined();
        if (field.required) expect(field.default).toBeUndefined();
      }
      for (const filter of e.filters) {
        if (filter.kind === 'bool') expect(filter.options?.all).toBe('All');
      }
    },
  );

  it('know what refers to what (for the 409 on delete)', () => {
    const refs = (name: Parameters<typeof referrersOf>[0]) =>
      referrersOf(name).map(({ entity, field }) => `${entity.resource}.${field}`);
    expect(refs('language').sort()).toEqual([
      'letter-groups.languageId',
      'levels.languageId',
      'users.languageId',
      'words.languageId',
    ]);
    expect(refs('word')).toEqual(['letter-group-words.wordId']);
  });

  it('parse bodies with either naming, typed, and explain what is wrong', () => {
    const ok = parseEntityInput(word, 'create', { letters: ' Tap ', idLanguage: '2' });
    expect(ok).toEqual({ ok: true, value: { letters: 'tap', languageId: 2 } });
    const same = parseEntityInput(word, 'update', { languageId: 2, idLanguage: 2, id: 9 });
    expect(same).toEqual({ ok: true, value: { languageId: 2 } });
    const bad = parseEntityInput(word, 'create', { letters: 'tap', languageId: 0, extra: true });
    expect(bad).toEqual({
      ok: false,
      message: 'Invalid word: languageId must be at least 1',
      fieldErrors: { languageId: ['must be at least 1'], extra: ['is not a field of Word'] },
    });
  });
});
