import { describe, expect, it } from 'vitest';
import { contentEntities, language, level, userLevel } from '#shared/entities/index.ts';
import {
  hasFilters,
  listSearch,
  readListState,
  searchQuery,
  withFilters,
  writeListState,
} from './url-state.ts';

const params = (query: string) => new URLSearchParams(query);

describe('list URL state', () => {
  it('reads the page and every filter of the list, defaulting to page 1 and no filters', () => {
    expect(readListState(language, params(''))).toEqual({ page: 1, filters: { isActive: '', language: '' } });
    expect(readListState(language, params('page=3&isActive=false&language=en'))).toEqual({
      page: 3,
      filters: { isActive: 'false', language: 'en' },
    });
  });

  it('ignores what the list cannot hold: other parameters, bad pages, malformed values', () => {
    const state = readListState(
      userLevel,
      params('page=0&validWords=abc&invalidWords=2.5&completed=maybe&locked=true&other=1'),
    );
    expect(state).toEqual({
      page: 1,
      filters: { validWords: '', invalidWords: '2.5', highestScore: '', completed: '', locked: 'true' },
    });
    expect(readListState(level, params('page=-2')).page).toBe(1);
    expect(readListState(level, params('page=2x')).page).toBe(1);
  });

  it('writes only non-empty filters, in the description order, and the page only after 1', () => {
    expect(writeListState(language, { page: 1, filters: { language: 'en', isActive: '' } }).toString()).toBe(
      'language=en',
    );
    expect(listSearch(language, { page: 2, filters: { language: 'é n', isActive: 'true' } })).toBe(
      '?isActive=true&language=%C3%A9+n&page=2',
    );
    expect(listSearch(language, { page: 1, filters: { language: '', isActive: '' } })).toBe('');
  });

  it('round-trips every list state through the URL', () => {
    for (const entity of contentEntities) {
      const filters = Object.fromEntries(
        entity.filters.map((f) => [f.field, f.kind === 'bool' ? 'false' : f.kind === 'text' ? 'a b&c' : '7']),
      );
      const state = { page: 4, filters };
      expect(readListState(entity, writeListState(entity, state))).toEqual(state);
    }
  });

  it('a filter change goes back to page 1 and keeps the other filters', () => {
    const state = { page: 5, filters: { isActive: 'true', language: 'fr' } };
    expect(withFilters(state, { language: 'de' })).toEqual({
      page: 1,
      filters: { isActive: 'true', language: 'de' },
    });
    expect(hasFilters(state)).toBe(true);
    expect(hasFilters({ page: 1, filters: { a: '' } })).toBe(false);
  });

  it('makes the API search of a state', () => {
    expect(searchQuery({ page: 2, filters: { hint: 'x' } })).toEqual({ page: 2, filters: { hint: 'x' } });
  });
});
