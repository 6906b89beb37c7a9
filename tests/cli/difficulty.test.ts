import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DifficultyReport } from '#shared/difficulty.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { databaseRows, EXPECTED_FINDINGS, plantDifficulty, REACH } from '../helpers/difficulty-plant.ts';
import { cliJson, startCliHarness, type CliHarness } from './harness.ts';

/** `argus-words levels difficulty` (issue 34), on a stage with known difficulty the game wrote. */
describe.each(DIALECTS)('argus-words levels difficulty (%s)', (dialect) => {
  let h: CliHarness;
  let database: DatabaseHandle;

  beforeAll(async () => {
    h = await startCliHarness(dialect);
    await h.login();
    const english = (await cliJson(h, ['language', 'create', '--set', 'language=English'])).id;
    await cliJson(h, ['language', 'create', '--set', 'language=German']);
    database = await openDatabase(h.database!);
    await plantDifficulty(databaseRows(database), { languageId: english, stageNumber: 42 });
  });
  afterAll(async () => {
    await database?.close();
    await h?.stop();
  });

  it('--format json lists each level and exactly the two planted findings with level number and kind', async () => {
    const run = await h.cli([
      'levels',
      'difficulty',
      '--stage',
      '42',
      '--language',
      'English',
      '--format',
      'json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as DifficultyReport;
    const curve = report.curves[0]!;
    expect(curve.levels.map((l) => l.players)).toEqual([...REACH]);
    expect(curve.findings.map((f) => ({ levelNumber: f.levelNumber, kind: f.kind }))).toEqual(
      EXPECTED_FINDINGS,
    );
  });

  it('the table shows every level and names the findings on stderr', async () => {
    const run = await h.cli(['levels', 'difficulty', '--stage', '42']);
    expect(run.code, run.stderr).toBe(0);
    const rows = run.stdout.trim().split('\n');
    expect(rows[0]).toMatch(/^Language\s+Level\s+Players\s+Completion/);
    expect(rows).toHaveLength(2 + REACH.length);
    expect(rows.find((r) => /^English\s+7\s/.test(r))).toMatch(/\s20 %\s.*harder$/);
    expect(rows.find((r) => /^English\s+12\s/.test(r))).toMatch(/70 %\s+drop-off$/);
    expect(run.stderr).toContain(
      'English, stage 42, levels much harder than their neighbours: Level 7: completion rate 20 %',
    );
    expect(run.stderr).toContain(
      'English, stage 42, levels where players stop: Level 12: 70 % of its 160 players',
    );
  });

  it('--format csv gives a header and one line per level, shares as fractions', async () => {
    const run = await h.cli(['levels', 'difficulty', '--stage', '42', '--format', 'csv']);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toBe(
      'language,level,players,completion,medianScore,scoreQ1,scoreQ3,validWords,invalidShare,duplicateWords,wordsPerSecond,topWord,dropOff,finding',
    );
    expect(lines).toHaveLength(1 + REACH.length);
    expect(lines[7]).toMatch(/^English,7,\d+,0\.20\d*,.*,harder$/);
  });

  it('a stage, language or format that does not exist: one clear line and exit 1', async () => {
    const cases: Array<[string[], string]> = [
      [['--stage', '77'], 'No stage has number 77'],
      [['--stage', 'four'], '--stage takes the stage\'s number, not "four"'],
      [['--stage', '42', '--language', 'Klingon'], 'No language is called "Klingon"'],
      [['--stage', '42', '--format', 'xml'], 'Unknown format "xml": use table, csv, json'],
      [['--stage', '42', '--since', 'yesterday'], 'since must be a day (2026-11-01)'],
    ];
    for (const [args, message] of cases) {
      const run = await h.cli(['levels', 'difficulty', ...args]);
      expect(run.code, args.join(' ')).not.toBe(0);
      expect(run.stderr, args.join(' ')).toContain(message);
    }
    // German has no level in the stage: said, not an empty table.
    const none = await h.cli(['levels', 'difficulty', '--stage', '42', '--language', 'German']);
    expect(none).toMatchObject({ code: 0, stdout: '' });
    expect(none.stderr).toContain('Stage 42 has no levels in German');
  });
});
