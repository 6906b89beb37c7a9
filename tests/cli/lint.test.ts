import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { cliJson, startCliHarness, type CliHarness } from './harness.ts';

describe('argus-words lint', () => {
  let h: CliHarness;
  let database: DatabaseHandle;
  const id: Record<string, number> = {};
  const json = (args: string[]) => cliJson<{ id: number }>(h, args);
  const create = async (entity: string, fields: Record<string, string | number | boolean>) =>
    (await json([entity, 'create', ...Object.entries(fields).flatMap(([k, v]) => ['--set', `${k}=${v}`])]))
      .id;

  beforeAll(async () => {
    h = await startCliHarness();
    await h.login();
    database = await openDatabase(h.app.config);
    id.clean = await create('language', { language: 'Clean' });
    id.lang = await create('language', { language: 'Messy' });
    id.stage = await create('stage', { letterCount: 3, number: 1 });
    id.oldStage = await create('stage', { letterCount: 3, number: 2, isActive: false });
    for (const letters of ['cat', 'act', 'at', 'dog'])
      id[letters] = await create('word', { letters, languageId: id.lang });
    await json(['word', 'update', String(id.dog), '--set', 'isActive=false']);
    // What the API refuses but older data may hold: a word that is a duplicate once normalised.
    id.Cat = (
      await database.db
        .insertInto('words')
        .values({ letters: 'Cat', languageId: id.lang, isActive: 1 } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const group = (letters: string) =>
      create('letter-group', { letters, languageId: id.lang!, stageId: id.stage! });
    id.gCat = await group('cat');
    id.gXyz = await group('xyz');
    id.gDog = await group('dog');
    for (const w of ['cat', 'act', 'at'])
      await create('letter-group-word', { letterGroupId: id.gCat, wordId: id[w]! });
    await create('letter-group-word', { letterGroupId: id.gDog, wordId: id.dog! });

    const level = async (number: number, checkCondition: string, groups: number[], stageId = id.stage!) => {
      const levelId = await create('level', {
        languageId: id.lang!,
        stageId,
        number,
        ...(checkCondition ? { checkCondition } : {}),
      });
      for (const g of groups) await create('letter-group-level', { letterGroupId: g, levelId });
      return levelId;
    };
    id.tooMany = await level(1, 'words::5', [id.gCat]);
    id.sameStart = await level(2, 'words::3::sameCharStart', [id.gCat]);
    id.fine = await level(3, 'words::2::letters::2+', [id.gCat]);
    id.noGroups = await level(4, '', []);
    id.oldStageLevel = await level(5, '', [id.gCat], id.oldStage);
    id.odd = await level(6, '', [id.gCat]);
    await database.db
      .updateTable('levels')
      .set({ checkCondition: 'words::2::nonsense' })
      .where('id', '=', id.odd)
      .execute();
  });
  afterAll(async () => {
    await database?.close();
    await h?.stop();
  });

  it('finds each kind of problem, one line each, and exits 1', async () => {
    const result = await h.cli(['lint', '--language', String(id.lang)]);
    expect(result.code).toBe(1);
    const lines = result.stdout.trimEnd().split('\n');
    // Named as a person reads them: the language's name and the stage's number, not their ids.
    const name = (levelId: number, number: number, stage = 1) =>
      `level ${levelId} (Messy, stage ${stage}, number ${number})`;
    expect(lines.sort()).toEqual(
      [
        `${name(id.tooMany!, 1)}: letter group ${id.gCat} "cat" cannot meet "words::5": 3 usable words, 5 needed`,
        `${name(id.sameStart!, 2)}: letter group ${id.gCat} "cat" cannot meet "words::3::sameCharStart": 2 usable words, 3 needed`,
        `${name(id.noGroups!, 4)} has no letter groups`,
        `${name(id.oldStageLevel!, 5, 2)} is in inactive stage 2`,
        `${name(id.odd!, 6)}: check condition "words::2::nonsense" has parts that are not understood: nonsense`,
        `letter group ${id.gXyz} "xyz" has no active words`,
        `letter group ${id.gDog} "dog" is linked to inactive word ${id.dog}`,
        `letter group ${id.gDog} "dog" has no active words`,
        `word ${id.Cat} "Cat" duplicates word ${id.cat} in Messy`,
      ].sort(),
    );
    expect(result.stderr).toMatch(/\n9 problems found.\n$/);
  });

  it('--json: the problems as JSON on stdout, nothing else; exit 1', async () => {
    const result = await h.cli(['--json', 'lint', '--language', String(id.lang)]);
    expect(result.code).toBe(1);
    const { problems } = JSON.parse(result.stdout) as { problems: Array<{ kind: string; id: number }> };
    expect(new Set(problems.map((p) => p.kind))).toEqual(
      new Set([
        'unsatisfiable-level',
        'condition-not-understood',
        'empty-letter-group',
        'level-without-letter-groups',
        'inactive-reference',
        'duplicate-word',
      ]),
    );
    expect(problems.find((p) => p.kind === 'duplicate-word')).toMatchObject({ entity: 'word', id: id.Cat });
  });

  it('a clean language passes with exit 0', async () => {
    const result = await h.cli(['lint', '--language', String(id.clean)]);
    expect(result).toEqual({ code: 0, stdout: '', stderr: 'No problems found.\n' });
    const unknown = await h.cli(['lint', '--language', '999']);
    expect(unknown).toMatchObject({ code: 1, stderr: 'Error: Language 999 not found.\n' });
  });

  it('lists duplicate natural keys stored before the unique rules, and letter groups of the wrong length', async () => {
    // An older database: the unique indexes of migration 0009 could not be created (see natural-keys.ts).
    for (const index of ['stages_natural_key_unique', 'languages_natural_key_unique'])
      await sql`drop index ${sql.id(index)}`.execute(database.db);
    const again = (
      await database.db
        .insertInto('stages')
        .values({ letterCount: 4, number: 1, letters: '', isActive: 1 } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const messy = (
      await database.db
        .insertInto('languages')
        .values({ language: 'MESSY', isActive: 1 } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const long = await create('letter-group', { letters: 'cats', languageId: id.lang!, stageId: id.stage! });

    const result = await h.cli(['lint']);
    expect(result.code).toBe(1);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toContain(
      `stage ${again} has number 1, like stage ${id.stage}: stage numbers must be unique`,
    );
    expect(lines).toContain(
      `language ${messy} "MESSY" duplicates language ${id.lang} "Messy" (names are compared ignoring case)`,
    );
    expect(lines).toContain(
      `letter group ${long} "cats" has 4 letters, but its stage 1 has a letter count of 3`,
    );
    const { problems } = JSON.parse((await h.cli(['--json', 'lint'])).stdout) as {
      problems: Array<{ kind: string; entity: string; id: number }>;
    };
    expect(problems).toContainEqual(
      expect.objectContaining({ kind: 'duplicate-key', entity: 'stage', id: again }),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({ kind: 'letter-count-mismatch', entity: 'letter-group', id: long }),
    );
  });

  it('audit reads the log with filters', async () => {
    const page = (await json([
      'audit',
      '--entity',
      'word',
      '--id',
      String(id.dog),
      '--user',
      'adm',
    ])) as unknown as {
      items: Array<{ action: string; entity: string }>;
    };
    expect(page.items.map((e) => e.action)).toEqual(['update', 'create']);
    const table = await h.cli(['audit', '--action', 'delete']);
    expect(table.stdout).toContain('Page 1 of 1 (0 entries)');
    const bad = await h.cli(['audit', '--entity', 'planets']);
    expect(bad.stderr).toMatch(/^Error: --entity must be one of levels, users/);
    expect((await h.cli(['audit', '--id', '3'])).stderr).toBe(
      'Error: --id needs --entity: ids are per entity.\n',
    );
  });
});
