import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabaseOptions, Dialect } from '../../server/db/database.ts';
import { POSTGRES, TEST_POSTGRES_URL } from './services.ts';

export { TEST_POSTGRES_URL };

/** Every API suite runs once per dialect (PostgreSQL when it answered; see services.ts). */
export const DIALECTS: Dialect[] = POSTGRES ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  options: DatabaseOptions;
  /** Removes the SQLite folder or drops the PostgreSQL schema. */
  drop(): Promise<void>;
}

/**
 * A fresh, empty database of the given dialect: a temp folder for SQLite, a schema of its own in
 * PostgreSQL so suites can run in parallel on one server.
 */
export function testDatabase(dialect: Dialect): TestDatabase {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'argus-test-'));
  if (dialect === 'sqlite') {
    return {
      options: { dataDir, databaseUrl: null },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const pgSchema = `test_${randomBytes(6).toString('hex')}`;
  return {
    options: { dataDir, databaseUrl: TEST_POSTGRES_URL, pgSchema },
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      await client.query(`drop schema if exists "${pgSchema}" cascade`);
      await client.end();
    },
  };
}
