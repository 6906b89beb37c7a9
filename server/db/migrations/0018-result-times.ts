import { sql, type Kysely } from 'kysely';
import type { Migration } from './index.ts';

/** The columns of a player's result: a write that changes one of them is a new result. */
const RESULT_COLUMNS = [
  'completed',
  'locked',
  'valid_words',
  'invalid_words',
  'duplicate_words',
  'words_per_second',
  'highest_score',
  'most_valuable_word_entered',
];

/**
 * When each player's result on a level last changed (issue 34's "results updated since"). The
 * game writes `user_levels` itself, not through this server, so triggers stamp the time, whoever
 * writes. A table beside `user_levels`, not a column of it: the user-level record the API serves
 * (the SPEC's) stays as it is, and rows stored before this migration simply have no time.
 */
export const resultTimes: Migration = {
  name: '0018-result-times',
  async up(db: Kysely<unknown>, dialect) {
    const changed = RESULT_COLUMNS.map((c) => `new.${c} is distinct from old.${c}`).join(' or ');
    if (dialect === 'sqlite') {
      await sql`create table user_level_times (id integer primary key, updated_at text not null)`.execute(db);
      const now = sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`);
      await sql`create trigger user_level_times_insert after insert on user_levels begin
        insert or replace into user_level_times (id, updated_at) values (new.id, ${now});
      end`.execute(db);
      await sql`create trigger user_level_times_update after update on user_levels
        when ${sql.raw(changed.replaceAll('is distinct from', 'is not'))} begin
        insert or replace into user_level_times (id, updated_at) values (new.id, ${now});
      end`.execute(db);
      await sql`create trigger user_level_times_delete after delete on user_levels begin
        delete from user_level_times where id = old.id;
      end`.execute(db);
      return;
    }
    await sql`create table user_level_times (id integer primary key, updated_at timestamptz not null)`.execute(
      db,
    );
    // Unqualified names resolve in the trigger's own schema (set by the function's search_path).
    await sql`create function stamp_user_level_time() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          execute format('delete from %I.user_level_times where id = $1', tg_table_schema) using old.id;
          return null;
        end if;
        if tg_op = 'UPDATE' and not (${sql.raw(changed)}) then
          return null;
        end if;
        execute format('insert into %I.user_level_times (id, updated_at) values ($1, now())
          on conflict (id) do update set updated_at = excluded.updated_at', tg_table_schema) using new.id;
        return null;
      end
    $$`.execute(db);
    await sql`create trigger user_level_times after insert or update or delete on user_levels
      for each row execute function stamp_user_level_time()`.execute(db);
  },
};
