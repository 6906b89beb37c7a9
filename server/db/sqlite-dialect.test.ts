import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.ts';

describe('SQLite transactions', () => {
  let dataDir: string;
  let database: DatabaseHandle;
  let other: SQLite.Database;

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'argus-tx-'));
    database = await openDatabase({ dataDir, databaseUrl: null });
    other = new SQLite(path.join(dataDir, 'argus-words.sqlite'));
    other.pragma('busy_timeout = 0');
  });
  afterEach(async () => {
    other.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a transaction that reads first still writes when another connection commits meanwhile', async () => {
    await database.db.transaction().execute(async (trx) => {
      await sql`select count(*) from languages`.execute(trx);
      // Another writer (the statistics refresh, an operator's sqlite3) must wait for us, not make
      // our write fail with SQLITE_BUSY_SNAPSHOT.
      expect(() => other.exec("insert into languages (language) values ('Other')")).toThrow(/locked|busy/i);
      await trx.insertInto('languages').values({ language: 'Ours' }).execute();
    });
    other.exec("insert into languages (language) values ('Other')");
    const names = (await database.db.selectFrom('languages').select('language').execute()).map(
      (row) => row.language,
    );
    expect(names).toEqual(expect.arrayContaining(['Ours', 'Other']));
  });
});
