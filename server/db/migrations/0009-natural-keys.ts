import type { Kysely } from 'kysely';
import { enforceNaturalKeys } from '../natural-keys.ts';
import type { Migration } from './index.ts';

/**
 * Unique stage numbers and language names (ignoring case), as unique indexes. A database whose
 * rows already break a rule keeps running without that index: the server warns at every start
 * naming the duplicates, and creates the index once they are resolved (natural-keys.ts).
 */
export const naturalKeys: Migration = {
  name: '0009-natural-keys',
  async up(db: Kysely<unknown>, dialect) {
    await enforceNaturalKeys(db, dialect);
  },
};
