import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecisionResponse, LanguageDictionary } from '#shared/dictionary.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startApi, type ApiHarness } from '../api/harness.ts';
import { folderDictionary } from './fixtures.ts';

/** Flags stored on write, the words filter, and decisions that last (issue 46), on both dialects. */
describe.each(DIALECTS)('word flags and decisions (%s)', (dialect) => {
  let api: ApiHarness;
  let english = 0;
  let group = 0;
  const ids: Record<string, number> = {};
  const dictionary = folderDictionary('en_GB', ['hello', 'world', 'Paris', 'pasta']);

  beforeAll(async () => {
    api = await startApi(dialect, { DICTIONARIES: `English=${dictionary}` });
    english = (await api.post('languages/cms', { language: 'English' })).body.id as number;
    const stage = (await api.post('stages/cms', { letterCount: 5, number: 1 })).body.id as number;
    group = (await api.post('letter-groups/cms', { letters: 'pasta', languageId: english, stageId: stage }))
      .body.id as number;
    const bulk = await api.post('words/cms/bulk', {
      rows: ['hello', 'world', 'paris', 'xqzt', 'zorb'].map((letters) => ({ letters, languageId: english })),
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    for (const result of bulk.body.results)
      ids[['hello', 'world', 'paris', 'xqzt', 'zorb'][result.index]!] = result.id;
  });
  afterAll(async () => api?.close());

  const word = async (id: number) => (await api.get(`words/cms/${id}`)).body as Record<string, unknown>;
  const listed = async (query: string) => {
    const res = await api.get(`words/cms/search/?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.content as Array<{ letters: string }>).map((w) => w.letters);
  };
  const status = async () =>
    ((await api.get('words/cms/dictionaries')).body as LanguageDictionary[]).find(
      (l) => l.languageId === english,
    )!;
  const decide = async (body: object) => {
    const res = await api.post('words/cms/decisions', { languageId: english, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as DecisionResponse;
  };

  it("stores each written word's flags, and the list filters and shows them", async () => {
    expect(await word(ids.hello!)).toMatchObject({ flags: null, decision: null });
    expect(await word(ids.paris!)).toMatchObject({ flags: 'proper-noun' });
    expect(await listed('flag=unknown')).toEqual(['xqzt', 'zorb']);
    expect(await listed(`flag=proper-noun&languageId=${english}`)).toEqual(['paris']);
    expect(await listed('flag=offensive')).toEqual([]);
    const bad = await api.get('words/cms/search/?flag=rude');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/must be one of: unknown, proper-noun, offensive/);
  });

  it('an edit of the letters judges the word again', async () => {
    const res = await api.put(`words/cms/${ids.world}`, { letters: 'worldz' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.flags).toBe('unknown');
    await api.put(`words/cms/${ids.world}`, { letters: 'world' }).expect(200);
    expect((await word(ids.world!)).flags).toBeNull();
  });

  it('accepting needs a reason, drops the finding, and is recorded in history', async () => {
    const refused = await api.post('words/cms/decisions', {
      languageId: english,
      words: ['xqzt'],
      decision: 'accepted',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors, JSON.stringify(refused.body)).toHaveProperty('reason');
    const answer = await decide({
      words: ['XQZT', 'nothere'],
      decision: 'accepted',
      reason: 'a brand name we use',
    });
    expect(answer.counts).toEqual({ decided: 1, unchanged: 0, rejected: 1 });
    expect(answer.results[1]!.message).toBe('No word "nothere" in English');
    expect(await word(ids.xqzt!)).toMatchObject({
      flags: null,
      decision: 'accepted',
      decisionReason: 'a brand name we use',
      isActive: true,
    });
    expect(await listed('flag=unknown')).toEqual(['zorb']);
    const history = await api.get(`audit/cms/search/?entity=words&entityId=${ids.xqzt}`);
    expect(history.body.content[0]).toMatchObject({
      action: 'update',
      before: { flags: 'unknown', decision: null, decisionReason: null },
      after: { flags: null, decision: 'accepted', decisionReason: 'a brand name we use' },
    });
  });

  it('an accepted word is no longer flagged after a re-import', async () => {
    const again = await api.post('words/cms/bulk', { rows: [{ letters: 'xqzt', languageId: english }] });
    expect(again.body.counts).toMatchObject({ unchanged: 1 });
    expect(await word(ids.xqzt!)).toMatchObject({ flags: null, decision: 'accepted' });
    const check = await api.post('words/cms/check', { languageId: english, words: ['xqzt'] });
    expect(check.body.results[0]).toMatchObject({ verdicts: [], decision: 'accepted' });
  });

  it('an excluded word is deactivated, stays so, and cannot be linked (409 naming the decision)', async () => {
    const answer = await decide({ words: ['zorb'], decision: 'excluded', reason: 'not a word' });
    expect(answer.counts.decided).toBe(1);
    expect(await word(ids.zorb!)).toMatchObject({ isActive: false, flags: null, decision: 'excluded' });
    const link = await api.post('letter-group-words/cms', { letterGroupId: group, wordId: ids.zorb });
    expect(link.status).toBe(409);
    expect(link.body.message).toBe(
      `Word ${ids.zorb} "zorb" is excluded by a content manager's decision: not a word: it cannot be linked to a letter group, nor so to a level`,
    );
    const bulkLink = await api.post('letter-group-words/cms/bulk', {
      rows: [{ letterGroupId: group, wordId: ids.zorb }],
    });
    expect(bulkLink.body.results[0]).toMatchObject({
      status: 'rejected',
      reason: expect.stringMatching(/is excluded/),
    });
    const activate = await api.put(`words/cms/${ids.zorb}`, { isActive: true });
    expect(activate.status).toBe(409);
    expect(activate.body.message).toMatch(/"zorb" is excluded .*: not a word; it stays inactive/);
    const reimport = await api.post('words/cms/bulk', { rows: [{ letters: 'zorb', languageId: english }] });
    expect(reimport.body.counts).toMatchObject({ unchanged: 1 });
    expect(await word(ids.zorb!)).toMatchObject({ isActive: false, decision: 'excluded' });
  });

  it('the dictionaries route counts findings and decisions per language', async () => {
    const res = await api.get('words/cms/dictionaries');
    expect(res.status).toBe(200);
    const mine = (res.body as LanguageDictionary[]).find((l) => l.languageId === english)!;
    expect(mine).toMatchObject({
      flagged: { unknown: 0, 'proper-noun': 1, offensive: 0 },
      decided: { accepted: 1, excluded: 1 },
    });
    expect(mine.dictionary?.source).toMatch(/en_GB\.dic$/);
  });

  it('after the dictionary is swapped, words are judged again; decided words keep no flags', async () => {
    const other = folderDictionary('en_US', ['hello', 'world', 'paris', 'pasta']);
    // The same database, restarted with another dictionary: the background pass judges again.
    const before = await status();
    await api.restart({ DICTIONARIES: `English=${other}` });
    await expect
      .poll(async () => (await status()).checkedAt !== before.checkedAt && !(await status()).checking, {
        timeout: 20_000,
      })
      .toBe(true);
    expect(await word(ids.paris!)).toMatchObject({ flags: null });
    expect(await word(ids.xqzt!)).toMatchObject({ flags: null, decision: 'accepted' });
    expect((await status()).dictionary?.source).toMatch(/en_US\.dic$/);
  });
});
