import type { DatabaseHandle } from '../../db/database.ts';
import type { Tx } from './integrity.ts';
import { looseDb } from './rows.ts';
import { wordFlaggerOf } from './word-flags.ts';

/** Runs work in one transaction; what it queued on `committed` runs once the commit is done. */
export function transactionRunner(database: DatabaseHandle) {
  const db = looseDb(database);
  return async <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
    const committed: Array<() => void> = [];
    const result = await db.transaction().execute((trx) => {
      const wordFlags = wordFlaggerOf(database);
      return work({
        db: trx,
        dialect: database.dialect,
        known: new Map(),
        committed,
        ...(wordFlags ? { wordFlags } : {}),
      });
    });
    for (const done of committed) done();
    return result;
  };
}
