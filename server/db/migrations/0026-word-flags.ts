import { sql, type Kysely } from 'kysely';
import type { Migration } from './index.ts';

/**
 * Issue 46, dictionary quality. Each word keeps its open findings and the decision made on it:
 *
 * - `flags`: what the language's dictionary and offensive list say of the word (`unknown`,
 *   `proper-noun`, `offensive`, space-separated; NULL when none), computed on every write and by a
 *   background pass when a dictionary changes (docs/decisions/021-word-flags-stored.md);
 * - `decision`, `decision_reason`: `accepted` or `excluded` by a content manager, which outranks
 *   the dictionary (the word then has no flags; an excluded word stays inactive).
 *
 * NULL for "none", so the partial indexes below hold only the few words that have one, and new
 * words without findings cost them nothing. The words list's `flag` filter is one partial index
 * per flag (by id, and by language then id), matched by the very condition the list writes
 * (server/api/resources/flag-filter.ts); the health report counts flagged words per language from
 * a covering partial index; decisions have one of their own (`decision = ?` implies NOT NULL on
 * both dialects, so a bound value still uses it).
 */
export const WORD_FLAG_NAMES = ['unknown', 'proper-noun', 'offensive'] as const;

export const wordFlags: Migration = {
  name: '0026-word-flags',
  async up(db: Kysely<unknown>, dialect) {
    for (const column of ['flags', 'decision', 'decision_reason']) {
      await db.schema.alterTable('words').addColumn(column, 'text').execute();
    }
    const find = dialect === 'postgres' ? 'strpos' : 'instr';
    for (const flag of WORD_FLAG_NAMES) {
      const name = flag.replace('-', '_');
      const holds = sql.raw(`${find}(flags, '${flag}') > 0`);
      await sql`create index ${sql.id(`words_flag_${name}_idx`)} on words (id) where ${holds}`.execute(db);
      await sql`create index ${sql.id(`words_flag_${name}_language_idx`)} on words (language_id, id)
        where ${holds}`.execute(db);
    }
    await sql`create index words_flagged_idx on words (language_id, is_active, flags)
      where flags is not null`.execute(db);
    await sql`create index words_decision_idx on words (decision, id) where decision is not null`.execute(db);
  },
};
