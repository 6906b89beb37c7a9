import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { createFixture, insertPlayer, startApi, type ApiHarness, type Fixture } from './harness.ts';

/**
 * Substring filters are answered through trigram indexes the database keeps (FTS5 on SQLite,
 * pg_trgm on PostgreSQL). These rows are written with plain SQL, as an operator's import would,
 * and must be found, changed and gone exactly as the API's own writes are.
 */
describe.each(DIALECTS)('substring search through the database’s own index (%s)', (dialect) => {
  let api: ApiHarness;
  let f: Fixture;
  const raw = (statement: ReturnType<typeof sql>) => statement.execute(api.database.db);

  const found = async (resource: string, query: string) => {
    const res = await api.get(`${resource}/cms/search/?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { content: Array<Record<string, unknown>>; totalElements: number };
  };
  const letters = async (query: string) => (await found('words', query)).content.map((w) => w.letters);

  beforeAll(async () => {
    api = await startApi(dialect);
    f = await createFixture(api);
    const word = (text: string) =>
      sql`insert into words (letters, language_id) values (${text}, ${f.english})`;
    for (const text of ['IZMIR', 'kırmızı', 'ПРИВЕТ', 'Straße', 'ΣΊΣΥΦΟΣ']) await raw(word(text));
    for (let i = 0; i < 25; i++) await raw(word(`nation${String(i).padStart(2, '0')}`));
  });
  afterAll(async () => api?.close());

  it('finds rows inserted with SQL, ignoring case in every alphabet', async () => {
    expect(await letters('letters=привет')).toEqual(['ПРИВЕТ']);
    expect(await letters('letters=STRAßE')).toEqual(['Straße']);
    expect(await letters('letters=σίσυ')).toEqual(['ΣΊΣΥΦΟΣ']);
    // ı and I are one letter in two cases; İzmir's capital I is found from a dotless ı.
    expect(await letters('letters=ızmir')).toEqual(['IZMIR']);
    expect(await letters('letters=KIRMIZ')).toEqual([]);
    expect(await letters('letters=kırmız')).toEqual(['kırmızı']);
  });

  it('counts and pages the matches in id order', async () => {
    const first = await found('words', 'letters=NATION&size=10');
    expect(first.totalElements).toBe(25);
    expect(first.content.map((w) => w.letters)).toEqual(
      Array.from({ length: 10 }, (_, i) => `nation${String(i).padStart(2, '0')}`),
    );
    const third = await found('words', 'letters=nation&size=10&page=2');
    expect(third.content.map((w) => w.letters)).toEqual([
      'nation20',
      'nation21',
      'nation22',
      'nation23',
      'nation24',
    ]);
    expect((await found('words', `letters=nation&isActive=true&languageId=${f.english}`)).totalElements).toBe(
      25,
    );
    expect((await found('words', `letters=nation&languageId=${f.spanish}`)).totalElements).toBe(0);
  });

  it('follows updates and deletes made with SQL', async () => {
    await raw(sql`update words set letters = ${'renamed'} where letters = ${'nation24'}`);
    await raw(sql`delete from words where letters = ${'nation23'}`);
    expect((await found('words', 'letters=nation')).totalElements).toBe(23);
    expect(await letters('letters=RENAM')).toEqual(['renamed']);
  });

  it('takes quotes, spaces and punctuation literally', async () => {
    const level = await api.post('levels/cms', {
      hint: 'Say "hello" — then AND OR NEAR',
      languageId: f.english,
      stageId: f.stage5,
    });
    expect(level.status).toBe(201);
    const hints = async (query: string) =>
      (await found('levels', `hint=${encodeURIComponent(query)}`)).content.map((l) => l.id);
    expect(await hints('"hello"')).toEqual([level.body.id]);
    expect(await hints('o" — t')).toEqual([level.body.id]);
    expect(await hints('and or near')).toEqual([level.body.id]);
    expect(await hints('"hello" AND')).toEqual([]);
  });

  it('keeps a newest-first list newest first, through the index alone', async () => {
    for (const username of ['searcher-a', 'searcher-b']) await insertPlayer(api, { username });
    const audit = await found('audit', 'username=ADMI&size=3');
    const ids = audit.content.map((entry) => entry.id as number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(audit.totalElements).toBeGreaterThan(3);
    const users = await found('users', 'username=SEARCHER');
    expect(users.content.map((u) => u.username)).toEqual(['searcher-a', 'searcher-b']);
  });
});
