import { sql, type Kysely, type Transaction } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { loadDemoPlan, type DemoPlan } from './plan.ts';

/**
 * Demo content for a fresh database (DEMO_CONTENT, on by default): languages, stages, letter groups,
 * a few thousand real words with their letter-group links, levels using every kind of check
 * condition with the letter groups that can meet them, and a few players with their progress. See
 * content.ts, levels.ts and players.ts for the data, data/README.md for the word lists.
 *
 * Seeds only when the database holds no language yet, in one transaction (all or nothing), and
 * returns whether it did. Admin accounts are not created here (see the auth bootstrap).
 */
export async function seedDemoContent(database: DatabaseHandle, logger: Logger): Promise<boolean> {
  if (await hasLanguages(database.db)) return false; // the usual case: skip reading the word lists
  const plan = loadDemoPlan();
  const counts = await database.db.transaction().execute(async (trx) => {
    // Two servers starting on one empty PostgreSQL database: the second waits, then sees languages.
    if (database.dialect === 'postgres') await sql`lock table languages in exclusive mode`.execute(trx);
    if (await hasLanguages(trx)) return null;
    return insertPlan(trx, plan, database.dialect === 'sqlite');
  });
  if (counts) logger.info({ demoContent: counts }, 'Seeded demo content into the empty database');
  return counts !== null;
}

async function hasLanguages(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('languages').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/** Rows per insert statement: below SQLite's 32,766 bound parameters (PostgreSQL allows 65,535). */
const MAX_PARAMETERS = 30_000;

async function insertAll<Row extends object, Result>(
  rows: readonly Row[],
  insert: (batch: Row[]) => Promise<Result[]>,
): Promise<Result[]> {
  const columns = Math.max(1, ...rows.slice(0, 1).map((r) => Object.keys(r).length));
  const size = Math.floor(MAX_PARAMETERS / columns);
  const results: Result[] = [];
  for (let start = 0; start < rows.length; start += size) {
    results.push(...(await insert(rows.slice(start, start + size))));
  }
  return results;
}

async function insertPlan(trx: Transaction<Database>, plan: DemoPlan, sqlite: boolean) {
  // SQLite stores booleans as 0/1 (server/db/columns.ts); timestamps go in as ISO text on both.
  const bool = (value: boolean) => (sqlite ? (value ? 1 : 0) : value);

  const languageRows = await insertAll(
    plan.languages.map((l) => ({ language: l.language, isActive: bool(l.isActive) })),
    (batch) => trx.insertInto('languages').values(batch).returning(['id', 'language']).execute(),
  );
  const languageId = (key: string) =>
    languageRows.find((r) => r.language === plan.languages.find((l) => l.key === key)!.language)!.id;

  const stageRows = await insertAll(
    plan.stages.map((s) => ({ number: s.number, letterCount: s.letterCount, letters: s.letters })),
    (batch) => trx.insertInto('stages').values(batch).returning(['id', 'number']).execute(),
  );
  const stageId = (number: number) => stageRows.find((r) => r.number === number)!.id;

  const groupIds = new Map<string, number>();
  const groupRows = plan.groups.map((g) => ({
    letters: g.letters,
    languageId: languageId(g.language),
    stageId: stageId(g.stageNumber),
  }));
  for (const row of await insertAll(groupRows, (batch) =>
    trx.insertInto('letterGroups').values(batch).returning(['id', 'letters', 'languageId']).execute(),
  )) {
    groupIds.set(`${row.languageId}|${row.letters}`, row.id);
  }

  const wordIds = new Map<string, number>();
  const wordRows = plan.words.map((w) => ({ letters: w.letters, languageId: languageId(w.language) }));
  for (const row of await insertAll(wordRows, (batch) =>
    trx.insertInto('words').values(batch).returning(['id', 'letters', 'languageId']).execute(),
  )) {
    wordIds.set(`${row.languageId}|${row.letters}`, row.id);
  }

  const groupWordLinks = plan.groups.flatMap((g) => {
    const lang = languageId(g.language);
    const letterGroupId = groupIds.get(`${lang}|${g.letters}`)!;
    return g.words.map((word) => ({ letterGroupId, wordId: wordIds.get(`${lang}|${word}`)! }));
  });
  await insertAll(groupWordLinks, (batch) => trx.insertInto('letterGroupWords').values(batch).execute());

  const levelIds = new Map<string, number>();
  const levelRows = plan.levels.map((l) => ({
    number: l.number,
    hint: l.hint,
    assignment: l.assignment,
    time: l.time,
    requiredLetterFlag: bool(l.requiredLetterFlag),
    requiredLetter: l.requiredLetter,
    checkCondition: l.checkCondition,
    isChill: bool(l.isChill),
    stageId: stageId(l.stageNumber),
    languageId: languageId(l.language),
  }));
  for (const row of await insertAll(levelRows, (batch) =>
    trx.insertInto('levels').values(batch).returning(['id', 'number', 'languageId']).execute(),
  )) {
    levelIds.set(`${row.languageId}|${row.number}`, row.id);
  }
  const levelId = (language: string, number: number) => levelIds.get(`${languageId(language)}|${number}`)!;

  const groupLevelLinks = plan.levels.flatMap((l) =>
    l.groups.map((letters, index) => ({
      used: bool(index === 0),
      letterGroupId: groupIds.get(`${languageId(l.language)}|${letters}`)!,
      levelId: levelId(l.language, l.number),
    })),
  );
  await insertAll(groupLevelLinks, (batch) => trx.insertInto('letterGroupLevels').values(batch).execute());

  const userRows = await insertAll(
    plan.players.map(({ userLevels: _, language, isActive, firstLoad, ...player }) => ({
      ...player,
      isActive: bool(isActive),
      firstLoad: bool(firstLoad),
      role: 'common',
      languageId: languageId(language),
    })),
    (batch) => trx.insertInto('users').values(batch).returning(['id', 'username']).execute(),
  );
  const userLevelRows = plan.players.flatMap((p) =>
    p.userLevels.map(({ levelNumber, completed, locked, ...stats }) => ({
      ...stats,
      completed: bool(completed),
      locked: bool(locked),
      levelId: levelId(p.language, levelNumber),
      userId: userRows.find((u) => u.username === p.username)!.id,
    })),
  );
  await insertAll(userLevelRows, (batch) => trx.insertInto('userLevels').values(batch).execute());

  return {
    languages: languageRows.length,
    stages: stageRows.length,
    letterGroups: groupRows.length,
    words: wordRows.length,
    letterGroupWords: groupWordLinks.length,
    levels: levelRows.length,
    letterGroupLevels: groupLevelLinks.length,
    players: userRows.length,
    userLevels: userLevelRows.length,
  };
}
