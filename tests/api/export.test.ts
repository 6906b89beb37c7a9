import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { createFixture, startApi, type ApiHarness, type Fixture } from './harness.ts';

/** `{resource}/cms/export`: every matching row, streamed, in the list's order. */
describe.each(DIALECTS)('export of a filtered list (%s)', (dialect) => {
  let api: ApiHarness;
  let f: Fixture;
  const MANY = 4500;

  beforeAll(async () => {
    api = await startApi(dialect);
    f = await createFixture(api);
    // More rows than one chunk of the export reads, written as an operator's import would.
    await sql`insert into words (letters, language_id)
      select 'bulk' || ${dialect === 'sqlite' ? sql`substr('00000' || i, -5)` : sql`right('00000' || i, 5)`}, ${f.spanish}
      from (${dialect === 'sqlite' ? sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${MANY}) select i from n` : sql`select generate_series(1, ${MANY}) as i`}) as numbers`.execute(
      api.database.db,
    );
    const level = await api.post('levels/cms', {
      hint: 'Commas, "quotes"\nand a new line',
      languageId: f.english,
      stageId: f.stage5,
    });
    expect(level.status).toBe(201);
  }, 60_000);
  afterAll(async () => api?.close());

  const exported = async (resource: string, query: string) => {
    const res = await api
      .get(`${resource}/cms/export?${query}`)
      .buffer(true)
      .parse((r, done) => {
        let text = '';
        r.setEncoding('utf8');
        r.on('data', (chunk: string) => (text += chunk));
        r.on('end', () => done(null, text));
      });
    return { status: res.status, type: res.headers['content-type'] as string, text: res.body as string, res };
  };

  it('writes every matching row past many chunks, once each, in id order', async () => {
    const { status, type, text } = await exported('words', `format=jsonl&languageId=${f.spanish}`);
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/x-ndjson/);
    const rows = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number; letters: string });
    expect(rows).toHaveLength(MANY + 1);
    expect(rows[0]!.letters).toBe('ñandú');
    expect(rows.at(-1)!.letters).toBe(`bulk0${MANY}`);
    const ids = rows.map((r) => r.id);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
  });

  it('answers CSV with a header, quoting what needs it, and the chosen fields in their order', async () => {
    const { text, type, res } = await exported(
      'levels',
      'format=csv&fields=hint,id,isActive,stageId&hint=quotes',
    );
    expect(type).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="levels.csv"');
    const [header, ...rest] = text.split('\n');
    expect(header).toBe('hint,id,isActive,stageId');
    expect(rest.join('\n')).toMatch(/^"Commas, ""quotes""\nand a new line",\d+,true,\d+\n$/);
  });

  it('answers a JSON array equal to what the search pages hold', async () => {
    const { text } = await exported('words', `languageId=${f.english}&letters=a`);
    const all = JSON.parse(text) as unknown[];
    const page = await api.get(`words/cms/search/?languageId=${f.english}&letters=a`);
    expect(all).toEqual(page.body.content);
    expect(JSON.parse((await exported('words', 'letters=nothing-like-this')).text)).toEqual([]);
  });

  it('keeps a newest-first list newest first', async () => {
    const rows = JSON.parse((await exported('audit', 'format=json&fields=id,action')).text) as Array<{
      id: number;
    }>;
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.map((r) => r.id)).toEqual(rows.map((r) => r.id).sort((a, b) => b - a));
  });

  it('refuses an unknown format or field, paging and unknown filters with a 400 that says why', async () => {
    const cases: Array<[string, RegExp]> = [
      ['format=xml', /format must be one of: csv, json, jsonl/],
      [
        'fields=letters,colour',
        /fields must name fields of Words once each, from: id, isActive, letters, languageId/,
      ],
      ['fields=', /fields must name/],
      ['page=2', /page is not taken: an export holds every matching row/],
      ['colour=red', /colour is not a filter of Words/],
      ['languageId=abc', /languageId must be a whole number from 1 to 2,147,483,647/],
    ];
    for (const [query, message] of cases) {
      const res = await api.get(`words/cms/export?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toMatch(message);
    }
  });
});
