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
 * Issue 34, how players fare on each level:
 *
 * - `user_level_times`: when each player's result on a level last changed ("results updated
 *   since"). The game writes `user_levels` itself, not through this server, so triggers stamp the
 *   time, whoever writes. A table beside `user_levels`, not a column of it: the user-level record
 *   the API serves (the SPEC's) stays as it is; rows stored before this migration have no time.
 *   Keyed by level then player, as the figures read it: a stage's rows side by side.
 * - `user_levels_results_idx`: a level's results in one index range, every column the figures
 *   read included, so a stage's figures read its own rows in order, never the table's.
 * - `users_inactive_idx`: the few inactive or deleted players, left out of "active players only".
 */
export const resultTimes: Migration = {
  name: '0018-result-times',
  async up(db: Kysely<unknown>, dialect) {
    const changed = RESULT_COLUMNS.map((c) => `new.${c} is distinct from old.${c}`).join(' or ');
    const resultColumns = RESULT_COLUMNS.filter((c) => c !== 'locked').join(', ');
    const inactive = dialect === 'sqlite' ? 'is_active = 0' : 'not is_active';
    await sql`create index users_inactive_idx on users (id)
      where ${sql.raw(inactive)} or deleted_at is not null`.execute(db);
    if (dialect === 'sqlite') {
      await sql`create table user_level_times (
        level_id integer not null, user_id integer not null, updated_at text not null,
        primary key (level_id, user_id)
      ) without rowid`.execute(db);
      const stamp = sql.raw(`insert or replace into user_level_times (level_id, user_id, updated_at)
        values (new.level_id, new.user_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
      const forget = sql.raw(
        'delete from user_level_times where level_id = old.level_id and user_id = old.user_id',
      );
      await sql`create trigger user_level_times_insert after insert on user_levels begin ${stamp}; end`.execute(
        db,
      );
      await sql`create trigger user_level_times_update after update on user_levels
        when ${sql.raw(changed.replaceAll('is distinct from', 'is not'))} begin ${forget}; ${stamp}; end`.execute(
        db,
      );
      await sql`create trigger user_level_times_delete after delete on user_levels begin ${forget}; end`.execute(
        db,
      );
      await sql`create index user_levels_results_idx on user_levels
        (level_id, locked, user_id, ${sql.raw(resultColumns)})`.execute(db);
      return;
    }
    await sql`create table user_level_times (
      level_id integer not null, user_id integer not null, updated_at timestamptz not null,
      primary key (level_id, user_id) include (updated_at)
    )`.execute(db);
    // Named with the trigger's own schema: a write from any search_path is stamped.
    await sql`create function stamp_user_level_time() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') and (tg_op = 'DELETE' or ${sql.raw(changed)}) then
          execute format('delete from %I.user_level_times where level_id = $1 and user_id = $2', tg_table_schema)
            using old.level_id, old.user_id;
        end if;
        if tg_op = 'INSERT' or (tg_op = 'UPDATE' and (${sql.raw(changed)})) then
          execute format('insert into %I.user_level_times (level_id, user_id, updated_at) values ($1, $2, now())
            on conflict (level_id, user_id) do update set updated_at = excluded.updated_at', tg_table_schema)
            using new.level_id, new.user_id;
        end if;
        return null;
      end
    $$`.execute(db);
    await sql`create trigger user_level_times after insert or update or delete on user_levels
      for each row execute function stamp_user_level_time()`.execute(db);
    await sql`create index user_levels_results_idx on user_levels (level_id, locked)
      include (user_id, ${sql.raw(resultColumns)})`.execute(db);
  },
};
