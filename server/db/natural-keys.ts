import { sql, type Kysely } from 'kysely';
import { entityByName, type AnyEntity, type EntityName } from '#shared/entities/index.ts';
import type { Dialect } from './database.ts';

/**
 * The natural keys the database enforces with a unique index added after the first release (the
 * others are unique constraints of migration 0001: words per language, letter groups per language
 * and stage, levels, links). Rows stored before may already break them, and a duplicate is never
 * merged or deleted by guesswork: until a person resolves it the index waits, the API's own check
 * (integrity.ts) still refuses new duplicates, the server warns at start and `argus-words lint`
 * lists them. The index is created as soon as none is left: at the next start, or right after a
 * write to the table (see `createNaturalKeyGuard`).
 */
export interface UniqueRule {
  entity: EntityName;
  /** Index name. */
  index: string;
  /** snake_case table. */
  table: string;
  /** One SQL expression per key part: the column, or `lower(column)` for a case-folded part. */
  parts: string[];
  /** The rows the rule holds for (a partial index), when not all of the table's. */
  where?: string;
  /** What must be unique, for the warning: "panel account usernames, ignoring case". */
  what?: string;
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The rule of an entity's `naturalKey`, read from its description (so the two cannot drift). */
export function uniqueRuleOf(entity: AnyEntity): UniqueRule {
  const table = snake(entity.table);
  return {
    entity: entity.name,
    index: `${table}_natural_key_unique`,
    table,
    parts: (entity.naturalKey ?? []).map((name) =>
      entity.fields[name]?.foldCase ? `lower(${snake(name)})` : snake(name),
    ),
  };
}

/** Stage numbers; language names ignoring case (SQLite's lower() folds ASCII only; the API folds all). */
export const LATE_UNIQUE_RULES: readonly UniqueRule[] = (['stage', 'language'] as const).map((name) =>
  uniqueRuleOf(entityByName(name)),
);

/**
 * Panel account usernames ignoring case (issue 43): `ADMIN` beside `admin` would pass for it in the
 * Team, the history and the CLI. SQLite's lower() folds ASCII only; the Team's own check folds all
 * of Unicode (shared/names.ts) and serialises itself. Players' names are outside the rule. Not in
 * LATE_UNIQUE_RULES, which migration 0009 creates: migration 0021 and every start create this one.
 */
export const ACCOUNT_NAME_RULE: UniqueRule = {
  entity: 'user',
  index: 'users_account_username_unique',
  table: 'users',
  parts: ['lower(username)'],
  where: "role = 'admin'",
  what: 'panel account usernames, ignoring case',
};

export interface Duplicate {
  /** The shared key value(s), as stored in the first of the rows. */
  key: string;
  ids: number[];
}

export interface PendingRule {
  rule: UniqueRule;
  duplicates: Duplicate[];
}

/** At most this many duplicate keys are named per rule (the count says if there are more). */
const LISTED = 20;

async function indexExists(db: Kysely<unknown>, dialect: Dialect, index: string): Promise<boolean> {
  const { rows } =
    dialect === 'sqlite'
      ? await sql`select 1 from sqlite_master where type = 'index' and name = ${index}`.execute(db)
      : await sql`select 1 from pg_indexes where schemaname = current_schema() and indexname = ${index}`.execute(
          db,
        );
  return rows.length > 0;
}

/** Keys held by more than one row, with their ids (first few keys only). */
export async function findDuplicates(
  db: Kysely<unknown>,
  dialect: Dialect,
  rule: UniqueRule,
  limit = LISTED,
): Promise<Duplicate[]> {
  const parts = sql.raw(rule.parts.join(', '));
  const raw = sql.raw(rule.parts.map((p) => p.replace(/^lower\((.*)\)$/, '$1')).join(` || ' / ' || `));
  const ids = dialect === 'sqlite' ? sql`group_concat(id, ',')` : sql`string_agg(id::text, ',' order by id)`;
  const { rows } = await sql<{ key: unknown; ids: string }>`
    select min(${raw}) as key, ${ids} as ids from ${sql.table(rule.table)}
    ${rule.where ? sql.raw(`where ${rule.where}`) : sql``}
    group by ${parts} having count(*) > 1 order by min(id) limit ${limit}`.execute(db);
  return rows.map((row) => ({
    key: String(row.key),
    ids: row.ids
      .split(',')
      .map(Number)
      .sort((a, b) => a - b),
  }));
}

/**
 * Creates each rule's unique index unless it exists or rows still break it; answers the rules left
 * waiting, with their duplicates. Safe to run at every start and after writes.
 */
export async function enforceNaturalKeys(
  db: Kysely<unknown>,
  dialect: Dialect,
  rules: readonly UniqueRule[] = LATE_UNIQUE_RULES,
): Promise<PendingRule[]> {
  const pending: PendingRule[] = [];
  for (const rule of rules) {
    if (await indexExists(db, dialect, rule.index)) continue;
    let duplicates = await findDuplicates(db, dialect, rule);
    if (duplicates.length === 0) {
      try {
        const on = sql.raw(
          `${rule.table} (${rule.parts.join(', ')})${rule.where ? ` where ${rule.where}` : ''}`,
        );
        await sql`create unique index ${sql.id(rule.index)} on ${on}`.execute(db);
        continue;
      } catch (error) {
        // A duplicate written meanwhile (another instance, a race): the rule waits, as it would have.
        duplicates = await findDuplicates(db, dialect, rule);
        if (duplicates.length === 0) throw error;
      }
    }
    pending.push({ rule, duplicates });
  }
  return pending;
}
