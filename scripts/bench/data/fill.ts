import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { createOrResetAdmin } from '../../../server/admin/admins.ts';
import { openDatabase, type DatabaseOptions } from '../../../server/db/database.ts';
import { linkStatements } from './links.ts';
import { postgresWriter } from './postgres-writer.ts';
import { contentTables, makeWords, volumes, type Volumes } from './rows.ts';
import { sqliteWriter } from './sqlite-writer.ts';
import type { TableWriter } from './writer.ts';

/** The app's SQLite file name under DATA_DIR (server/db/database.ts). */
export const SQLITE_FILE = 'argus-words.sqlite';
/** Written last: a data folder without it is incomplete. */
export const STAMP_FILE = 'bench-data.json';
/** The admin the benchmarks log in as (a loopback-only test account, not a secret). */
export const BENCH_ADMIN = { username: 'bench-admin', password: 'bench-admin-password-2025' };

export interface DataStamp {
  /** Changes with every fill, so caches built from a data set (the P4 floor) know when to rebuild. */
  id: string;
  scale: number;
  dialect: 'sqlite' | 'postgres';
  pgSchema: string | null;
  volumes: Volumes;
  seconds: number;
  createdAt: string;
  admin: typeof BENCH_ADMIN;
}

export interface FillOptions {
  dir: string;
  scale: number;
  databaseUrl: string | null;
  pgSchema: string | null;
  /** Replace what is there; without it an existing data set is an error. */
  force: boolean;
  log?: (line: string) => void;
}

export function readStamp(dir: string): DataStamp | null {
  const file = path.join(dir, STAMP_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DataStamp) : null;
}

// Filled in this order: every reference points at a table filled before it.
const BIG_TABLES = [
  'words',
  'letter_groups',
  'users',
  'user_levels',
  'letter_group_words',
  'letter_group_levels',
];

/**
 * Fills DIR's SQLite file, or the DATABASE_URL database, with the large data set: the app's own
 * openDatabase creates the schema (migrations), then rows go in straight through SQL.
 */
export async function fillDatabase(options: FillOptions): Promise<DataStamp> {
  const log = options.log ?? ((line: string) => console.log(line));
  const started = performance.now();
  const dialect = options.databaseUrl ? 'postgres' : 'sqlite';
  const v = volumes(options.scale);
  mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  const dbOptions: DatabaseOptions = {
    dataDir: options.dir,
    databaseUrl: options.databaseUrl,
    ...(options.pgSchema ? { pgSchema: options.pgSchema } : {}),
  };
  rmSync(path.join(options.dir, STAMP_FILE), { force: true });
  if (dialect === 'sqlite') clearSqlite(options.dir, options.force);

  let database = await openDatabase(dbOptions);
  if (dialect === 'postgres') await clearPostgres(database.db, options.force);
  await database.close();

  const writer: TableWriter =
    dialect === 'sqlite'
      ? sqliteWriter(path.join(options.dir, SQLITE_FILE))
      : await postgresWriter(options.databaseUrl!, options.pgSchema ?? undefined);
  const step = async (what: string, work: () => Promise<number>, unit = 'rows') => {
    const t = performance.now();
    const count = await work();
    log(`  ${what.padEnd(32)} ${count.toLocaleString('en').padStart(10)} ${unit.padEnd(7)} ${seconds(t)} s`);
  };

  try {
    const indexes = new Map<string, string[]>();
    for (const table of BIG_TABLES) indexes.set(table, await writer.dropSecondaryIndexes(table));
    const t = performance.now();
    const words = makeWords(v.words);
    log(
      `  ${'words made in memory'.padEnd(32)} ${v.words.toLocaleString('en').padStart(10)} words   ${seconds(t)} s`,
    );
    for (const table of contentTables(v, words)) {
      await step(table.table, () => writer.insert(table.table, table.columns, table.rows()));
    }
    for (const [table, statement] of linkStatements(dialect, v)) {
      await step(table, () => writer.execute(statement));
    }
    for (const [table, definitions] of indexes) {
      const build = async () => (await writer.createIndexes(definitions), definitions.length);
      await step(`indexes of ${table}`, build, 'indexes');
    }
  } finally {
    await writer.close();
  }

  // The admin through the app's own maintenance code (users row, argon2 hash), as `admin create` does.
  database = await openDatabase(dbOptions);
  try {
    await createOrResetAdmin(database, BENCH_ADMIN);
  } finally {
    await database.close();
  }

  const stamp: DataStamp = {
    id: randomBytes(6).toString('hex'),
    scale: options.scale,
    dialect,
    pgSchema: options.pgSchema,
    volumes: v,
    seconds: Number(seconds(started)),
    createdAt: new Date().toISOString(),
    admin: BENCH_ADMIN,
  };
  writeFileSync(path.join(options.dir, STAMP_FILE), JSON.stringify(stamp, null, 2));
  return stamp;
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1);
}

function clearSqlite(dir: string, force: boolean): void {
  const file = path.join(dir, SQLITE_FILE);
  if (existsSync(file) && !force) {
    throw new Error(`${file} exists: pass --force to replace it with a new data set`);
  }
  for (const suffix of ['', '-wal', '-shm', '.startup-lock']) rmSync(`${file}${suffix}`, { force: true });
}

async function clearPostgres(db: Awaited<ReturnType<typeof openDatabase>>['db'], force: boolean) {
  const users = await sql<{ n: number }>`select count(*)::int as n from users`.execute(db);
  if ((users.rows[0]?.n ?? 0) === 0) return;
  if (!force) throw new Error('The PostgreSQL database already holds users: pass --force to empty it first');
  const tables = await sql<{ t: string }>`
    select tablename as t from pg_tables
     where schemaname = current_schema() and tablename not like 'kysely_migration%'`.execute(db);
  const list = tables.rows.map((r) => `"${r.t}"`).join(', ');
  await sql.raw(`truncate ${list} restart identity cascade`).execute(db);
}
