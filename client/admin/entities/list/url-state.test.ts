import { describe, expect, it } from 'vitest';
import { contentEntities, language, level, stage, userLevel } from '#shared/entities/index.ts';
import { listFilters } from './list-extras.ts';
import {
  hasFilters,
  listSearch,
  readListState,
  searchQuery,
  stateProblems,
  withFilters,
  withoutFilters,
  withSize,
  withSort,
  writeListState,
} from './url-state.ts';

const params = (query: string) => new URLSearchParams(query);

describe('list URL state', () => {
  it('reads the page, the page size and every filter, defaulting to page 1, the server size, no filters', () => {
    expect(readListState(language, params(''))).toEqual({
      page: 1,
      size: null,
      filters: { isActive: '', language: '' },
      sort: null,
    });
    expect(readListState(language, params('page=3&size=50&isActive=false&language=en'))).toEqual({
      page: 3,
      size: 50,
      filters: { isActive: 'false', language: 'en' },
      sort: null,
    });
  });

  it('ignores other parameters, bad pages and sizes that are not offered; keeps filter values as typed', () => {
    const state = readListState(
      userLevel,
      params('page=0&size=7&validWords=abc&invalidWords=2.5&completed=maybe&locked=true&other=1'),
    );
    expect(state).toEqual({
      page: 1,
      size: null,
      filters: {
        validWords: 'abc',
        invalidWords: '2.5',
        highestScore: '',
        completed: 'maybe',
        locked: 'true',
      },
      sort: null,
    });
    expect(readListState(level, params('page=-2')).page).toBe(1);
    expect(readListState(level, params('page=2x')).page).toBe(1);
  });

  it('names every filter no row could match, instead of dropping it', () => {
    const state = readListState(userLevel, params('validWords=abc&invalidWords=2.5&completed=maybe'));
    expect(stateProblems(userLevel, state)).toEqual({
      validWords: 'Valid words must be a whole number from 0 to 2,147,483,647.',
      invalidWords: 'Invalid words must be a whole number from 0 to 2,147,483,647.',
      completed: 'Completed must be one of: All, Completed, Not Completed.',
    });
    expect(stateProblems(stage, readListState(stage, params('letterCount=5&number=0')))).toEqual({});
  });

  it('writes only non-empty filters, in the description order, then the size and the page after 1', () => {
    const none = { page: 1, size: null, sort: null };
    expect(writeListState(language, { ...none, filters: { language: 'en', isActive: '' } }).toString()).toBe(
      'language=en',
    );
    expect(
      listSearch(language, { page: 2, size: 25, sort: null, filters: { language: 'é n', isActive: 'true' } }),
    ).toBe('?isActive=true&language=%C3%A9+n&size=25&page=2');
    expect(listSearch(language, { ...none, filters: { language: '', isActive: '' } })).toBe('');
  });

  it('round-trips every list state through the URL', () => {
    for (const entity of contentEntities) {
      // The computed filters too (levels: solvable).
      const filters = Object.fromEntries(
        listFilters(entity).map((f) => [
          f.field,
          f.kind === 'bool' ? 'false' : f.kind === 'text' ? 'a b&c' : '7',
        ]),
      );
      const state = {
        page: 4,
        size: 100,
        filters,
        sort: { field: entity.sortable?.[0] ?? 'id', dir: 'desc' as const },
      };
      expect(readListState(entity, writeListState(entity, state))).toEqual(state);
    }
  });

  it('a filter change goes back to page 1 and keeps the other filters and the size', () => {
    const state = {
      page: 5,
      size: 10,
      sort: { field: 'language', dir: 'desc' as const },
      filters: { isActive: 'true', language: 'fr' },
    };
    expect(withFilters(state, { language: 'de' })).toEqual({
      page: 1,
      size: 10,
      sort: state.sort,
      filters: { isActive: 'true', language: 'de' },
    });
    expect(withoutFilters(state)).toEqual({
      page: 1,
      size: 10,
      sort: state.sort,
      filters: { isActive: '', language: '' },
    });
    expect(hasFilters(state)).toBe(true);
    expect(hasFilters({ page: 1, size: null, sort: null, filters: { a: '' } })).toBe(false);
  });

  it('a new page size keeps the first row shown on screen', () => {
    const state = { page: 7, size: null, sort: null, filters: {} };
    // Rows 121–140 at 20 a page: at 50 a page row 121 is on page 3, at 10 on page 13.
    expect(withSize(state, 50, 20).page).toBe(3);
    expect(withSize(state, 10, 20).page).toBe(13);
    expect(withSize({ ...state, size: 50 }, null, 50)).toEqual({
      page: 1,
      size: null,
      sort: null,
      filters: {},
    });
  });

  it('makes the API search of a state', () => {
    expect(searchQuery({ page: 2, size: null, sort: null, filters: { hint: 'x' } })).toEqual({
      page: 2,
      filters: { hint: 'x' },
    });
    expect(searchQuery({ page: 2, size: 25, sort: { field: 'hint', dir: 'desc' }, filters: {} })).toEqual({
      page: 2,
      size: 25,
      sort: { field: 'hint', dir: 'desc' },
      filters: {},
    });
  });

  it('reads and writes the sort (?sort=letters&dir=desc), drops an unsortable field, and toggles it', () => {
    const state = readListState(level, params('sort=hint&dir=desc&page=3'));
    expect(state.sort).toEqual({ field: 'hint', dir: 'desc' });
    expect(listSearch(level, state)).toBe('?sort=hint&dir=desc&page=3');
    expect(readListState(level, params('sort=nope&dir=desc')).sort).toBeNull();
    expect(readListState(level, params('sort=id')).sort).toEqual({ field: 'id', dir: 'asc' });
    const up = withSort({ ...state, sort: null }, 'number');
    expect(up).toMatchObject({ page: 1, sort: { field: 'number', dir: 'asc' } });
    expect(withSort(up, 'number').sort).toEqual({ field: 'number', dir: 'desc' });
    expect(withSort(withSort(up, 'number'), 'number').sort).toEqual({ field: 'number', dir: 'asc' });
  });
});
