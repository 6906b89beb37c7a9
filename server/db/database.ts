import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, Migrator, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { migrations } from './migrations/index.ts';
import { accessChanges, writeAwareClient } from './access-changes.ts';
import { createCountCache, type TotalFromPage } from './count-cache.ts';
import { cheapReads, type ReadCost } from './cheap-reads.ts';
import { createReadPool, WORKER_CACHE_KIB, type ReadPool } from './read-pool.ts';
import { changeCounter, sqliteCounts } from './sqlite-counts.ts';
import { ImmediateSqliteDialect } from './sqlite-dialect.ts';
import { SchemaPostgresDialect } from './schema-introspector.ts';
import type { Database } from './schema.ts';
import { postgresStartupLock, sqliteStartupLock, type StartupLock } from './startup-lock.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Resolves when the database answers a trivial query (readiness). */
  ping(): Promise<unknown>;
  /** PostgreSQL pool occupancy, for the metrics; null on SQLite. */
  poolStats: (() => { total: number; idle: number; waiting: number }) | null;
  /**
   * Rows of a read that may take long (a list over a million rows): on SQLite it runs in a worker
   * thread with its own connection, so the event loop never waits for it; on PostgreSQL the pool
   * already runs it elsewhere (and statement_timeout bounds it). Keys are camelCase, as everywhere.
   * With `cost` (a read asked again and again), SQLite runs it on the main thread once it has
   * proven cheap (cheap-reads.ts).
   */
  read(query: CompiledQuery, cost?: ReadCost): Promise<Array<Record<string, unknown>>>;
  /**
   * The count `query` selects as `n`, kept until `table` (snake_case) changes: SQLite reuses it
   * while no connection commits (data_version); PostgreSQL while the table's change sum stands.
   * `cost` as for read().
   */
  count(query: CompiledQuery, table: string, cost?: ReadCost): Promise<number>;
  /**
   * The count `query` last gave, whether or not `table` has changed since (PostgreSQL; undefined
   * when never counted, and always on SQLite): a hint for choosing a plan, never an answer.
   */
  countHint(query: CompiledQuery, table: string): number | undefined;
  /**
   * A list request asked before: its page (`rows`) and its total, counted by `count` unless the
   * page tells it (`totalFromPage`). PostgreSQL reads the page with the table's change sum in one
   * statement and counts only when its kept count is of another snapshot; SQLite runs both (a
   * count is kept until the next commit). `costs` as for read().
   */
  listPage(
    rows: CompiledQuery,
    count: CompiledQuery,
    table: string,
    totalFromPage: TotalFromPage,
    costs: { rows?: ReadCost; count?: ReadCost },
  ): Promise<[total: number, rows: Array<Record<string, unknown>>]>;
  /**
   * A value that changes whenever a write to `table` commits (PostgreSQL: the table's change sum;
   * SQLite: the database's change counter, which any table's write moves).
   */
  changeVersion(table: string): Promise<string | null>;
  /**
   * SQLite: the database's change counter now, read without leaving the thread (a few µs): it
   * moves whenever any connection commits. Null on PostgreSQL, which has no such counter.
   */
  dataVersion: (() => string) | null;
  /**
   * A value that moves whenever a write that may end an admin's access may have committed, by
   * anyone: what requireAdmin remembers holds while it stands (SQLite: the change counter;
   * PostgreSQL: access-changes.ts).
   */
  accessVersion: () => string;
  /** Runs once-only start-up work (first admin, demo content) while no other instance does. */
  startupLock: StartupLock;
  close(): Promise<void>;
}

export interface DatabaseOptions extends Pick<Config, 'dataDir' | 'databaseUrl'> {
  /** PostgreSQL only: work inside this schema (created if missing). Lets test suites run side by side. */
  pgSchema?: string;
  /** SQLite only: the file name under dataDir. */
  sqliteFile?: string;
  /** PostgreSQL only: statement_timeout (ms), so no query holds a connection for ever. */
  dbStatementTimeoutMs?: number;
  /** A pooled connection broke while idle (server restart, pg_terminate_backend): told, never thrown. */
  onConnectionError?: (error: Error) => void;
}

const SQLITE_FILE = 'argus-words.sqlite';
const STATISTICS_EVERY_MS = 6 * 3_600_000;
const CHECKPOINT_EVERY_MS = 200;
const STATISTICS_WHILE_WRITING_MS = 30_000;
/** ~40 MB of WAL: reached only when the read workers' checkpoints fall behind (or are gone). */
const WRITER_CHECKPOINT_PAGES = 10_000;
const sqliteFile = (options: DatabaseOptions) =>
  path.join(options.dataDir, options.sqliteFile ?? SQLITE_FILE);

// node-pg returns int8 (bigint, e.g. count(*)) as strings; our counts and ids fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * Opens the content database: SQLite under DATA_DIR by default (WAL, foreign keys on), PostgreSQL
 * when DATABASE_URL is set. Tables and columns are snake_case; code sees camelCase. Migrations run
 * before this returns.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const dialect: Dialect = options.databaseUrl ? 'postgres' : 'sqlite';
  const access = options.databaseUrl
    ? accessChanges(options.databaseUrl, {
        schema: options.pgSchema,
        onConnectionError: options.onConnectionError,
      })
    : null;
  const pool = options.databaseUrl ? postgresPool(options.databaseUrl, options, access!.wrote) : null;
  const camelCase = new CamelCasePlugin();
  const db = new Kysely<Database>({
    dialect: pool ? new SchemaPostgresDialect({ pool }, options.pgSchema) : sqlite(options),
    plugins: [camelCase],
  });
  const startupLock =
    dialect === 'postgres'
      ? postgresStartupLock(db, options.pgSchema)
      : sqliteStartupLock(path.join(options.dataDir, `${options.sqliteFile ?? SQLITE_FILE}.startup-lock`));
  try {
    await startupLock(async () => {
      if (options.pgSchema) await sql`create schema if not exists ${sql.id(options.pgSchema)}`.execute(db);
      await migrate(db, dialect, options.pgSchema);
    });
  } catch (error) {
    await db.destroy();
    await access?.close();
    throw error;
  }
  const readPool = pool ? null : createReadPool(sqliteFile(options));
  // The main thread's read-only connection, which never writes: SQLite's change counter (its
  // data_version moves whenever any connection, the server's writer or an operator's sqlite3,
  // commits) and the reads proven cheap. Its page cache is a read worker's (read-pool.ts).
  const reader = pool ? null : new SQLite(sqliteFile(options), { readonly: true, fileMustExist: true });
  reader?.pragma(`cache_size = -${WORKER_CACHE_KIB}`);
  const reads = readPool ? cheapReads(reader!, readPool) : null;
  const counts = pool ? createCountCache(db as unknown as Kysely<never>) : null;
  const dataVersion = reader ? changeCounter(reader) : null;
  const sqliteCount = reads ? sqliteCounts(reads, dataVersion!) : null;
  // SQLite's planner needs table statistics to choose among filter indexes: refreshed once started
  // and every few hours, as SQLite advises for long-running processes. Failures only cost speed.
  const timers: Array<ReturnType<typeof setTimeout>> = [];
  if (readPool) {
    const refresh = () => void readPool.optimize().catch(() => undefined);
    timers.push(setTimeout(refresh, 1000).unref(), setInterval(refresh, STATISTICS_EVERY_MS).unref());
    timers.push(checkpointsInWorker(readPool, dataVersion!));
  }
  const read: DatabaseHandle['read'] = async (query, cost) => {
    if (!reads) return (await db.executeQuery(query)).rows as Array<Record<string, unknown>>;
    const rows = await reads(query, cost);
    return (await camelCase.transformResult({ result: { rows }, queryId: query.queryId })).rows;
  };
  const count: DatabaseHandle['count'] = (query, table, cost) =>
    counts ? counts.count(query, table) : sqliteCount!(query, cost);
  return {
    db,
    dialect,
    startupLock,
    read,
    changeVersion: async (table) => (counts ? counts.version(table) : dataVersion!()),
    dataVersion,
    accessVersion: access ? access.counter : dataVersion!,
    count,
    countHint: (query, table) => counts?.hint(query, table),
    listPage(rows, countQuery, table, totalFromPage, costs) {
      if (counts) return counts.page(rows, countQuery, table, totalFromPage);
      return Promise.all([count(countQuery, table, costs.count), read(rows, costs.rows)]);
    },
    ping: () => sql`select 1`.execute(db),
    poolStats: pool
      ? () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount })
      : null,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await readPool?.close();
      reader?.close();
      await db.destroy();
      await access?.close();
    },
  };
}

/**
 * While writes commit, a read worker checkpoints the WAL every {@link CHECKPOINT_EVERY_MS}: SQLite
 * would otherwise do it inside a commit once the WAL passes 1000 pages, on the event loop, writing
 * the pages back and syncing the file (tens of ms, seconds on a busy disk). The writer's own
 * automatic checkpoint stays as a backstop, at {@link WRITER_CHECKPOINT_PAGES}.
 */
function checkpointsInWorker(readPool: ReadPool, dataVersion: () => string) {
  let seen: unknown = null;
  let running = false;
  let statisticsAt = performance.now();
  return setInterval(() => {
    const version = dataVersion();
    if (running || version === seen) return;
    seen = version;
    running = true;
    // Statistics taken on an empty table (a new database, then an import) mislead the planner for
    // hours: while writes go on, PRAGMA optimize looks again every STATISTICS_WHILE_WRITING_MS
    // (it analyses only tables that changed a lot since, a bounded sample each).
    const refresh = performance.now() - statisticsAt > STATISTICS_WHILE_WRITING_MS;
    if (refresh) statisticsAt = performance.now();
    void readPool
      .checkpoint()
      .then(() => (refresh ? readPool.optimize() : undefined))
      .catch(() => undefined)
      .finally(() => (running = false));
  }, CHECKPOINT_EVERY_MS).unref();
}

function ownerOnly(file: string, mode: number): void {
  if (existsSync(file) && (statSync(file).mode & 0o777) !== mode) chmodSync(file, mode);
}

function sqlite(options: DatabaseOptions) {
  const { dataDir } = options;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = sqliteFile(options);
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  // Password hashes and sessions live here: readable by the server's user only, whatever the umask.
  ownerOnly(dataDir, 0o700);
  for (const part of [file, `${file}-wal`, `${file}-shm`]) ownerOnly(part, 0o600);
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  database.pragma(`wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`);
  // A write to a table with triggers (the search tables', user_levels' result times) keeps a
  // statement journal: in memory, not a temporary file per statement.
  database.pragma('temp_store = MEMORY');
  return new ImmediateSqliteDialect(database);
}

function postgresPool(connectionString: string, options: DatabaseOptions, wrote: () => void): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    Client: writeAwareClient(wrote),
    max: 10,
    // A database that does not answer fails the request in flight instead of hanging it.
    connectionTimeoutMillis: 5_000,
    statement_timeout: options.dbStatementTimeoutMs ?? 10_000,
    idle_in_transaction_session_timeout: 30_000,
    keepAlive: true,
    application_name: 'argus-words',
    ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
  });
  // Without a listener, one dropped idle connection (a restart, pg_terminate_backend) would be an
  // unhandled 'error' event that ends the process. The pool drops the client and makes new ones.
  // Idle clients' errors reach the pool; a checked-out client (inside a transaction, between two
  // statements) emits on itself, so every client gets a listener too. Its query then fails (503).
  pool.on('error', (error) => options.onConnectionError?.(error));
  pool.on('connect', (client) => client.on('error', (error) => options.onConnectionError?.(error)));
  return pool;
}

async function migrate(db: Kysely<Database>, dialect: Dialect, pgSchema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    // Kysely looks for its migration tables in every schema unless told which one is ours.
    ...(pgSchema ? { migrationTableSchema: pgSchema } : {}),
    // Names start with four digits, so code-unit order is theirs. Kysely's default, localeCompare,
    // loads ICU's collation data at every start, resident memory the server otherwise never needs.
    nameComparator: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
    provider: {
      getMigrations: async () =>
        Object.fromEntries(
          migrations.map((m) => [
            m.name,
            {
              async up(kdb: Kysely<unknown>) {
                // Building an index over millions of rows takes longer than any request may; the
                // migration's own transaction lifts statement_timeout for itself only.
                if (dialect === 'postgres') await sql`set local statement_timeout = 0`.execute(kdb);
                await m.up(kdb, dialect);
              },
            },
          ]),
        ),
    },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
