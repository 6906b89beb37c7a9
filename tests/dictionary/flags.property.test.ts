import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckResponse } from '#shared/dictionary.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startApi, type ApiHarness } from '../api/harness.ts';
import { listedOffensiveWord } from './fixtures.ts';

type Row = { letters: string; languageId: number } | { id: number; letters: string };
interface Result {
  index: number;
  status: string;
  id?: number;
  flags?: string;
}

/**
 * Issue 46's promise as a property, against the database on both dialects: whatever a bulk write
 * holds (known, unknown, proper and offensive words in any case, repeats, words stored already,
 * rows naming an id with new letters, two languages, a dry run or not), every word it answers or
 * stores carries the flags its own letters get from its language's dictionary. A slice's flags are
 * asked for before its rows are checked and matched back by row (resources/word-flags.ts): they
 * never land on another row.
 */
describe.each(DIALECTS)("a word's flags are its own letters' (%s)", (dialect) => {
  let api: ApiHarness;
  const languages = { english: 0, klingon: 0 };
  let pool: string[] = [];
  const stored: number[] = [];
  /** The check endpoint's flags per language and word: what the dictionary alone says. */
  const expected = new Map<string, string>();

  beforeAll(async () => {
    api = await startApi(dialect, { DICTIONARIES: 'English=en' });
    languages.english = (await api.post('languages/cms', { language: 'English' })).body.id as number;
    languages.klingon = (await api.post('languages/cms', { language: 'Klingon' })).body.id as number;
    pool = ['hello', 'garden', 'Garden', 'xqzt', 'qqzvx', 'paris', 'Paris', 'LONDON', 'nasa'];
    pool.push(listedOffensiveWord('en'));
    for (const letters of ['apple', 'zzqv', 'berlin'])
      stored.push((await api.post('words/cms', { letters, languageId: languages.english })).body.id);
  }, 120_000);
  afterAll(async () => api?.close());

  /** What the dictionary says of each (language, word) pair, asked through `words/cms/check`. */
  async function flagsOf(words: Array<{ languageId: number; letters: string }>): Promise<string[]> {
    for (const languageId of new Set(words.map((w) => w.languageId))) {
      const missing = [
        ...new Set(words.filter((w) => w.languageId === languageId).map((w) => w.letters)),
      ].filter((letters) => !expected.has(`${languageId} ${letters}`));
      for (let at = 0; at < missing.length; at += 5000) {
        const res = await api.post('words/cms/check', { languageId, words: missing.slice(at, at + 5000) });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        for (const result of (res.body as CheckResponse).results)
          expected.set(`${languageId} ${result.word}`, result.verdicts.join(' '));
      }
    }
    return words.map((w) => expected.get(`${w.languageId} ${w.letters}`)!);
  }

  /** Each created or changed row's flags, answered and (unless a dry run) stored, are its letters'. */
  async function assertFlags(rows: Row[], results: Result[], dryRun: boolean) {
    const written = results.filter((r) => r.status === 'created' || r.status === 'updated');
    const words = await Promise.all(
      written.map(async (result) => {
        const row = rows[result.index]!;
        if ('languageId' in row) return { languageId: row.languageId, letters: row.letters };
        const word = (await api.get(`words/cms/${row.id}`)).body as { languageId: number };
        return { languageId: word.languageId, letters: row.letters };
      }),
    );
    const want = await flagsOf(words);
    written.forEach((result, i) => expect(result.flags ?? '', JSON.stringify(words[i])).toBe(want[i]));
    if (dryRun) return;
    for (const [i, result] of written.entries()) {
      const word = (await api.get(`words/cms/${result.id}`)).body as { flags: string | null };
      expect(word.flags ?? '', JSON.stringify(words[i])).toBe(want[i]);
    }
  }

  it('holds for any mix of rows, written or dry run', async () => {
    const newRow = fc.record({
      letters: fc.constantFrom(...pool),
      languageId: fc.constantFrom(languages.english, languages.english, languages.klingon),
    });
    const moved = fc.record({ id: fc.constantFrom(...stored), letters: fc.constantFrom(...pool) });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(newRow, newRow, moved), { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        async (rows: Row[], dryRun) => {
          const res = await api.post('words/cms/bulk', { rows, dryRun });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          await assertFlags(rows, res.body.results as Result[], dryRun);
        },
      ),
      { numRuns: 30 },
    );
  }, 180_000);

  it('holds across the slices of a large write, repeats straddling them', async () => {
    const letter = (digit: string) => String.fromCharCode(97 + parseInt(digit, 26));
    // Written a thousand rows per slice (resources/routes.ts): the 2,400 rows take three.
    const rows: Row[] = Array.from({ length: 2400 }, (_, i) => ({
      letters: i % 7 === 0 ? pool[i % pool.length]! : `zq${[...i.toString(26)].map(letter).join('')}`,
      languageId: i % 5 === 0 ? languages.klingon : languages.english,
    }));
    for (const dryRun of [true, false]) {
      const res = await api.post('words/cms/bulk', { rows, dryRun });
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      const results = res.body.results as Result[];
      expect(results.filter((r) => r.status === 'created').length).toBeGreaterThan(2000);
      await assertFlags(rows, results, dryRun);
    }
  }, 180_000);
});
