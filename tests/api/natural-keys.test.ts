import { Writable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type AppHandle } from '../../server/app.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { LATE_UNIQUE_RULES } from '../../server/db/natural-keys.ts';
import { createLogger } from '../../server/logger.ts';
import { loginAsAdmin } from '../helpers/admin-login.ts';
import { DIALECTS, testDatabase, type TestDatabase } from '../helpers/databases.ts';
import { contentEntities, type AnyEntity } from '#shared/entities/index.ts';
import { ADMIN, PREFIX, START, testConfig, useApiWithFixture } from './harness.ts';

const RAW_ZOD = /Too big|Too small|expected int|9007199254740991|Invalid input/;

describe.each(DIALECTS)('honest input and unique natural keys through the API (%s)', (dialect) => {
  const { api, f } = useApiWithFixture(dialect);

  it('refuses what it would otherwise have to strip or cut, saying what is wrong', async () => {
    const script = await api.post('letter-groups/cms', {
      letters: '</script>x',
      languageId: f.english,
      stageId: f.stage5,
    });
    expect(script.status).toBe(400);
    expect(script.body.fieldErrors.letters).toEqual([
      'contains "<" (U+003C): only letters (separated by spaces or commas) are allowed',
    ]);

    const long = await api.post('languages/cms', { language: 'L'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors.language).toEqual(['must be at most 100 characters (it has 101)']);

    const invisible = await api.post('languages/cms', { language: '\u200B\u200B\u2060' });
    expect(invisible.status).toBe(400);
    expect(invisible.body.fieldErrors.language).toEqual([
      'contains only invisible characters (such as zero-width spaces)',
    ]);

    const huge = await api.post('stages/cms', { letterCount: 5, number: 1e20 });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toBe('Invalid stage: number must be at most 2,147,483,647');
    expect(JSON.stringify(huge.body)).not.toMatch(RAW_ZOD);

    const mixed = await api.post('words/cms', { letters: 'p\u0430t', languageId: f.english });
    expect(mixed.status).toBe(400);
    expect(mixed.body.fieldErrors.letters[0]).toMatch(/mixes alphabets: "а" \(U\+0430\) is Cyrillic/);
  });

  it("keeps a language's words and letter groups to its alphabet", async () => {
    const cyrillic = await api.post('words/cms', { letters: 'мир', languageId: f.english });
    expect(cyrillic.status).toBe(400);
    expect(cyrillic.body.fieldErrors.letters).toEqual([
      'is written in Cyrillic letters, but "English" is written in Latin letters (like "tap")',
    ]);
    const group = await api.put(`letter-groups/cms/${f.group}`, { letters: 'ΑΒΓΔΕ' });
    expect(group.status).toBe(400);
    expect(group.body.message).toMatch(/^Invalid letter group: letters is written in Greek letters/);
    // A language without content yet takes its first word's alphabet.
    const russian = await api.post('languages/cms', { language: 'Русский' });
    expect((await api.post('words/cms', { letters: 'мир', languageId: russian.body.id })).status).toBe(201);
    expect((await api.post('words/cms', { letters: 'peace', languageId: russian.body.id })).status).toBe(400);
    // A bulk edit moving it into English is refused for that row, saying why.
    const mir = (await api.get(`words/cms/search/?languageId=${russian.body.id}`)).body.content[0].id;
    const moved = await api.post('words/cms/bulk-update', { ids: [mir], set: { languageId: f.english } });
    expect(moved.body).toMatchObject({ changed: 0, refused: 1 });
    expect(moved.body.refusals[0].reason).toMatch(/is written in Cyrillic letters, but "English"/);
  });

  it('stores trimmed NFC text', async () => {
    const res = await api.post('languages/cms', { language: '\u200B Franc\u0327ais ' });
    expect(res.status).toBe(201);
    expect(res.body.language).toBe('Français');
  });

  it('answers 409 naming the existing record for every natural key', async () => {
    const stage = await api.post('stages/cms', { letterCount: 7, number: 1 });
    expect(stage.status).toBe(409);
    expect(stage.body.message).toBe(`A stage with number 1 already exists (id ${f.stage5})`);

    const moved = await api.put(`stages/cms/${f.stage6}`, { number: 1 });
    expect(moved.status).toBe(409);

    const language = await api.post('languages/cms', { language: 'ENGLISH' });
    expect(language.status).toBe(409);
    expect(language.body.message).toBe(
      `A language with language "ENGLISH" already exists (id ${f.english}, "English"; compared ignoring case)`,
    );
    // Beyond ASCII too: SQLite's lower() would not see "ESPAÑOL" as "Español".
    const spanish = await api.post('languages/cms', { language: 'ESPAÑOL' });
    expect(spanish.status).toBe(409);

    const word = await api.post('words/cms', { letters: 'TAP', languageId: f.english });
    expect(word.status).toBe(409);
    const group = await api.post('letter-groups/cms', {
      letters: 'P, A, S, T, A',
      languageId: f.english,
      stageId: f.stage5,
    });
    expect(group.status).toBe(409);
    expect(group.body.message).toMatch(new RegExp(`already exists \\(id ${f.group}\\)`));
  });

  it('bulk upserts match language names ignoring case instead of failing on the index', async () => {
    const res = await api.post('languages/cms/bulk', { rows: [{ language: 'english', isActive: false }] });
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({ status: 'updated', id: f.english });
    await api.put(`languages/cms/${f.english}`, { isActive: true });
  });
});

/** Log lines of the app, parsed. */
function captureLog() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createLogger({ logLevel: 'info' }, stream) };
}

async function indexes(database: DatabaseHandle): Promise<string[]> {
  const db = database.db as unknown as Kysely<unknown>;
  const names = LATE_UNIQUE_RULES.map((rule) => rule.index);
  const { rows } =
    database.dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(db)
      : await sql<{
          name: string;
        }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(db);
  return rows.map((r) => r.name).filter((name) => names.includes(name));
}

describe.each(DIALECTS)('rows stored before the unique rules (%s)', (dialect) => {
  let testDb: TestDatabase;
  let database: DatabaseHandle;
  const apps: AppHandle[] = [];
  const config = () => testConfig(testDb);
  const start = async (logger = captureLog()) => {
    const app = await createApp(config(), {
      database: testDb.options,
      clock: () => START,
      logger: logger.logger,
    });
    apps.push(app);
    return { app, ...logger };
  };

  beforeAll(async () => {
    testDb = testDatabase(dialect);
    database = await openDatabase(testDb.options);
    // A database from before migration 0009 (or an operator's insert): the rules broken already.
    const db = database.db as unknown as Kysely<unknown>;
    for (const rule of LATE_UNIQUE_RULES) await sql`drop index ${sql.id(rule.index)}`.execute(db);
    await sql`insert into stages (letter_count, number, letters) values (5, 6, 'a'), (6, 6, 'b'), (7, 8, 'c')`.execute(
      db,
    );
    await sql`insert into languages (language) values ('English'), ('english'), ('Deutsch')`.execute(db);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
    await testDb?.drop();
  });

  it('starts, warns once naming the duplicates, and enforces each rule once they are resolved', async () => {
    const { app, lines } = await start();
    const warnings = lines.filter((line) => line.naturalKey && line.level === 40);
    expect(warnings.map((w) => w.naturalKey)).toEqual([
      { table: 'stages', index: 'stages_natural_key_unique', duplicates: [{ key: '6', ids: [1, 2] }] },
      {
        table: 'languages',
        index: 'languages_natural_key_unique',
        duplicates: [{ key: 'English', ids: [1, 2] }],
      },
    ]);
    expect(String(warnings[0]!.msg)).toMatch(/Stages share a number that must be unique: "6" \(ids 1, 2\)/);
    expect(await indexes(database)).toEqual([]);

    const { accessToken } = await loginAsAdmin(app.handler, { ...ADMIN, clock: () => START });
    const client = request(app.handler);
    const call = (method: 'post' | 'put' | 'delete', path: string, body?: object) =>
      client[method](`${PREFIX}/${path}`).set('Authorization', `Bearer ${accessToken}`).send(body);

    // No new duplicate meanwhile, and editing other fields of a duplicate still works.
    const third = await call('post', 'stages/cms', { letterCount: 5, number: 6 });
    expect(third.status).toBe(409);
    expect(third.body.message).toBe('A stage with number 6 already exists (id 1)');
    expect((await call('put', 'stages/cms/2', { letters: 'bb' })).status).toBe(200);
    expect(await indexes(database)).toEqual([]);

    // Resolving the stage numbers creates that index at once; the languages still wait.
    expect((await call('put', 'stages/cms/2', { number: 7 })).status).toBe(200);
    expect(await indexes(database)).toEqual(['stages_natural_key_unique']);
    expect(lines.some((line) => line.msg === 'unique rule now enforced')).toBe(true);

    // An operator resolves the languages outside the API: the next start creates the index, silently.
    await sql`update languages set language = 'English (US)' where id = 2`.execute(
      database.db as unknown as Kysely<unknown>,
    );
    const again = await start();
    expect(again.lines.filter((line) => line.naturalKey && line.level === 40)).toEqual([]);
    expect((await indexes(database)).sort()).toEqual([
      'languages_natural_key_unique',
      'stages_natural_key_unique',
    ]);
  });
});

describe('every natural key of shared/entities is unique in the database', () => {
  it('has a unique index on exactly its columns (SQLite schema)', async () => {
    const testDb = testDatabase('sqlite');
    const database = await openDatabase(testDb.options);
    const db = database.db as unknown as Kysely<unknown>;
    try {
      for (const entity of (contentEntities as readonly AnyEntity[]).filter((e) => e.naturalKey)) {
        const table = entity.table.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
        const list = await sql<{
          name: string;
          unique: number;
        }>`select * from pragma_index_list(${table})`.execute(db);
        const keys: string[] = [];
        for (const index of list.rows.filter((row) => row.unique)) {
          const info = await sql<{
            name: string | null;
          }>`select * from pragma_index_xinfo(${index.name}) where key = 1`.execute(db);
          keys.push(info.rows.map((row) => row.name ?? 'expression').join(','));
        }
        const expected = entity.naturalKey!.map((name) =>
          entity.fields[name]?.foldCase ? 'expression' : name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
        );
        expect(keys, entity.name).toContain(expected.join(','));
      }
    } finally {
      await database.close();
      await testDb.drop();
    }
  });
});
