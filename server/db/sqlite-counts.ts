import type SQLite from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import type { CheapReads, ReadCost } from './cheap-reads.ts';
import { untilCommit } from './until-commit.ts';

/** Answers kept; all are dropped at the next commit anyway. */
const MAX_ANSWERS = 1000;

/**
 * SQLite's change counter (`PRAGMA data_version`) read on `versions`, a connection that never
 * writes, so it moves with every commit by anyone (the server's writer, an operator's sqlite3).
 * A prepared statement: a few microseconds, on the main thread.
 */
export function changeCounter(versions: SQLite.Database): () => string {
  const dataVersion = versions.prepare('pragma data_version').pluck();
  return () => `sqlite:${String(dataVersion.get())}`;
}

/**
 * SQLite list counts, kept on the main thread until any connection commits: a kept answer costs a
 * tiny statement instead of a round trip to a read worker, which costs the main thread more.
 */
export function sqliteCounts(read: CheapReads, counter: () => string) {
  const answers = untilCommit<number>(counter, MAX_ANSWERS);
  /** `query` selects one row with the count as `n`. */
  return async function count(query: CompiledQuery, cost?: ReadCost): Promise<number> {
    const at = answers.now();
    const key = `${query.sql}\u0000${JSON.stringify(query.parameters)}`;
    const known = answers.get(key);
    if (known !== undefined) return known;
    const n = Number((await read(query, cost))[0]?.n ?? 0);
    answers.keep(key, n, at);
    return n;
  };
}
