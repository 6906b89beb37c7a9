import type SQLite from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import type { ReadPool } from './read-pool.ts';
import { objectRows } from './object-rows.ts';
import { keepBounded } from './until-commit.ts';

/** A read the workers ran within this many ms runs on the main thread the next time. */
const CHEAP_MS = 1;
/** A read that took longer than this on the main thread goes back to the workers. */
const SLOW_MS = 3;
/** Statements kept prepared on the main thread's connection. */
const MAX_STATEMENTS = 1000;

/**
 * What a caller remembers of one read it asks again and again (a list request's count or page):
 * whether its last run was cheap. Kept with the request's plan (list-plans.ts); PostgreSQL
 * ignores it.
 */
export interface ReadCost {
  cheap: boolean;
}

export const readCost = (): ReadCost => ({ cheap: false });

/**
 * SQLite reads, off the event loop unless proven small. better-sqlite3 is synchronous, so a read
 * that may take long runs in a worker (read-pool.ts); but for a read of a few rows by an index the
 * trip costs more than the read (two thread wake-ups and two copies, against a few index seeks),
 * and the same requests come again and again (a list's first page, the
 * panel's titles, a page paged back to). So with a {@link ReadCost} from the caller, a read the
 * workers ran within {@link CHEAP_MS} runs on `reader` (the main thread's read-only connection)
 * the next time, for as long as it stays within {@link SLOW_MS} there. The event loop never waits
 * for a read that has not proven small, and waits once for one that has since grown (its data
 * did), which then goes back to the workers. Without a cost every read goes to the workers.
 */
export type CheapReads = (query: CompiledQuery, cost?: ReadCost) => Promise<Record<string, unknown>[]>;

export function cheapReads(reader: SQLite.Database, pool: ReadPool): CheapReads {
  const statements = new Map<string, ReturnType<typeof objectRows>>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = objectRows(reader.prepare(sql));
      keepBounded(statements, sql, statement, MAX_STATEMENTS);
    }
    return statement;
  };
  return async function all(query: CompiledQuery, cost?: ReadCost): Promise<Record<string, unknown>[]> {
    if (cost?.cheap) {
      const started = performance.now();
      try {
        const rows = prepared(query.sql)(...query.parameters);
        if (performance.now() - started > SLOW_MS) cost.cheap = false;
        return rows;
      } catch {
        // SQLITE_BUSY, say: this connection has no busy timeout, which would hold the event loop.
        // The workers wait for the lock instead (and report any other error as they would).
        cost.cheap = false;
      }
    }
    const { rows, ms } = await pool.all(query);
    if (cost) cost.cheap = ms <= CHEAP_MS;
    return rows;
  };
}
