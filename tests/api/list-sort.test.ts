import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { contentEntities, level, word } from '#shared/entities/index.ts';
import { keysetChunks, listQueries } from '../../server/api/resources/list-query.ts';
import { snakeCase } from '../../server/api/resources/rows.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { createFixture, startApi, type ApiHarness, type Fixture } from './harness.ts';

/** `?sort=field[:desc]` of the search and export (issue 12): order, tiebreak, NULLs, keyset, 400s. */
describe.each(DIALECTS)('list sort (%s)', (dialect) => {
  let api: ApiHarness;
  let f: Fixture;
  const levelIds: number[] = [];

  beforeAll(async () => {
    api = await startApi(dialect);
    f = await createFixture(api);
    levelIds.push(f.level);
    // Hints with ties and NULLs, so the id tiebreak and the NULL block are both exercised.
    for (const hint of [null, 'b', 'a', null, 'b', 'c', null]) {
      const res = await api.post('levels/cms', { hint, languageId: f.english, stageId: f.stage5 });
      expect(res.status).toBe(201);
      levelIds.push(res.body.id as number);
    }
  });
  afterAll(() => api?.close());

  const searchIds = async (path: string) => {
    const res = await api.get(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.content as Array<{ id: number }>).map((row) => row.id);
  };

  it('sorts by a text field both ways, then by id', async () => {
    const up = await searchIds('words/cms/search/?sort=letters');
    const down = await searchIds('words/cms/search/?sort=letters:desc');
    const all = (await api.get('words/cms/search/')).body.content as Array<{ id: number; letters: string }>;
    const expected = [...all]
      .sort((a, b) => (a.letters < b.letters ? -1 : a.letters > b.letters ? 1 : a.id - b.id))
      .map((row) => row.id);
    expect(up).toEqual(expected);
    expect(down).toEqual([...expected].reverse());
  });

  it("reads ?ids= in the list's order, filtered and paged, as the whole list has them", async () => {
    // Few ids are read straight by primary key, more through the list's own plan: both must agree
    // with the whole list.
    for (const [letters, languageId] of [
      ['mango', f.english],
      ['casa', f.spanish],
      ['zebra', f.english],
      ['perro', f.spanish],
      ['apple', f.english],
    ] as const) {
      expect((await api.post('words/cms', { letters, languageId })).status).toBe(201);
    }
    const whole = (await api.get('words/cms/search/?sort=letters:desc&size=100')).body.content as Array<{
      id: number;
      languageId: number;
    }>;
    expect(whole.length).toBeGreaterThan(4);
    const chosen = whole.filter((_, i) => i % 3 !== 1);
    const expected = chosen.map((row) => row.id);
    const ids = `ids=${[...expected].reverse().join(',')}`;
    expect(await searchIds(`words/cms/search/?${ids}&sort=letters:desc&size=100`)).toEqual(expected);
    const paged: number[] = [];
    for (let page = 0; page * 2 < expected.length; page += 1)
      paged.push(...(await searchIds(`words/cms/search/?${ids}&sort=letters:desc&size=2&page=${page}`)));
    expect(paged).toEqual(expected);
    // With a filter beside them, in id order.
    for (const language of [f.english, f.spanish]) {
      expect(await searchIds(`words/cms/search/?${ids}&languageId=${language}&size=100`)).toEqual(
        chosen
          .filter((row) => row.languageId === language)
          .map((row) => row.id)
          .sort((x, y) => x - y),
      );
    }
  });

  it('pages a sorted list with ties and NULLs without losing or repeating a row', async () => {
    for (const dir of ['asc', 'desc']) {
      const whole = await searchIds(`levels/cms/search/?sort=hint:${dir}&size=100`);
      const paged: number[] = [];
      for (let page = 0; page < 4; page += 1)
        paged.push(...(await searchIds(`levels/cms/search/?sort=hint:${dir}&size=2&page=${page}`)));
      expect(paged).toEqual(whole);
      expect([...whole].sort((a, b) => a - b)).toEqual([...levelIds].sort((a, b) => a - b));
      // Ties keep the id order of the direction.
      const rows = (await api.get(`levels/cms/search/?sort=hint:${dir}&size=100`)).body.content as Array<{
        id: number;
        hint: string | null;
      }>;
      const bs = rows.filter((row) => row.hint === 'b').map((row) => row.id);
      expect(bs).toEqual([...bs].sort((a, b) => (dir === 'asc' ? a - b : b - a)));
    }
  });

  it('reads a sorted list by keyset (exports, bulk edits) in the same order as its pages, NULLs too', async () => {
    for (const field of level.sortable ?? []) {
      for (const dir of ['asc', 'desc'] as const) {
        const request = { page: 0, size: 100, filters: [], sort: { field, dir } };
        const whole = (await listQueries(api.database, level, request).rows()).map((row) => Number(row.id));
        const chunked: number[] = [];
        const small = listQueries(api.database, level, { ...request, size: 2 });
        for await (const rows of keysetChunks(small, 2)) chunked.push(...rows.map((row) => Number(row.id)));
        expect(chunked, `${field}:${dir}`).toEqual(whole);
      }
    }
  });

  it('serves deep sorted pages (PostgreSQL: from remembered rows) exactly as the whole order has them', async () => {
    // 2,600 words with many ties on isActive: pages past DEEP_OFFSET (2,000) start from anchors.
    const rows = Array.from({ length: 2600 }, (_, i) => ({
      letters: `deep${String(i).padStart(4, '0')}`,
      languageId: f.english,
      isActive: i % 3 === 0,
    }));
    for (let at = 0; at < rows.length; at += 500) {
      const values = rows.slice(at, at + 500).map((row) => ({
        ...row,
        isActive: dialect === 'sqlite' ? Number(row.isActive) : row.isActive,
      }));
      await api.database.db
        .insertInto('words')
        .values(values as never)
        .execute();
    }
    for (const sort of ['isActive:desc', 'letters', 'letters:desc']) {
      const [field, dir = 'asc'] = sort.split(':') as [string, 'asc' | 'desc'];
      const truth = (
        await listQueries(api.database, word, {
          page: 0,
          size: 100,
          filters: [],
          sort: { field, dir },
        }).rows()
      ).length; // the first page, to be sure the list reads at all
      expect(truth).toBe(100);
      const all: number[] = [];
      for await (const chunk of keysetChunks(
        listQueries(api.database, word, { page: 0, size: 1000, filters: [], sort: { field, dir } }),
        1000,
      ))
        all.push(...chunk.map((row) => Number(row.id)));
      // Forward, then the same pages again and backwards (anchors below and above), then a jump.
      for (const page of [110, 111, 112, 112, 111, 109, 125, 105]) {
        const ids = await searchIds(`words/cms/search/?sort=${sort}&size=20&page=${page}`);
        expect(ids, `${sort} page ${page}`).toEqual(all.slice(page * 20, page * 20 + 20));
      }
    }
    // A text filter alone, in id order: on SQLite its trigram index answers by itself, deep pages too.
    const matching = (
      await api.database.db
        .selectFrom('words')
        .select('id')
        .where('letters', 'like', 'deep%')
        .orderBy('id')
        .execute()
    ).map((row) => Number(row.id));
    expect(matching.length).toBe(2600);
    for (const page of [110, 111, 111, 109, 125, 105]) {
      const ids = await searchIds(`words/cms/search/?letters=eep&size=20&page=${page}`);
      expect(ids, `letters=eep page ${page}`).toEqual(matching.slice(page * 20, page * 20 + 20));
    }
    // Few matches, in a sort of their own.
    const few = matching.slice(0, 100).reverse(); // deep0000–deep0099, by letters descending
    for (const page of [0, 1, 4, 5]) {
      const ids = await searchIds(`words/cms/search/?letters=eep00&sort=letters:desc&size=20&page=${page}`);
      expect(ids, `letters=eep00 page ${page}`).toEqual(few.slice(page * 20, page * 20 + 20));
    }
    // A row written straight into the table (no API call to forget anything) moves every row after
    // it one place on: the anchors remembered before the write are never used again.
    const pageOf = (page: number) => searchIds(`words/cms/search/?sort=letters&size=20&page=${page}`);
    const before = await pageOf(112);
    await api.database.db
      .insertInto('words')
      .values({ letters: 'deep0000a', languageId: f.english } as never)
      .execute();
    const after = await pageOf(112);
    expect(after[0]).not.toBe(before[0]);
    expect(after.slice(1)).toEqual(before.slice(0, -1));
  });

  it('exports in the sort asked for', async () => {
    const res = await api.get('words/cms/export?format=json&sort=letters:desc&letters=a');
    expect(res.status).toBe(200);
    const exported = (JSON.parse(res.text) as Array<{ id: number }>).map((row) => row.id);
    expect(exported).toEqual(await searchIds('words/cms/search/?sort=letters:desc&letters=a'));
    expect(exported.length).toBeGreaterThan(1);
  });

  it('answers only the rows asked for by ids', async () => {
    const ids = await searchIds(`words/cms/search/?ids=${f.words[2]},${f.words[0]}`);
    expect(ids).toEqual([f.words[0], f.words[2]]);
  });

  it('refuses an unknown or unindexed sort field, a bad direction and bad ids with a clear 400', async () => {
    const unknown = await api.get('words/cms/search/?sort=nope');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(
      'Invalid search of words: sort cannot sort Words by "nope"; sortable: id, isActive, letters, languageId',
    );
    const unindexed = await api.get('users/cms/search/?sort=appleId');
    expect(unindexed.status).toBe(400);
    expect(unindexed.body.fieldErrors.sort[0]).toMatch(/^cannot sort Users by "appleId"; sortable: id, /);
    const direction = await api.get('words/cms/search/?sort=letters:up');
    expect(direction.status).toBe(400);
    expect(direction.body.message).toMatch(/sort must be a field, then optionally :asc or :desc/);
    expect((await api.get('words/cms/export?sort=nope')).status).toBe(400);
    expect((await api.get('words/cms/search/?ids=1,x')).status).toBe(400);
    expect((await api.get('words/cms/export?ids=1')).status).toBe(400);
  });

  it('has an index starting with every sortable column, so no sorted page sorts a table', async () => {
    const leading = new Map<string, Set<string>>();
    if (dialect === 'sqlite') {
      const rows = await sql<{ tbl: string; col: string }>`
        select i.tbl_name as tbl, (select name from pragma_index_info(i.name) where seqno = 0) as col
        from sqlite_master i where i.type = 'index'`.execute(api.database.db);
      for (const { tbl, col } of rows.rows)
        (leading.get(tbl) ?? leading.set(tbl, new Set()).get(tbl)!).add(col);
    } else {
      const rows = await sql<{ tbl: string; def: string }>`
        select tablename as tbl, indexdef as def from pg_indexes where schemaname = current_schema()`.execute(
        api.database.db,
      );
      for (const { tbl, def } of rows.rows) {
        const col = /\("?([a-z_]+)"?[,)]/.exec(def)?.[1];
        if (col) (leading.get(tbl) ?? leading.set(tbl, new Set()).get(tbl)!).add(col);
      }
    }
    for (const entity of [...contentEntities, word]) {
      const table = snakeCase(entity.table);
      for (const field of entity.sortable ?? []) {
        expect(leading.get(table)?.has(snakeCase(field)), `${table}.${snakeCase(field)}`).toBe(true);
      }
    }
  });
});
