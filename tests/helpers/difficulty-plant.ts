/**
 * Known difficulty planted in player results (issue 34), for the panel's, the API's and the CLI's
 * tests alike: one new stage in one language whose figures say exactly two things.
 *
 * What `plantDifficulty` writes:
 * - a stage (number `stageNumber`, 90 unless told) with 15 levels, numbered 1–15, in `languageId`;
 * - 200 players (`users`, active, of that language), named `{prefix}-{i}`;
 * - their results (`user_levels`): player i reaches the levels while i < REACH[level]. 200 reach
 *   level 1, 2 % fewer each level up to level 12 (160 players), then only 30 % of level 12's
 *   players reach level 13 (48), 2 % fewer again after it. Each player also holds a locked row on
 *   the level after the last one reached (the game unlocks ahead), which is no player of it.
 * - completion: 80 % of each level's players (every fifth one fails), but 20 % on level 7;
 *   scores rise gently with the level number and do not depend on completion; words, duplicates,
 *   speed and the most valuable word ('planets' for 60 % of the players) vary within each level.
 *
 * So a correct analysis finds exactly two things (EXPECTED_FINDINGS): level 7 is harder than its
 * neighbours (completion 20 % where they have 80 %), and level 12 is where players stop (70 % do
 * not reach level 13, where the stage usually loses 2 %).
 *
 * Rows are written straight into the database (`databaseRows`), as the game writes them: not
 * through this server, so whatever the server keeps must notice them.
 */
import type { DatabaseHandle } from '../../server/db/database.ts';

export const PLANTED_LEVELS = 15;
export const PLANTED_PLAYERS = 200;
export const HARD_LEVEL = 7;
export const STOP_LEVEL = 12;

/** Players who reach each level (index 0: level 1). */
export const REACH: readonly number[] = (() => {
  const reach: number[] = [];
  for (let n = 1; n <= PLANTED_LEVELS; n++) {
    if (n <= STOP_LEVEL) reach.push(Math.round(PLANTED_PLAYERS * 0.98 ** (n - 1)));
    else if (n === STOP_LEVEL + 1) reach.push(Math.round(reach[STOP_LEVEL - 1]! * 0.3));
    else reach.push(Math.round(reach[n - 2]! * 0.98));
  }
  return reach;
})();

/** Whether player `i` completed level `n` (80 %; 20 % on the hard level). */
export const plantedCompleted = (n: number, i: number): boolean =>
  n === HARD_LEVEL ? i % 5 === 0 : i % 5 !== 4;

/** Level `n`'s completion rate as planted (0…1). */
export function plantedCompletion(n: number): number {
  const players = REACH[n - 1]!;
  let done = 0;
  for (let i = 0; i < players; i++) if (plantedCompleted(n, i)) done++;
  return done / players;
}

/** Share of level `n`'s players not found on level n + 1 (null for the last level). */
export const plantedDropOff = (n: number): number | null =>
  n >= PLANTED_LEVELS ? null : 1 - REACH[n]! / REACH[n - 1]!;

export const EXPECTED_FINDINGS = [
  { levelNumber: HARD_LEVEL, kind: 'harder' },
  { levelNumber: STOP_LEVEL, kind: 'drop-off' },
] as const;

export type PlantTable = 'stages' | 'levels' | 'users' | 'userLevels';

/**
 * Writes rows (camelCase columns, booleans as booleans, times as ISO text) into a table and
 * answers their ids in the rows' order. `databaseRows` is one over a database handle; an API
 * suite may pass its own.
 */
export type InsertRows = (table: PlantTable, rows: Array<Record<string, unknown>>) => Promise<number[]>;

export interface PlantOptions {
  languageId: number;
  /** The new stage's number (no other stage may have it). */
  stageNumber?: number;
  /** Prefix of the players' usernames (unique per plant). */
  prefix?: string;
  /** When the players' accounts were made (ISO). */
  at?: string;
}

export interface PlantedStage {
  stageId: number;
  stageNumber: number;
  languageId: number;
  /** The levels' ids, index 0 being level 1. */
  levelIds: number[];
  userIds: number[];
  /** Rows of user_levels written (reached and locked). */
  userLevels: number;
}

const WORDS = ['planets', 'plaster', 'pasture'];
/** A row the game writes ahead of a player: the level is not yet theirs. */
const LOCKED = {
  completed: false,
  locked: true,
  validWords: 0,
  invalidWords: 0,
  duplicateWords: 0,
  wordsPerSecond: 0,
  highestScore: 0,
  mostValuableWordEntered: '',
};

/** One player's result on a level they reached. */
function result(n: number, i: number, levelId: number, userId: number): Record<string, unknown> {
  return {
    completed: plantedCompleted(n, i),
    locked: false,
    validWords: 8 + ((i * 7 + n * 3) % 9),
    invalidWords: (i * 3 + n) % 4,
    duplicateWords: (i + n) % 3,
    wordsPerSecond: Math.round((0.3 + ((i * 13 + n) % 20) / 50) * 100) / 100,
    highestScore: 80 + 4 * n + ((i * 37) % 60),
    mostValuableWordEntered: WORDS[i % 10 < 6 ? 0 : i % 10 < 9 ? 1 : 2],
    levelId,
    userId,
  };
}

/** Plants the stage described at the top of this file. */
export async function plantDifficulty(insert: InsertRows, options: PlantOptions): Promise<PlantedStage> {
  const {
    languageId,
    stageNumber = 90,
    prefix = `plant${stageNumber}`,
    at = new Date().toISOString(),
  } = options;
  const [stageId] = await insert('stages', [{ number: stageNumber, letterCount: 7, letters: '' }]);
  const levelIds = await insert(
    'levels',
    Array.from({ length: PLANTED_LEVELS }, (_, k) => ({
      number: k + 1,
      hint: `Planted level ${k + 1}`,
      stageId,
      languageId,
    })),
  );
  const userIds = await insert(
    'users',
    Array.from({ length: PLANTED_PLAYERS }, (_, i) => ({
      username: `${prefix}-${i}`,
      email: `${prefix}-${i}@example.com`,
      languageId,
      isActive: true,
      createdAt: at,
      updatedAt: at,
    })),
  );
  const rows = userIds.flatMap((userId, i) => {
    const reached = REACH.filter((players) => i < players).length;
    const played = levelIds.slice(0, reached).map((levelId, k) => result(k + 1, i, levelId, userId));
    const next = levelIds[reached];
    // Every column named: one multi-row insert on SQLite has no DEFAULT for a missing one.
    const ahead = next === undefined ? [] : [{ ...LOCKED, levelId: next, userId }];
    return [...played, ...ahead];
  });
  await insert('userLevels', rows);
  return { stageId: stageId!, stageNumber, languageId, levelIds, userIds, userLevels: rows.length };
}

/** Rows per statement: within SQLite's bound-parameter limit for these tables. */
const BATCH = 500;

/** `InsertRows` over the server's database handle (SQLite or PostgreSQL), in one transaction per table. */
export function databaseRows(database: DatabaseHandle): InsertRows {
  const sqlite = database.dialect === 'sqlite';
  const stored = (row: Record<string, unknown>) =>
    sqlite
      ? Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'boolean' ? Number(v) : v]))
      : row;
  return (table, rows) =>
    database.db.transaction().execute(async (trx) => {
      const ids: number[] = [];
      for (let start = 0; start < rows.length; start += BATCH) {
        const batch = rows.slice(start, start + BATCH).map(stored);
        // The rows are checked by the tables' own constraints; their shape is the caller's.
        const answer = await trx
          .insertInto(table)
          .values(batch as never)
          .returning('id')
          .execute();
        ids.push(...answer.map((row) => row.id));
      }
      return ids;
    });
}
