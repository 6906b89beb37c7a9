import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database.ts';
import type { SolvabilityGroup, SolvabilityWord } from '#shared/solvability.ts';

/**
 * What the solvability of levels reads: their letter-group links, the letter groups and their
 * linked words. Each read is bounded by the ids asked for and answered from an index
 * (letter_group_levels.level_id, letter_group_words' natural key), and goes through
 * `database.read()`: on SQLite a worker thread, so the event loop never waits for it.
 */

/** `language_id letters` of each word, one a line (words hold letters only: no space, no newline). */
const concat = (database: DatabaseHandle) =>
  database.dialect === 'postgres'
    ? sql`string_agg(word.language_id || ' ' || (case when word.flags is null then '0' else '1' end) || ' ' || word.letters, E'\n')`
    : sql`group_concat(word.language_id || ' ' || (case when word.flags is null then '0' else '1' end) || ' ' || word.letters, char(10))`;

/**
 * SQLite: CROSS JOIN keeps the links (found by their letter group) the outer loop; left to itself
 * the planner may walk every active word instead (the is_active index), a scan per level.
 */
const outerFirst = (database: DatabaseHandle) =>
  database.dialect === 'postgres' ? sql`join` : sql`cross join`;

const bool = (value: unknown) => value === true || value === 1 || value === '1';

/** Level id → the letter-group ids linked to it. */
export async function linkedGroupIds(database: DatabaseHandle, levelIds: readonly number[]) {
  const links = new Map<number, number[]>(levelIds.map((id) => [id, []]));
  if (levelIds.length === 0) return links;
  const rows = await database.read(
    database.db
      .selectFrom('letterGroupLevels')
      .select(['levelId', 'letterGroupId'])
      .where('levelId', 'in', [...levelIds])
      .orderBy('id')
      .compile(),
  );
  for (const row of rows) links.get(Number(row.levelId))?.push(Number(row.letterGroupId));
  return links;
}

/** The letter groups of `ids` (those that exist) with their linked words, by id. */
export async function groupsWithWords(
  database: DatabaseHandle,
  ids: readonly number[],
): Promise<Map<number, SolvabilityGroup>> {
  const groups = new Map<number, SolvabilityGroup & { words: SolvabilityWord[] }>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return groups;
  const [groupRows, wordRows] = await Promise.all([
    database.read(
      database.db
        .selectFrom('letterGroups')
        .select(['id', 'letters', 'isActive'])
        .where('id', 'in', unique)
        .compile(),
    ),
    // One row per letter group, its active words joined into one text in the database: a page of
    // levels brings 50,000 words, which as rows would cost the event loop their copying.
    database.read(
      sql`select link.letter_group_id as letter_group_id, ${concat(database)} as words
        from letter_group_words link ${outerFirst(database)} words word on word.id = link.word_id
        where link.letter_group_id in (${sql.join(unique)}) and word.is_active = ${sql.lit(database.dialect === 'postgres' ? true : 1)}
        group by link.letter_group_id`.compile(database.db),
    ),
  ]);
  for (const row of groupRows) {
    const id = Number(row.id);
    groups.set(id, { id, letters: String(row.letters), isActive: bool(row.isActive), words: [] });
  }
  for (const row of wordRows) {
    const words = groups.get(Number(row.letterGroupId))?.words;
    for (const entry of String(row.words ?? '').split('\n')) {
      // `language flagged letters` (issue 46: 1 when the dictionary flagged the word).
      const space = entry.indexOf(' ');
      if (!words || space < 0) continue;
      words.push({
        letters: entry.slice(space + 3),
        isActive: true,
        languageId: Number(entry.slice(0, space)),
        ...(entry[space + 1] === '1' ? { flagged: true } : {}),
      });
    }
  }
  return groups;
}

export interface StoredLevel {
  id: number;
  languageId: number;
  checkCondition: string;
  requiredLetterPosition: number;
}

/** The levels of `ids` that exist, by id. */
export async function storedLevels(
  database: DatabaseHandle,
  ids: readonly number[],
): Promise<Map<number, StoredLevel>> {
  const levels = new Map<number, StoredLevel>();
  if (ids.length === 0) return levels;
  const rows = await database.read(
    database.db
      .selectFrom('levels')
      .select(['id', 'languageId', 'checkCondition', 'requiredLetterPosition'])
      .where('id', 'in', [...ids])
      .compile(),
  );
  for (const row of rows) {
    levels.set(Number(row.id), {
      id: Number(row.id),
      languageId: Number(row.languageId),
      checkCondition: String(row.checkCondition ?? ''),
      requiredLetterPosition: Number(row.requiredLetterPosition ?? 0),
    });
  }
  return levels;
}
