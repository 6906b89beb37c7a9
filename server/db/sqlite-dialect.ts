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
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #database: SQLite.Database;

  constructor(database: SQLite.Database) {
    super({ database });
    this.#database = database;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.#database });
  }
}
