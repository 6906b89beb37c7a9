import { truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentEntities } from '../../shared/entities/index.ts';
import { MAX_FILE_BYTES } from '../../shared/import/records.ts';
import { openDatabase } from '../../server/db/database.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { cliJson, startCliHarness, type CliHarness } from './harness.ts';

/** `TABLE import FILE`: every table, from the files export writes, on SQLite and PostgreSQL. */
describe.each(DIALECTS)('argus-words <entity> import (%s)', (dialect) => {
  let h: CliHarness;
  let english = 0;
  let spanish = 0;
  let stage1 = 0;
  let stage2 = 0;
  const file = (name: string, text: string | Buffer) => {
    const target = path.join(h.configHome, name);
    writeFileSync(target, text);
    return target;
  };
  const exported = async (entity: string, format = 'csv') => {
    const result = await h.cli([entity, 'export', '--format', format]);
    expect(result.code, result.stderr).toBe(0);
    return result.stdout;
  };

  beforeAll(async () => {
    h = await startCliHarness(dialect);
    await h.login();
    const create = async (entity: string, ...sets: string[]) =>
      (await cliJson(h, [entity, 'create', ...sets.flatMap((s) => ['--set', s])])).id;
    english = await create('language', 'language=English');
    spanish = await create('language', 'language=Español');
    stage1 = await create('stage', 'number=1', 'letterCount=5');
    stage2 = await create('stage', 'number=2', 'letterCount=6');
    const group = await create('letter-group', 'letters=stop', `languageId=${english}`, `stageId=${stage1}`);
    const level = await create(
      'level',
      'hint=Kitchen, "tools"',
      `languageId=${english}`,
      `stageId=${stage1}`,
    );
    await create('level', 'hint=Garden', `languageId=${english}`, `stageId=${stage1}`);
    const top = await create('word', 'letters=top', `languageId=${english}`);
    await create('word', 'letters=pots', `languageId=${english}`);
    await create('word', 'letters=gato', `languageId=${spanish}`);
    await create('letter-group-word', `letterGroupId=${group}`, `wordId=${top}`);
    await create('letter-group-level', `letterGroupId=${group}`, `levelId=${level}`);
    // Players' progress is not created through the API: arranged in the database.
    const database = await openDatabase(h.database!);
    await database.db
      .insertInto('userLevels')
      .values({ userId: 1, levelId: level, highestScore: 40 })
      .execute();
    await database.close();
  });
  afterAll(async () => h?.stop());

  it('round trip: every table exported and imported unchanged is 0 changes, in csv, json and jsonl', async () => {
    for (const entity of contentEntities) {
      for (const format of ['csv', 'json', 'jsonl']) {
        const text = await exported(entity.name, format);
        const target = file(`${entity.resource}.${format}`, text);
        const result = await h.cli([entity.name, 'import', target, '--yes']);
        expect(result.code, `${entity.name} ${format}: ${result.stderr}`).toBe(0);
        // The diff is the data (stdout: empty here); the summary is a message (stderr).
        expect(result.stdout, `${entity.name} ${format}`).toBe('');
        expect(result.stderr, `${entity.name} ${format}`).toMatch(
          new RegExp(
            `^${entity.labelPlural}: Would create 0, would update 0, unchanged \\d+, rejected 0 \\(dry run: nothing was written\\)\\.$`,
            'm',
          ),
        );
      }
    }
    const users = await cliJson<{ counts: Record<string, number> }>(h, [
      'user',
      'import',
      file('users.csv', await exported('user')),
      '--dry-run',
    ]);
    expect(users.counts).toEqual({ created: 0, updated: 0, unchanged: 1, rejected: 0 });
  });

  it('an edit made in the spreadsheet applies exactly, and nothing else; the dry run shows it first', async () => {
    const before = await exported('level');
    const lines = before.split('\n');
    const header = lines[0]!.split(',');
    expect(header).toEqual([
      'id',
      'isActive',
      'number',
      'hint',
      'assignment',
      'time',
      'requiredLetterFlag',
      'requiredLetter',
      'requiredLetterPosition',
      'checkCondition',
      'isChill',
      'stageId',
      'languageId',
    ]);
    // Row 3 (the "Garden" level): the hint edited and the time changed, as a person would.
    const garden = lines[2]!.split(',');
    const id = Number(garden[0]);
    garden[3] = 'Backyard';
    garden[5] = '90';
    lines[2] = garden.join(',');
    const edited = file('levels-edited.csv', lines.join('\n'));

    const dry = await h.cli(['level', 'import', edited, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toBe(`~ line 3: level ${id}: hint "Garden" → "Backyard", time 60 → 90\n`);
    expect(dry.stderr).toContain(
      'Levels: Would create 0, would update 1, unchanged 1, rejected 0 (dry run: nothing was written).\n',
    );
    expect(await exported('level')).toBe(before);

    const refused = await h.cli(['level', 'import', edited]);
    expect(refused).toMatchObject({ code: 1 });
    expect(refused.stderr).toContain(
      'Error: Refusing to create 0 and update 1 levels without confirmation: add --yes (or --dry-run).',
    );
    const asked: string[] = [];
    const real = await h.cli(['level', 'import', edited], {
      answers: (message) => {
        asked.push(message);
        return true;
      },
    });
    expect(real.code, real.stderr).toBe(0);
    expect(asked).toEqual(['Create 0 and update 1 levels?']);
    expect(real.stderr).toContain('Levels: Created 0, updated 1, unchanged 1, rejected 0.\n');
    expect(await exported('level')).toBe(lines.join('\n'));
  });

  it('honours isActive in words files, and reads semicolon CSV and JSON told by content', async () => {
    const csv = await exported('word');
    const off = csv.replace(/^(\d+),true,pots,/m, '$1,false,pots,');
    expect(off).not.toBe(csv);
    const semicolons = file('words.csv', off.replaceAll(',', ';'));
    const result = await h.cli(['words', 'import', semicolons, '--yes']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Words: Created 0, updated 1, unchanged 2, rejected 0.\n');
    expect(await exported('word')).toBe(off);

    // The dictionary import (with --language) honours an isActive column too.
    const dictionary = file('dictionary.csv', 'letters,isActive\ntop,false\nnuevo,true\n');
    const report = await cliJson<{ counts: Record<string, number> }>(h, [
      'words',
      'import',
      dictionary,
      '--language',
      String(english),
    ]);
    expect(report.counts).toEqual({ created: 1, updated: 1, unchanged: 0, rejected: 0 });
    const top = await cliJson<Array<{ isActive: boolean }>>(h, [
      'word',
      'list',
      '--all',
      '--filter',
      'letters=top',
    ]);
    expect(top.map((w) => w.isActive)).toEqual([false]);

    // JSON Lines in a file without an extension: told by its first character.
    const jsonl = file(
      'languages-data',
      `{"language":"Deutsch"}\n\n{"language":"English","isActive":false}\n`,
    );
    const languages = await h.cli(['language', 'import', jsonl, '--dry-run']);
    expect(languages.stdout).toBe(
      '+ line 1: new language: language "Deutsch"\n' +
        `~ line 3: language ${english}: isActive true → false\n`,
    );
    expect(languages.stderr).toContain(
      'Languages: Would create 1, would update 1, unchanged 0, rejected 0 (dry run: nothing was written).\n',
    );
  });

  it('takes references by natural key and reports rejected rows with their line; the rest go on', async () => {
    const levels = file(
      'new-levels.csv',
      [
        'languageId,stage.number,number,hint,time',
        'English,2,1,By name and number,30', // 2
        `${spanish},1,1,By ids,`, // 3
        'Klingon,1,2,Unknown language,', // 4
        'English,7,3,Unknown stage,', // 5
        'English,2,4,Bad time,soon', // 6
        'English,2,5,"Too, many",1,2', // 7
      ].join('\r\n'),
    );
    const dry = await h.cli(['level', 'import', levels, '--dry-run']);
    expect(dry.code).toBe(1);
    expect(dry.stdout).toBe(
      [
        `+ line 2: new level: languageId {"language":"English"}, number 1, hint "By name and number", time 30, stageId {"number":2}`,
        `+ line 3: new level: languageId ${spanish}, number 1, hint "By ids", stageId {"number":1}`,
        '! line 4: Invalid level: languageId no language has language "Klingon"',
        '! line 5: Invalid level: stageId no stage has number 7',
        '! line 6: time must be a whole number, not "soon"',
        '! line 7: has more cells than the header has columns',
        '',
      ].join('\n'),
    );
    expect(dry.stderr).toContain(
      'Levels: Would create 2, would update 0, unchanged 0, rejected 4 (dry run: nothing was written).\n',
    );
    const real = await h.cli(['level', 'import', levels, '--yes']);
    expect(real.code).toBe(1);
    expect(real.stderr).toContain('Levels: Created 2, updated 0, unchanged 0, rejected 4.\n');
    expect(real.stderr).toContain('! line 6: time must be a whole number, not "soon"\n');
    const made = await cliJson<Array<Record<string, unknown>>>(h, [
      'level',
      'list',
      '--all',
      '--filter',
      'hint=by ',
    ]);
    expect(made.map((l) => [l.hint, l.languageId, l.stageId, l.time])).toEqual([
      ['By name and number', english, stage2, 30],
      ['By ids', spanish, stage1, 60],
    ]);
  });

  it('refuses a whole file in one line: not UTF-8, unknown column, wrong shape; nothing written', async () => {
    const before = await exported('language');
    const cases: Array<[string, string | Buffer, string]> = [
      [
        'latin1.csv',
        Buffer.concat([Buffer.from('language\nFran'), Buffer.from([0xe7]), Buffer.from('ais\n')]),
        'is not UTF-8 text (line 2): save it as UTF-8 and try again\n',
      ],
      [
        'colour.csv',
        'language,colour\nFrançais,blue\n',
        'Error: Unknown column "colour": the fields of languages are id, isActive, language\n',
      ],
      ['shape.json', '{"language": "x"', 'shape.json line 1: a JSON file must hold one array of objects\n'],
      ['broken.json', '[\n{"language": "x"},\n{oops}\n]', 'broken.json line 3: not valid JSON'],
      ['object.json', '[{"language": "Français", "speakers": 3}]', 'Error: Unknown column "speakers"'],
      ['scalar.json', '"Français"', 'a JSON file must hold one array of objects\n'],
    ];
    for (const [name, text, message] of cases) {
      const target = file(name, text);
      const result = await h.cli(['language', 'import', target, '--yes']);
      expect(result.code, name).toBe(1);
      expect(result.stderr, name).toContain(message);
      expect(result.stderr.trimEnd().split('\n'), name).toHaveLength(1);
    }
    // Too big: refused from its size, before a byte is read (a sparse file, so nothing is written).
    const huge = file('huge.csv', 'language\n');
    truncateSync(huge, MAX_FILE_BYTES + 1);
    const tooBig = await h.cli(['language', 'import', huge, '--yes']);
    expect(tooBig.code).toBe(1);
    expect(tooBig.stderr).toBe(`Error: ${huge} is too big (512.0 MB; at most 512 MB): split it\n`);
    expect(await exported('language')).toBe(before);
  });
});
