import { sql, type Kysely } from 'kysely';
import type { Migration } from './index.ts';

/** The channel PostgreSQL notifies on (server/db/access-changes.ts listens). */
export const ACCESS_CHANNEL = 'argus_access';

/** The tables an admin's access is read from: their tokens, their user row, their credentials. */
const ACCESS_TABLES = ['auth_tokens', 'users', 'auth_credentials'];

/**
 * PostgreSQL only. requireAdmin remembers a token's lookup until something that may end an admin's
 * access commits (SQLite tells by data_version). Every statement that writes one of the access
 * tables, by any client (another server, the admin CLI, an operator's SQL), notifies on
 * {@link ACCESS_CHANNEL}; PostgreSQL delivers it to listeners as the transaction commits.
 */
export const accessNotices: Migration = {
  name: '0016-access-notices',
  async up(db: Kysely<unknown>, dialect) {
    if (dialect !== 'postgres') return;
    await sql`create function note_access_change() returns trigger language plpgsql as $$
      begin
        perform pg_notify(${sql.lit(ACCESS_CHANNEL)}, tg_table_schema);
        return null;
      end
    $$`.execute(db);
    for (const table of ACCESS_TABLES) {
      await sql`create trigger ${sql.id(`${table}_access_notice`)}
        after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function note_access_change()`.execute(db);
    }
  },
};
