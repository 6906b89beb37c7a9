import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCliHarness, type CliHarness } from './harness.ts';

/** `TABLE export`: every matching row, streamed, in the format and fields asked for. */
describe('argus-words <entity> export', () => {
  let h: CliHarness;
  let english = 0;
  beforeAll(async () => {
    h = await startCliHarness();
    await h.login();
    const made = await h.cli(['--json', 'language', 'create', '--set', 'language=English']);
    english = JSON.parse(made.stdout).id as number;
    const stage = JSON.parse(
      (await h.cli(['--json', 'stage', 'create', '--set', 'letterCount=5', '--set', 'number=1'])).stdout,
    ).id as number;
    for (const hint of ['Kitchen, "tools"', 'Garden']) {
      const level = await h.cli([
        'level',
        'create',
        '--set',
        `hint=${hint}`,
        '--set',
        `languageId=${english}`,
        '--set',
        `stageId=${stage}`,
      ]);
      expect(level.code, level.stderr).toBe(0);
    }
  });
  afterAll(async () => h?.stop());

  it('writes the chosen fields of the matching rows as csv, jsonl or json, to stdout or a file', async () => {
    const csv = await h.cli([
      'level',
      'export',
      '--filter',
      'hint=kitchen',
      '--fields',
      'hint,number,languageId',
    ]);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout).toBe(`hint,number,languageId\n"Kitchen, ""tools""",1,${english}\n`);
    expect(csv.stderr).toBe('1 levels exported.\n');
    const jsonl = await h.cli(['levels', 'export', '--format', 'jsonl', '--fields', 'number,hint']);
    expect(
      jsonl.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual([
      { number: 1, hint: 'Kitchen, "tools"' },
      { number: 2, hint: 'Garden' },
    ]);
    const json = await h.cli(['--json', 'language', 'export']);
    expect(JSON.parse(json.stdout)).toEqual([{ id: english, isActive: true, language: 'English' }]);
  });

  it('refuses an unknown field, format or language in one line', async () => {
    const cases: Array<[string[], string]> = [
      [['level', 'export', '--fields', 'hint,colour'], 'Error: colour is not a field of Levels: use id, '],
      [['level', 'export', '--format', 'txt'], 'Error: Unknown format "txt": use csv, json, jsonl\n'],
      [['word', 'export', '--language', '999'], 'Error: Language 999 not found'],
    ];
    for (const [args, start] of cases) {
      const result = await h.cli(args);
      expect(result.code, args.join(' ')).not.toBe(0);
      expect(result.stderr.startsWith(start), result.stderr).toBe(true);
    }
  });
});
