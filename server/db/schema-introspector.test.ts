import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL } from '../../tests/helpers/databases.ts';
import { POSTGRES } from '../../tests/helpers/services.ts';
import { openDatabase } from './database.ts';

/** Other suites on the same server: schemas with serial tables, made and dropped without pause. */
async function churn(until: () => boolean): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    while (!until()) {
      const schema = `churn_${randomBytes(4).toString('hex')}`;
      await client.query(`create schema "${schema}"`);
      for (let i = 0; i < 5; i++)
        await client.query(`create table "${schema}".t${i} (id serial primary key)`);
      await client.query(`drop schema "${schema}" cascade`);
    }
  } finally {
    await client.end();
  }
}

/** Opens (migrates) a new database in a schema of its own, then drops it; the errors it met. */
async function openWhileOthersDrop(open: (pgSchema: string, dataDir: string) => Promise<void>) {
  let done = false;
  const churners = [churn(() => done), churn(() => done), churn(() => done)];
  const failures: string[] = [];
  try {
    for (let i = 0; i < 8; i++) {
      const pgSchema = `test_${randomBytes(6).toString('hex')}`;
      const dataDir = mkdtempSync(path.join(tmpdir(), 'argus-test-'));
      try {
        await open(pgSchema, dataDir);
      } catch (error) {
        failures.push(String(error));
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
        const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
        await client.connect();
        await client.query(`drop schema if exists "${pgSchema}" cascade`);
        await client.end();
      }
    }
  } finally {
    done = true;
    await Promise.all(churners);
  }
  return failures;
}

describe.skipIf(!POSTGRES)('start-up migrations in a schema of their own (postgres)', () => {
  it('do not fail while other schemas on the server are dropped', async () => {
    const failures = await openWhileOthersDrop(async (pgSchema, dataDir) => {
      await (await openDatabase({ dataDir, databaseUrl: TEST_POSTGRES_URL, pgSchema })).close();
    });
    expect(failures).toEqual([]);
  }, 120_000);

  it('do not fail either when DATABASE_URL chooses the schema (search_path), as the CLI is run', async () => {
    const failures = await openWhileOthersDrop(async (pgSchema, dataDir) => {
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      await client.query(`create schema "${pgSchema}"`);
      await client.end();
      const databaseUrl = `${TEST_POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${pgSchema}`)}`;
      const database = await openDatabase({ dataDir, databaseUrl });
      // The tables went into the schema the URL chose.
      const { rows } = await sql<{ tables: number }>`
        select count(*)::int as tables from pg_catalog.pg_tables where schemaname = ${pgSchema}`.execute(
        database.db,
      );
      expect(rows[0]?.tables).toBeGreaterThan(9);
      await database.close();
    });
    expect(failures).toEqual([]);
  }, 120_000);
});
