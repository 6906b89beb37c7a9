import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { columnTypes } from '../columns.ts';
import type { Migration } from './index.ts';
import { createIndexes } from '../indexes.ts';

/**
 * The nine content tables of SPEC §3. Foreign keys are RESTRICT: the API refuses deleting rows
 * that others still use (409) rather than orphaning them. Natural keys are unique.
 */
export const content: Migration = {
  name: '0001-content',
  async up(db: Kysely<unknown>, dialect) {
    const t = columnTypes(dialect);
    const id = (c: ColumnDefinitionBuilder) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
    const active = (b: CreateTableBuilder<string>) =>
      b.addColumn('is_active', t.bool, (c) => c.notNull().defaultTo(dialect === 'sqlite' ? 1 : true));
    const no = dialect === 'sqlite' ? 0 : false;

    await active(db.schema.createTable('languages').addColumn('id', t.id, id))
      .addColumn('language', 'text', (c) => c.notNull().unique())
      .execute();

    await active(db.schema.createTable('stages').addColumn('id', t.id, id))
      .addColumn('letters', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('letter_count', 'integer', (c) => c.notNull())
      .addColumn('number', 'integer', (c) => c.notNull())
      .execute();

    await active(db.schema.createTable('letter_groups').addColumn('id', t.id, id))
      .addColumn('letters', 'text', (c) => c.notNull())
      .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id').onDelete('restrict'))
      .addColumn('stage_id', 'integer', (c) => c.notNull().references('stages.id').onDelete('restrict'))
      .addUniqueConstraint('letter_groups_natural_key', ['language_id', 'stage_id', 'letters'])
      .execute();

    await active(db.schema.createTable('words').addColumn('id', t.id, id))
      .addColumn('letters', 'text', (c) => c.notNull())
      .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id').onDelete('restrict'))
      .addUniqueConstraint('words_natural_key', ['language_id', 'letters'])
      .execute();

    await active(db.schema.createTable('levels').addColumn('id', t.id, id))
      .addColumn('number', 'integer', (c) => c.notNull())
      .addColumn('hint', 'text')
      .addColumn('assignment', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('time', 'integer', (c) => c.notNull().defaultTo(60))
      .addColumn('required_letter_flag', t.bool, (c) => c.notNull().defaultTo(no))
      .addColumn('required_letter', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('required_letter_position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('check_condition', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('is_chill', t.bool, (c) => c.notNull().defaultTo(no))
      .addColumn('stage_id', 'integer', (c) => c.notNull().references('stages.id').onDelete('restrict'))
      .addColumn('language_id', 'integer', (c) => c.notNull().references('languages.id').onDelete('restrict'))
      .addUniqueConstraint('levels_natural_key', ['language_id', 'stage_id', 'number'])
      .execute();

    await active(db.schema.createTable('users').addColumn('id', t.id, id))
      .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('common'))
      .addColumn('diamonds', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('coins', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('valid_words', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('invalid_words', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('duplicate_words', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('first_load', t.bool, (c) => c.notNull().defaultTo(no))
      .addColumn('apple_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('google_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('language_id', 'integer', (c) => c.references('languages.id').onDelete('restrict'))
      .addColumn('is_two_fa', t.bool, (c) => c.notNull().defaultTo(no))
      .addColumn('max_level', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total_score', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('previous_username', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('updated_at', t.timestamp, (c) => c.notNull())
      .addColumn('deleted_at', t.timestamp)
      .execute();

    await db.schema
      .createTable('user_levels')
      .addColumn('id', t.id, id)
      .addColumn('completed', t.bool, (c) => c.notNull().defaultTo(no))
      .addColumn('locked', t.bool, (c) => c.notNull().defaultTo(no))
      .addColumn('valid_words', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('invalid_words', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('duplicate_words', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('words_per_second', t.real, (c) => c.notNull().defaultTo(0))
      .addColumn('highest_score', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('most_valuable_word_entered', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('level_id', 'integer', (c) => c.notNull().references('levels.id').onDelete('restrict'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
      .addUniqueConstraint('user_levels_natural_key', ['user_id', 'level_id'])
      .execute();

    await db.schema
      .createTable('letter_group_levels')
      .addColumn('id', t.id, id)
      .addColumn('used', t.bool, (c) => c.notNull().defaultTo(no))
      .addColumn('letter_group_id', 'integer', (c) =>
        c.notNull().references('letter_groups.id').onDelete('restrict'),
      )
      .addColumn('level_id', 'integer', (c) => c.notNull().references('levels.id').onDelete('restrict'))
      .addUniqueConstraint('letter_group_levels_natural_key', ['letter_group_id', 'level_id'])
      .execute();

    await db.schema
      .createTable('letter_group_words')
      .addColumn('id', t.id, id)
      .addColumn('letter_group_id', 'integer', (c) =>
        c.notNull().references('letter_groups.id').onDelete('restrict'),
      )
      .addColumn('word_id', 'integer', (c) => c.notNull().references('words.id').onDelete('restrict'))
      .addUniqueConstraint('letter_group_words_natural_key', ['letter_group_id', 'word_id'])
      .execute();

    // Indexes for the foreign keys (reference checks before delete) and the list filters.
    const indexes: Array<[string, string[]]> = [
      ['letter_groups', ['stage_id']],
      ['levels', ['stage_id']],
      ['users', ['language_id']],
      ['user_levels', ['level_id']],
      ['letter_group_levels', ['level_id']],
      ['letter_group_words', ['word_id']],
      ['stages', ['number']],
    ];
    await createIndexes(db, indexes);
  },
};
