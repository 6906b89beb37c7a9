import { chmodSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';

/**
 * Start-up work that must run once even when several instances start together on one database
 * (migrations, the first admin, demo content) runs under this lock: a PostgreSQL advisory lock
 * (per schema) or, for SQLite, an exclusive transaction on a lock file beside the database.
 */
export type StartupLock = <T>(work: () => Promise<T>) => Promise<T>;

// 'ARGU': the advisory-lock class of this application; the schema's hash tells schemas apart.
const LOCK_CLASS = 0x41524755;

export function postgresStartupLock<DB>(db: Kysely<DB>, pgSchema: string | undefined): StartupLock {
  return (work) =>
    db.connection().execute(async (connection) => {
      const key = sql`hashtext(coalesce(${pgSchema ?? null}::text, current_schema(), ''))`;
      await sql`select pg_advisory_lock(${LOCK_CLASS}, ${key})`.execute(connection);
      try {
        return await work();
      } finally {
        await sql`select pg_advisory_unlock(${LOCK_CLASS}, ${key})`.execute(connection);
      }
    });
}

// Within one process, holders of the same lock file queue here: the file lock's wait is synchronous.
const queues = new Map<string, Promise<unknown>>();

export function sqliteStartupLock(lockFile: string): StartupLock {
  return (work) => {
    const previous = queues.get(lockFile) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => withFileLock(lockFile, work));
    queues.set(lockFile, run);
    return run.finally(() => {
      if (queues.get(lockFile) === run) queues.delete(lockFile);
    });
  };
}

async function withFileLock<T>(lockFile: string, work: () => Promise<T>): Promise<T> {
  const lock = new SQLite(lockFile);
  try {
    chmodSync(lockFile, 0o600);
    // Another process holding it is mid-start-up: wait for it (nothing is served yet).
    lock.pragma('busy_timeout = 120000');
    lock.exec('begin exclusive');
    try {
      return await work();
    } finally {
      lock.exec('commit');
    }
  } finally {
    lock.close();
  }
}
