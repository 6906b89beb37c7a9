import { describe, expect, it } from 'vitest';
import { filtersOf, readForm } from './difficulty-loader.ts';
import { difficultyPath } from './paths.ts';

const form = (query: string) => readForm(new URL(`http://x/argusma-words-panel/difficulty?${query}`));

describe("the Difficulty screen's filters", () => {
  it('reads the URL the form makes, and makes the same URL back', () => {
    const read = form('stage=4&language=1&since=2026-11-01&until=2026-11-28&activePlayers=true');
    expect(read).toEqual({
      stage: '4',
      language: '1',
      since: '2026-11-01',
      until: '2026-11-28',
      activePlayers: true,
    });
    expect(difficultyPath(read)).toBe(
      '/argusma-words-panel/difficulty?stage=4&language=1&since=2026-11-01&until=2026-11-28&activePlayers=true',
    );
    expect(difficultyPath({})).toBe('/argusma-words-panel/difficulty');
  });

  it('asks the API for whole UTC days, the last one included', () => {
    expect(filtersOf(form('language=2&since=2026-11-01&until=2026-11-28&activePlayers=on'), 7)).toEqual({
      stageId: 7,
      languageId: 2,
      since: '2026-11-01T00:00:00.000Z',
      until: '2026-11-29T00:00:00.000Z',
      activePlayers: true,
    });
    expect(filtersOf(form(''), 7)).toEqual({ stageId: 7 });
  });

  it('says what is wrong instead of asking', () => {
    expect(filtersOf(form('since=2026-02-30'), 7)).toBe('"2026-02-30" is not a date (YYYY-MM-DD).');
    expect(filtersOf(form('until=yesterday'), 7)).toBe('"yesterday" is not a date (YYYY-MM-DD).');
    expect(filtersOf(form('language=English'), 7)).toBe('"English" is not a language.');
    expect(filtersOf(form('since=2026-11-29&until=2026-11-01'), 7)).toBe(
      'The first day comes after the last one.',
    );
  });
});
