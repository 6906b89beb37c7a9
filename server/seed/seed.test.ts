import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSatisfiable } from '#shared/check-condition-words.ts';
import {
  composeCheckCondition,
  parseCheckCondition,
  type CheckConditionPart,
} from '#shared/check-condition.ts';
import { contentEntities } from '#shared/entities/index.ts';
import { createWordMatcher } from '#shared/words.ts';
import { DIALECTS, testDatabase, type TestDatabase } from '../../tests/helpers/databases.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import type { ContentTables } from '../db/schema.ts';
import { createLogger } from '../logger.ts';
import { seedDemoContent } from './index.ts';

/** The nine content tables, as the entity descriptions name them. */
const TABLES = contentEntities.map((entity) => entity.table as keyof ContentTables);

describe.each(DIALECTS)('seedDemoContent (%s)', (dialect) => {
  let test: TestDatabase;
  let database: DatabaseHandle;
  const logLines: string[] = [];
  let seeded: boolean;

  const count = async (table: keyof ContentTables) =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const counts = async () =>
    Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await count(t)])));

  beforeAll(async () => {
    test = testDatabase(dialect);
    database = await openDatabase(test.options);
    const logger = createLogger({ logLevel: 'info' }, { write: (line: string) => void logLines.push(line) });
    seeded = await seedDemoContent(database, logger);
  });

  afterAll(async () => {
    await database?.close();
    await test?.drop();
  });

  it('seeds an empty database once and logs one line with the counts', async () => {
    expect(seeded).toBe(true);
    const before = await counts();
    expect(await seedDemoContent(database, createLogger({ logLevel: 'silent' }))).toBe(false);
    expect(await counts()).toEqual(before);
    expect(logLines).toHaveLength(1);
    const line = JSON.parse(logLines[0]!);
    expect(line.level).toBe(30);
    expect(line.demoContent).toMatchObject({
      words: before.words,
      levels: before.levels,
      letterGroupWords: before.letterGroupWords,
      players: before.users,
    });
  });

  it('holds a data set of the intended size', async () => {
    const c = await counts();
    expect(c.languages).toBe(3);
    expect(c.stages).toBe(5);
    expect(c.letterGroups).toBeGreaterThanOrEqual(60);
    expect(c.words).toBeGreaterThanOrEqual(2500);
    expect(c.words).toBeLessThan(5000);
    expect(c.levels).toBe(80);
    expect(c.letterGroupWords).toBeGreaterThan(5000);
    expect(c.letterGroupLevels).toBeGreaterThanOrEqual(c.levels);
    expect(c.users).toBeGreaterThanOrEqual(5);
    expect(c.userLevels).toBeGreaterThan(30);
    const languages = await database.db.selectFrom('languages').selectAll().orderBy('id').execute();
    expect(languages.map((l) => [l.language, Boolean(l.isActive)])).toEqual([
      ['English', true],
      ['Spanish', true],
      ['French', false],
    ]);
    const stages = await database.db.selectFrom('stages').selectAll().orderBy('number').execute();
    expect(stages.map((s) => [s.number, s.letterCount, s.letters])).toEqual([
      [1, 5, '5 letters'],
      [2, 6, '6 letters'],
      [3, 7, '7 letters'],
      [4, 8, '8 letters'],
      [5, 9, '9 letters'],
    ]);
    const perLanguage = await database.db
      .selectFrom('words')
      .select(['languageId', (eb) => eb.fn.countAll().as('n')])
      .groupBy('languageId')
      .orderBy('languageId')
      .execute();
    expect(perLanguage.map((r) => Number(r.n))).toEqual([expect.any(Number), expect.any(Number)]);
    expect(Number(perLanguage[1]!.n)).toBeGreaterThan(300);
  });

  it('gives every letter group the letter count of its stage and every buildable word of its language', async () => {
    const groups = await database.db
      .selectFrom('letterGroups')
      .innerJoin('stages', 'stages.id', 'letterGroups.stageId')
      .select(['letterGroups.id', 'letterGroups.letters', 'letterGroups.languageId', 'stages.letterCount'])
      .execute();
    const words = await database.db.selectFrom('words').select(['id', 'letters', 'languageId']).execute();
    const links = await database.db
      .selectFrom('letterGroupWords')
      .select(['letterGroupId', 'wordId'])
      .execute();
    const wordById = new Map(words.map((w) => [w.id, w]));
    for (const languageId of new Set(groups.map((g) => g.languageId))) {
      const matcher = createWordMatcher(
        words.filter((w) => w.languageId === languageId).map((w) => w.letters),
      );
      for (const group of groups.filter((g) => g.languageId === languageId)) {
        expect([...group.letters]).toHaveLength(group.letterCount);
        const linked = links.filter((l) => l.letterGroupId === group.id).map((l) => wordById.get(l.wordId)!);
        expect(linked.every((w) => w.languageId === group.languageId)).toBe(true);
        expect(linked.map((w) => w.letters).sort()).toEqual(matcher.buildableFrom(group.letters).sort());
        expect(linked.length).toBeGreaterThanOrEqual(5);
      }
    }
  });

  it('uses every kind of check condition, each consistent with the level and met by its letter groups', async () => {
    const levels = await database.db.selectFrom('levels').selectAll().execute();
    const groupLevels = await database.db
      .selectFrom('letterGroupLevels')
      .innerJoin('letterGroups', 'letterGroups.id', 'letterGroupLevels.letterGroupId')
      .select([
        'letterGroupLevels.levelId',
        'letterGroups.id',
        'letterGroups.stageId',
        'letterGroups.languageId',
      ])
      .execute();
    const groupWords = await database.db
      .selectFrom('letterGroupWords')
      .innerJoin('words', 'words.id', 'letterGroupWords.wordId')
      .select(['letterGroupWords.letterGroupId', 'words.letters'])
      .execute();
    const kinds = new Set<string>();
    for (const level of levels) {
      const parsed = parseCheckCondition(level.checkCondition);
      expect(parsed.unknown, level.checkCondition).toEqual([]);
      expect(composeCheckCondition(parsed.inputs)).toBe(level.checkCondition);
      expect(Boolean(level.requiredLetterFlag)).toBe(parsed.inputs.requiredLetterFlag);
      expect(level.requiredLetter).toBe(parsed.inputs.requiredLetter);
      expect(level.assignment).not.toBe('');
      expect(level.hint).toBeTruthy();
      expect(level.time).toBeGreaterThanOrEqual(60);
      parsed.parts.forEach((p: CheckConditionPart) =>
        kinds.add(p.kind === 'letters' && p.atLeast ? 'letters+' : p.kind),
      );

      const linked = groupLevels.filter((gl) => gl.levelId === level.id);
      expect(linked.length).toBeGreaterThanOrEqual(1);
      expect(linked.length).toBeLessThanOrEqual(3);
      for (const group of linked) {
        expect([group.stageId, group.languageId]).toEqual([level.stageId, level.languageId]);
        const words = groupWords.filter((w) => w.letterGroupId === group.id).map((w) => w.letters);
        const result = checkSatisfiable(words, level.checkCondition);
        expect(result, `level ${level.id} ${level.checkCondition}`).toMatchObject({
          satisfiable: true,
          exact: true,
        });
      }
    }
    expect([...kinds].sort()).toEqual([
      'endIsStart',
      'letters',
      'letters+',
      'sameCharEnd',
      'sameCharStart',
      'words',
    ]);
    expect(levels.some((l) => Boolean(l.isChill))).toBe(true);
    expect(levels.some((l) => !l.isChill)).toBe(true);
  });

  it('adds players whose progress adds up', async () => {
    const users = await database.db.selectFrom('users').selectAll().execute();
    const userLevels = await database.db
      .selectFrom('userLevels')
      .innerJoin('levels', 'levels.id', 'userLevels.levelId')
      .selectAll('userLevels')
      .select(['levels.number', 'levels.languageId'])
      .execute();
    expect(users.every((u) => u.role === 'common')).toBe(true);
    expect(new Set(users.map((u) => u.email)).size).toBe(users.length);
    expect(users.some((u) => u.deletedAt !== null && !u.isActive)).toBe(true);
    for (const user of users) {
      expect(user.email).toMatch(/^[a-z0-9.]+@example\.com$/);
      expect(new Date(user.createdAt).getTime()).toBeLessThanOrEqual(new Date(user.updatedAt).getTime());
      const own = userLevels.filter((ul) => ul.userId === user.id).sort((a, b) => a.number - b.number);
      expect(own.length).toBeGreaterThan(0);
      expect(own.every((ul) => ul.languageId === user.languageId)).toBe(true);
      expect(own.every((ul) => !(ul.completed && ul.locked))).toBe(true);
      // Completed levels come first, then one open level, then locked ones.
      const states = own.map((ul) => (ul.completed ? 'c' : ul.locked ? 'l' : 'o')).join('');
      expect(states).toMatch(/^c*ol*$/);
      expect(user.totalScore).toBe(own.reduce((s, ul) => s + ul.highestScore, 0));
      expect(user.validWords).toBe(own.reduce((s, ul) => s + ul.validWords, 0));
      expect(user.maxLevel).toBe(own.find((ul) => !ul.completed)!.number);
      for (const ul of own.filter((u) => u.completed)) expect(ul.mostValuableWordEntered).not.toBe('');
    }
  });
});
