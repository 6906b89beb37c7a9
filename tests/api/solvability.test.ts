import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startApi, type ApiHarness } from './harness.ts';

describe.each(DIALECTS)('solvability of levels (%s)', (dialect) => {
  let api: ApiHarness;
  const id: Record<string, number> = {};
  const created = async (path: string, body: object): Promise<number> => {
    const res = await api.post(path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  };

  beforeAll(async () => {
    api = await startApi(dialect);
    id.en = await created('languages/cms', { language: 'English' });
    id.es = await created('languages/cms', { language: 'Español' });
    id.stage = await created('stages/cms', { letterCount: 4, number: 1 });
    id.group = await created('letter-groups/cms', { letters: 'stop', languageId: id.en, stageId: id.stage });
    id.small = await created('letter-groups/cms', { letters: 'cat', languageId: id.en, stageId: id.stage });
    for (const [group, words] of [
      [id.group, ['stop', 'post', 'spot', 'pots', 'tops', 'opts', 'so']],
      [id.small, ['cat', 'act']],
    ] as const) {
      for (const letters of words) {
        const wordId = await created('words/cms', { letters, languageId: id.en });
        await created('letter-group-words/cms', { letterGroupId: group, wordId });
      }
    }
    // Inactive and foreign words linked to the group do not count.
    const off = await created('words/cms', { letters: 'tsop', languageId: id.en, isActive: false });
    await created('letter-group-words/cms', { letterGroupId: id.group, wordId: off });
    const foreign = await created('words/cms', { letters: 'stop', languageId: id.es });
    await created('letter-group-words/cms', { letterGroupId: id.group, wordId: foreign });

    const level = async (number: number, checkCondition: string, groups: number[]) => {
      const levelId = await created('levels/cms', {
        languageId: id.en,
        stageId: id.stage,
        number,
        checkCondition,
      });
      for (const g of groups) await created('letter-group-levels/cms', { letterGroupId: g, levelId });
      return levelId;
    };
    id.fine = await level(1, 'words::5::letters::4', [id.group]);
    id.few = await level(2, 'words::3', [id.group, id.small]);
    id.none = await level(3, 'words::2', []);
  });
  afterAll(async () => api?.close());

  it('judges a stored level with its linked letter groups', async () => {
    const res = await api.get(`levels/cms/${id.fine}/solvability`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ verdict: 'solvable', count: 6, required: 5, unknown: [] });
    expect(res.body.sample).toEqual(['opts', 'post', 'pots', 'spot', 'stop', 'tops']);
    expect(res.body.groups).toEqual([
      expect.objectContaining({
        letterGroupId: id.group,
        words: 7,
        usable: 6,
        available: 6,
        verdict: 'solvable',
      }),
    ]);
    const few = await api.get(`levels/cms/${id.few}/solvability`);
    expect(few.body).toMatchObject({ verdict: 'too-few-words', count: 9 });
    expect(few.body.reason).toBe(`letter group ${id.small} "cat": 2 usable words, 3 needed`);
    const none = await api.get(`levels/cms/${id.none}/solvability`);
    expect(none.body).toMatchObject({ verdict: 'unsolvable', count: 0, sample: [] });
    expect(none.body.reason).toMatch(/No letter group is linked/);
  });

  it("judges a level's unsaved values, as the verdict changes with the condition", async () => {
    const ask = (body: object) => api.post('levels/cms/solvability', body);
    const base = { id: id.fine, languageId: id.en, hint: 'sent along, ignored', stageId: id.stage };
    expect((await ask({ ...base, checkCondition: 'words::6::letters::4' })).body.verdict).toBe('solvable');
    expect((await ask({ ...base, checkCondition: 'words::7::letters::4' })).body.verdict).toBe(
      'too-few-words',
    );
    expect((await ask({ ...base, checkCondition: 'letters::9' })).body.verdict).toBe('unsolvable');
    // Required letter and position: the 4th letter of "stop" is p: post, pots.
    const p = await ask({ ...base, checkCondition: 'words::2::sameCharStart', requiredLetterPosition: 4 });
    expect(p.body).toMatchObject({ verdict: 'solvable', count: 2, sample: ['post', 'pots'] });
    // A new level: no id, letter groups named.
    const fresh = await ask({ languageId: id.en, checkCondition: 'words::2', letterGroupIds: [id.small] });
    expect(fresh.body).toMatchObject({ verdict: 'solvable', count: 2, sample: ['act', 'cat'] });
    expect((await ask({ languageId: id.en })).body.verdict).toBe('unsolvable');
    // A stored level with other letter groups named ("what if"): those, not its links, and the
    // links stay as they were.
    const whatIf = await ask({ ...base, checkCondition: 'words::2', letterGroupIds: [id.small] });
    expect(whatIf.body.groups.map((g: { letterGroupId: number }) => g.letterGroupId)).toEqual([id.small]);
    const none = await ask({ ...base, checkCondition: 'words::2', letterGroupIds: [] });
    expect(none.body.reason).toMatch(/No letter group is linked/);
    expect((await api.get(`levels/cms/${id.fine}/solvability`)).body.groups).toHaveLength(1);
    expect((await api.get(`levels/cms/${id.fine}/solvability`)).body.groups[0].letterGroupId).toBe(id.group);
  });

  it('answers a page of levels in one call', async () => {
    const res = await api.get(`levels/cms/solvability?ids=${id.fine},${id.few},${id.none},999999`);
    expect(res.status).toBe(200);
    expect(res.body.missing).toEqual([999999]);
    const verdicts = Object.fromEntries(
      res.body.levels.map((l: { id: number; verdict: string }) => [l.id, l.verdict]),
    );
    expect(verdicts).toEqual({
      [id.fine!]: 'solvable',
      [id.few!]: 'too-few-words',
      [id.none!]: 'unsolvable',
    });
  });

  it('filters the level search by solvable=yes|no, with the other filters and paging', async () => {
    const ids = async (query: string) => {
      const res = await api.get(`levels/cms/search/?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.content.map((l: { id: number }) => l.id);
    };
    expect(await ids('solvable=yes')).toEqual([id.fine]);
    expect(await ids('solvable=no')).toEqual([id.few, id.none]);
    expect(await ids('solvable=no&size=1&page=1')).toEqual([id.none]);
    expect(await ids('solvable=')).toEqual([id.fine, id.few, id.none]);
    // With the list's sort and `ids` (the levels both name), and in its export.
    expect(await ids('solvable=no&sort=id:desc')).toEqual([id.none, id.few]);
    expect(await ids(`solvable=no&ids=${id.fine},${id.few}`)).toEqual([id.few]);
    const exported = await api.get('levels/cms/export?format=json&solvable=no&sort=id:desc');
    expect(exported.status, exported.text).toBe(200);
    expect(exported.body.map((l: { id: number }) => l.id)).toEqual([id.none, id.few]);
    expect((await api.get('levels/cms/export?format=json&solvable=')).body).toHaveLength(3);
    expect((await api.get('levels/cms/export?solvable=maybe')).status).toBe(400);
    // A change is seen at once (the cached verdicts follow the content).
    const put = await api.put(`levels/cms/${id.few}`, { checkCondition: 'words::2' });
    expect(put.status).toBe(200);
    expect(await ids('solvable=yes')).toEqual([id.fine, id.few]);
  });

  it('the solvable filter judges every level as the level alone is judged', async () => {
    // The whole table is judged at once (each letter group once per condition, shared by its
    // levels): every kind of level, then the filter compared with each level's own verdict.
    const empty = await created('letter-groups/cms', {
      letters: 'zzzq',
      languageId: id.en,
      stageId: id.stage,
    });
    const off = await created('letter-groups/cms', {
      letters: 'mood',
      languageId: id.en,
      stageId: id.stage,
      isActive: false,
    });
    const level = async (number: number, body: object, groups: number[]) => {
      const levelId = await created('levels/cms', { languageId: id.en, stageId: id.stage, number, ...body });
      for (const g of groups) await created('letter-group-levels/cms', { letterGroupId: g, levelId });
      return levelId;
    };
    const made = [
      // The same letter group under other conditions: each judged with its own.
      await level(20, { checkCondition: 'words::6' }, [id.group!]),
      await level(21, { checkCondition: 'words::7' }, [id.group!]),
      await level(22, { checkCondition: 'words::2::sameCharStart', requiredLetterPosition: 4 }, [id.group!]),
      await level(23, { checkCondition: 'words::1::sameCharEnd', requiredLetterPosition: 9 }, [id.group!]),
      await level(24, { checkCondition: 'words::3::endIsStart' }, [id.group!, id.small!]),
      await level(25, { checkCondition: 'words::1' }, [empty]),
      await level(26, { checkCondition: 'words::1' }, [off]),
      await level(27, { checkCondition: 'words::1' }, [off, id.small!]),
      // Spanish: only the group's one Spanish word counts.
      await level(28, { languageId: id.es, checkCondition: 'words::1' }, [id.group!]),
      await level(29, { languageId: id.es, checkCondition: 'words::2' }, [id.group!]),
    ];
    const batch = await api.get(`levels/cms/solvability?ids=${made.join(',')}`);
    const alone = new Map<number, string>(
      batch.body.levels.map((l: { id: number; verdict: string }) => [l.id, l.verdict]),
    );
    expect(new Set(alone.values())).toEqual(new Set(['solvable', 'too-few-words', 'unsolvable']));
    const listed = async (choice: string) =>
      new Set<number>(
        (await api.get(`levels/cms/search/?solvable=${choice}&size=100`)).body.content.map(
          (l: { id: number }) => l.id,
        ),
      );
    const [yes, no] = [await listed('yes'), await listed('no')];
    for (const levelId of made) {
      expect([levelId, yes.has(levelId)]).toEqual([levelId, alone.get(levelId) === 'solvable']);
      expect(no.has(levelId)).toBe(alone.get(levelId) !== 'solvable');
    }
  });

  it('refuses bad input with a clear 4xx, and strangers with 401', async () => {
    const bad = await api.post('levels/cms/solvability', { languageId: 'x', checkCondition: 3 });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toHaveProperty('languageId');
    const unknown = await api.post('levels/cms/solvability', { languageId: id.en, colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/colour/);
    expect((await api.get('levels/cms/solvability')).status).toBe(400);
    expect((await api.get(`levels/cms/solvability?ids=${'1,'.repeat(101)}1`)).body.message).toMatch(
      /at most 100/,
    );
    expect((await api.get('levels/cms/abc/solvability')).status).toBe(400);
    expect((await api.get('levels/cms/999999/solvability')).status).toBe(404);
    const filter = await api.get('levels/cms/search/?solvable=maybe');
    expect(filter.status).toBe(400);
    expect(filter.body.message).toMatch(/solvable must be one of: yes, no/);
    const { default: request } = await import('supertest');
    expect(
      (await request(api.app).get(`/arguscreative/words/levels/cms/${id.fine}/solvability`)).status,
    ).toBe(401);
    expect((await request(api.app).get('/arguscreative/words/levels/cms/search/?solvable=yes')).status).toBe(
      401,
    );
  });

  // Last: it spends this admin's allowance.
  it('is rate-limited per admin, with Retry-After', async () => {
    let res = await api.get(`levels/cms/${id.fine}/solvability`);
    for (let i = 0; i < 130 && res.status === 200; i++)
      res = await api.get(`levels/cms/${id.fine}/solvability`);
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body.message).toMatch(/^Too many solvability requests\. Try again in \d+ seconds\.$/);
    // The level list itself is not limited.
    expect((await api.get('levels/cms/search/')).status).toBe(200);
  });
});
