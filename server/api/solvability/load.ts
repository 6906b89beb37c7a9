import type { DatabaseHandle } from '../../db/database.ts';
import type { SolvabilityGroup, SolvabilityWord } from '#shared/solvability.ts';

/**
 * What the solvability of levels reads: their letter-group links, the letter groups and their
 * linked words. Each read is bounded by the ids asked for and answered from an index
 * (letter_group_levels.level_id, letter_group_words' natural key), and goes through
 * `database.read()`: on SQLite a worker thread, so the event loop never waits for it.
 */

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
    database.read(
      database.db
        .selectFrom('letterGroupWords as link')
        .innerJoin('words as word', 'word.id', 'link.wordId')
        .select(['link.letterGroupId', 'word.letters', 'word.isActive', 'word.languageId'])
        .where('link.letterGroupId', 'in', unique)
        .compile(),
    ),
  ]);
  for (const row of groupRows) {
    const id = Number(row.id);
    groups.set(id, { id, letters: String(row.letters), isActive: bool(row.isActive), words: [] });
  }
  for (const row of wordRows) {
    groups.get(Number(row.letterGroupId))?.words.push({
      letters: String(row.letters),
      isActive: bool(row.isActive),
      languageId: Number(row.languageId),
    });
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
