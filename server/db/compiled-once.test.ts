import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compiledOnce } from './compiled-once.ts';

interface Db {
  people: { id: number; fullName: string; age: number };
}

function database() {
  const raw = new SQLite(':memory:');
  raw.exec('create table people (id integer primary key, full_name text, age integer)');
  raw.exec("insert into people (full_name, age) values ('Ana', 30), ('Bo', 40), ('Cy', 50)");
  return new Kysely<Db>({ dialect: new SqliteDialect({ database: raw }), plugins: [new CamelCasePlugin()] });
}

describe('compiledOnce', () => {
  it('builds the SQL once and answers each call with its own parameters, through the plugins', async () => {
    const db = database();
    let built = 0;
    const byAge = compiledOnce((min: number, name: string) => {
      built++;
      return db
        .selectFrom('people')
        .select(['id', 'fullName'])
        .where('age', '>=', min)
        .where('fullName', '!=', name);
    });
    expect((await db.executeQuery(byAge(40, 'Cy'))).rows).toEqual([{ id: 2, fullName: 'Bo' }]);
    expect((await db.executeQuery(byAge(30, 'Bo'))).rows).toEqual([
      { id: 1, fullName: 'Ana' },
      { id: 3, fullName: 'Cy' },
    ]);
    expect((await db.executeQuery(byAge(60, 'Ana'))).rows).toEqual([]);
    expect(built).toBe(1);
    await db.destroy();
  });

  it('compiles every call when the query carries values besides its arguments', async () => {
    const db = database();
    let built = 0;
    const older = compiledOnce((years: number) => {
      built++;
      return db
        .selectFrom('people')
        .select('fullName')
        .where('age', '>', years + 10);
    });
    expect((await db.executeQuery(older(25))).rows).toEqual([{ fullName: 'Bo' }, { fullName: 'Cy' }]);
    expect((await db.executeQuery(older(35))).rows).toEqual([{ fullName: 'Cy' }]);
    expect(built).toBe(2);
    await db.destroy();
  });
});
