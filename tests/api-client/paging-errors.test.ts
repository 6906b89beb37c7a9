import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, logInWithClient, startClientHarness, type ClientHarness } from './harness.ts';

describe('API client: 1-based pages, filters on the wire, server errors', () => {
  let h: ClientHarness;
  let english: number;
  let spanish: number;
  const WORDS = 25;

  beforeAll(async () => {
    h = await startClientHarness();
    await logInWithClient(h);
    english = (await h.client.languages.create({ language: 'English' })).id;
    spanish = (await h.client.languages.create({ language: 'Español' })).id;
    const rows = Array.from({ length: WORDS }, (_, i) => ({
      letters: `word${String.fromCharCode(97 + i)}`,
      languageId: english,
    }));
    await h.client.words.bulk([...rows, { letters: 'hola', languageId: spanish }]);
  });
  afterAll(async () => h?.close());

  it('page N for callers is page N-1 on the wire, and the answer is 1-based again', async () => {
    const second = await h.client.words.search({ page: 2, size: 10, filters: { languageId: english } });
    expect(h.requests.at(-1)).toBe(
      `GET /arguscreative/words/words/cms/search/?page=1&size=10&languageId=${english}`,
    );
    expect(second).toMatchObject({
      page: 2,
      size: 10,
      totalPages: 3,
      totalElements: WORDS,
      first: false,
      last: false,
    });
    expect(second.items.map((w) => w.letters)).toEqual(
      Array.from({ length: 10 }, (_, i) => `word${String.fromCharCode(107 + i)}`),
    );
    const third = await h.client.words.search({ page: 3, size: 10, filters: { languageId: english } });
    expect(third).toMatchObject({ page: 3, first: false, last: true });
    expect(third.items).toHaveLength(5);
    const first = await h.client.words.search({ size: 10 });
    expect(first).toMatchObject({ page: 1, first: true, totalElements: WORDS + 1 });
    expect(h.requests.at(-1)).toBe('GET /arguscreative/words/words/cms/search/?page=0&size=10');
  });

  it('searchAll reads every page, 100 rows per request', async () => {
    const start = h.requests.length;
    const all: string[] = [];
    for await (const word of h.client.words.searchAll()) all.push(word.letters);
    expect(all).toHaveLength(WORDS + 1);
    expect(new Set(all).size).toBe(WORDS + 1);
    expect(h.requests.slice(start)).toEqual(['GET /arguscreative/words/words/cms/search/?page=0&size=100']);

    const paged: number[] = [];
    for await (const word of h.client.words.searchAll({ size: 7, filters: { languageId: english } }))
      paged.push(word.id);
    expect(paged).toHaveLength(WORDS);
    expect(h.requests.slice(-4).map((r) => /page=(\d+)/.exec(r)?.[1])).toEqual(['0', '1', '2', '3']);
  });

  it('exportAll streams every matching record in one request', async () => {
    const start = h.requests.length;
    const all: Array<{ id: number; languageId: number }> = [];
    for await (const word of h.client.words.exportAll({ filters: { languageId: english } })) all.push(word);
    expect(all).toHaveLength(WORDS);
    expect(all.every((w) => w.languageId === english)).toBe(true);
    expect(all.map((w) => w.id)).toEqual(all.map((w) => w.id).sort((a, b) => a - b));
    expect(h.requests.slice(start)).toEqual([
      `GET /arguscreative/words/words/cms/export?languageId=${english}&format=jsonl`,
    ]);
  });

  it('sends only non-empty filters, booleans as true/false', async () => {
    await h.client.words.search({ filters: { letters: '', languageId: null, isActive: undefined } });
    expect(h.requests.at(-1)).toBe('GET /arguscreative/words/words/cms/search/?page=0');
    const inactive = await h.client.words.search({ filters: { isActive: false, letters: '  ' } });
    expect(h.requests.at(-1)).toBe('GET /arguscreative/words/words/cms/search/?page=0&isActive=false');
    expect(inactive.totalElements).toBe(0);
    const aliased = await h.client.words.search({ filters: { idLanguage: spanish } as never });
    expect(aliased.items.map((w) => w.letters)).toEqual(['hola']);
  });

  it('refuses a page below 1 before calling the server', async () => {
    const before = h.requests.length;
    await expect(h.client.words.search({ page: 0 })).rejects.toThrow(RangeError);
    await expect(h.client.words.search({ page: 1.5 })).rejects.toThrow(RangeError);
    expect(h.requests.length).toBe(before);
  });

  it('400 carries the message and the field errors', async () => {
    const error = await failure(h.client.levels.create({ stageId: 1 } as never));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^Invalid level: /);
    expect(error.fieldErrors.languageId).toEqual([expect.any(String)]);
    expect(error.body).toMatchObject({ message: error.message, fieldErrors: error.fieldErrors });

    const badFilter = await failure(h.client.words.search({ filters: { nonsense: 'x' } as never }));
    expect(badFilter.status).toBe(400);
    expect(Object.keys(badFilter.fieldErrors)).toEqual(['nonsense']);
  });

  it('404 and 409 carry the server message; fieldErrors is {} when the body has none', async () => {
    const missing = await failure(h.client.words.get(987_654));
    expect(missing.status).toBe(404);
    expect(missing.message).toMatch(/987654/);
    expect(missing.fieldErrors).toEqual({});

    const duplicate = await failure(h.client.languages.create({ language: 'English' }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.message).toMatch(/already exists/);

    const inUse = await failure(h.client.languages.remove(english));
    expect(inUse.status).toBe(409);
    expect(inUse.message).toMatch(/still used by/);
  });

  it('getVersioned gives the ETag; update and remove with ifMatch send it, and a stale one is a 412', async () => {
    const created = await h.client.languages.create({ language: 'Versioned' });
    const { record, version } = await h.client.languages.getVersioned(created.id);
    expect(record.language).toBe('Versioned');
    expect(version).toMatch(/^"[0-9a-f]{32}"$/);
    const saved = await h.client.languages.update(
      created.id,
      { language: 'Versioned A' },
      { ifMatch: version },
    );
    expect(saved.language).toBe('Versioned A');
    const stale = await failure(
      h.client.languages.update(created.id, { language: 'B' }, { ifMatch: version }),
    );
    expect(stale.status).toBe(412);
    expect(stale.message).toMatch(new RegExp(`^Language ${created.id} has changed since you read it`));
    expect((await failure(h.client.languages.remove(created.id, { ifMatch: version }))).status).toBe(412);
    const fresh = await h.client.languages.getVersioned(created.id);
    expect(await h.client.languages.remove(created.id, { ifMatch: fresh.version })).toBe(created.id);
  });

  it('401 without a held token: no refresh is attempted, the error is thrown as it is', async () => {
    const saved = h.tokens.current;
    h.tokens.current = null;
    const start = h.requests.length;
    try {
      const error = await failure(h.client.words.search());
      expect(error.status).toBe(401);
      expect(h.requests.slice(start)).toEqual(['GET /arguscreative/words/words/cms/search/?page=0']);
    } finally {
      h.tokens.current = saved;
    }
  });
});
