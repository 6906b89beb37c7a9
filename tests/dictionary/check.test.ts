import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckResponse } from '#shared/dictionary.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startApi, type ApiHarness } from '../api/harness.ts';
import { listedOffensiveWord } from './fixtures.ts';

/** Issue 46's "done when", through the API: the bundled English and Spanish dictionaries. */
describe.each(DIALECTS)('POST words/cms/check (%s)', (dialect) => {
  let api: ApiHarness;
  const ids = { english: 0, spanish: 0, french: 0 };

  beforeAll(async () => {
    api = await startApi(dialect, { DICTIONARIES: 'English=en,Español=es' });
    for (const [key, language] of [
      ['english', 'English'],
      ['spanish', 'Español'],
      ['french', 'Klingon'],
    ] as const)
      ids[key] = (await api.post('languages/cms', { language })).body.id as number;
    // Both dictionaries loaded once here (building Spanish takes a while on a busy machine).
    await api.post('words/cms/check', { languageId: ids.english, words: ['warm'] }).expect(200);
    await api.post('words/cms/check', { languageId: ids.spanish, words: ['warm'] }).expect(200);
  }, 240_000);
  afterAll(async () => api?.close());

  const check = async (languageId: number, words: string[]) => {
    const res = await api.post('words/cms/check', { languageId, words });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as CheckResponse;
  };
  const verdicts = (body: CheckResponse) => Object.fromEntries(body.results.map((r) => [r.word, r.verdicts]));

  it('English: hello known, xqzt unknown, Paris and paris proper nouns, a listed slur offensive', async () => {
    const slur = listedOffensiveWord('en');
    const body = await check(ids.english, ['hello', 'xqzt', 'Paris', 'paris', slur]);
    expect(verdicts(body)).toMatchObject({
      hello: [],
      xqzt: ['unknown'],
      Paris: ['proper-noun'],
      paris: ['proper-noun'],
    });
    expect(verdicts(body)[slur]).toContain('offensive');
    expect(body.dictionary?.source).toMatch(/^dictionary-en 4\./);
    expect(body.counts).toMatchObject({ known: 1, 'proper-noun': 2, offensive: 1 });
  });

  it('Spanish: hola known, xqzt unknown, Madrid and madrid proper nouns, a listed slur offensive', async () => {
    const slur = listedOffensiveWord('es');
    const body = await check(ids.spanish, ['hola', 'xqzt', 'Madrid', 'madrid', slur]);
    expect(verdicts(body)).toMatchObject({
      hola: [],
      xqzt: ['unknown'],
      Madrid: ['proper-noun'],
      madrid: ['proper-noun'],
    });
    expect(verdicts(body)[slur]).toContain('offensive');
    expect(body.dictionary?.code).toBe('es');
  });

  it('a language without a dictionary says so and judges only the alphabet', async () => {
    await api.post('words/cms', { letters: 'qapla', languageId: ids.french }).expect(201);
    const body = await check(ids.french, ['xqzt', 'привет', 'two words']);
    expect(body.dictionary).toBeNull();
    expect(verdicts(body)).toEqual({ xqzt: [], привет: ['alphabet'], 'two words': ['alphabet'] });
    expect(body.results[1]!.message).toMatch(/Cyrillic/);
  });

  it("a bulk write's results carry each word's flags, the same in a dry run as stored", async () => {
    const rows = ['gardenia', 'qqzvx', 'london'].map((letters) => ({ letters, languageId: ids.english }));
    const flagsOf = (body: { results: Array<{ flags?: string }> }) => body.results.map((r) => r.flags);
    const dry = await api.post('words/cms/bulk', { rows, dryRun: true }).expect(200);
    expect(flagsOf(dry.body)).toEqual([undefined, 'unknown', 'proper-noun']);
    const written = await api.post('words/cms/bulk', { rows }).expect(200);
    expect(flagsOf(written.body)).toEqual([undefined, 'unknown', 'proper-noun']);
    const stored = await api.get(`words/cms/${written.body.results[1].id}`).expect(200);
    expect(stored.body.flags).toBe('unknown');
    // Changed letters are judged again; the result says what the word holds now.
    const moved = await api
      .post('words/cms/bulk', { rows: [{ id: written.body.results[1].id, letters: 'paris' }], dryRun: true })
      .expect(200);
    expect(moved.body.results[0]).toMatchObject({ status: 'updated', flags: 'proper-noun' });
  });

  it("no words: answers the language's dictionary, loaded (the import screens ask as a file comes)", async () => {
    const english = await check(ids.english, []);
    expect(english).toMatchObject({ results: [], counts: { known: 0 } });
    expect(english.dictionary?.source).toMatch(/^dictionary-en 4\./);
    expect((await check(ids.french, [])).dictionary).toBeNull();
  });

  it('refuses a bad request with a 400 naming the field, an unknown language with a 404', async () => {
    const bad = await api.post('words/cms/check', { languageId: ids.english, words: 'hello' });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toHaveProperty('words');
    const missing = await api.post('words/cms/check', { languageId: 999_999, words: ['a'] });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Language 999999 not found');
  });
});
