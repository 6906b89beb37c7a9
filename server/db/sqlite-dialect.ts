import type SQLite from 'better-sqlite3';
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely';

/**
 * SQLite write transactions that take the write lock when they begin (BEGIN IMMEDIATE).
 *
 * Kysely begins deferred transactions: a transaction that reads before it writes (every bulk edit,
 * every update that checks its row first) holds a read snapshot, and if another connection commits
 * meanwhile (the read pool's statistics refresh, an operator's sqlite3) its first write fails at
 * once with SQLITE_BUSY_SNAPSHOT, which busy_timeout cannot wait out. Taking the lock up front lets
 * busy_timeout wait for the other writer instead, and the transaction then reads current rows.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const deadline = performance.now() + BUSY_WAIT_MS;
    for (let pause = 1; ; pause = Math.min(pause * 2, 50)) {
      try {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
        return;
      } catch (error) {
        // SQLite can answer SQLITE_BUSY at once, without calling its busy handler (seen while a
        // read worker refreshed the planner's statistics, early in a bulk write): wait for the
        // other writer here, between turns of the event loop, as busy_timeout would have.
        if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || performance.now() + pause > deadline) {
          throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  }
}

/** How long a transaction waits for another writer before the request fails (503): busy_timeout's. */
const BUSY_WAIT_MS = 5_000;

/** Prepared statements kept (the most recently used): enough for every query shape of a busy server. */
const CACHED_STATEMENTS = 200;

/**
 * The connection as Kysely's driver sees it, with its prepared statements kept per SQL text.
 * Kysely prepares every query afresh, and compiling a statement costs more than running it for the
 * small queries and multi-row inserts the API repeats (a fair share of a bulk write's insert). A
 * statement still iterating (a streamed export) is busy: the same text then gets a statement of
 * its own.
 */
export function cachingStatements(database: SQLite.Database): SQLite.Database {
  const statements = new Map<string, SQLite.Statement>();
  const prepare = (source: string): SQLite.Statement => {
    const known = statements.get(source);
    if (known && !known.busy) {
      // Map order is insertion order: moved to the end, it is the last to be dropped.
      statements.delete(source);
      statements.set(source, known);
      return known;
    }
    const statement = database.prepare(source);
    if (known) return statement;
    statements.set(source, statement);
    if (statements.size > CACHED_STATEMENTS) statements.delete(statements.keys().next().value!);
    return statement;
  };
  return new Proxy(database, {
    get(target, name) {
      if (name === 'prepare') return prepare;
      const value = Reflect.get(target, name, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #database: SQLite.Database;

  constructor(database: SQLite.Database) {
    const cached = cachingStatements(database);
    super({ database: cached });
    this.#database = cached;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.#database });
  }
}
