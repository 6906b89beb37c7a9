import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCliHarness, type CliHarness } from './harness.ts';
import { DIALECTS } from '../helpers/databases.ts';

/** `TABLE export`: every matching row, streamed, in the format and fields asked for. */
describe.each(DIALECTS)('argus-words <entity> export (%s)', (dialect) => {
  let h: CliHarness;
  let english = 0;
  beforeAll(async () => {
    h = await startCliHarness(dialect);
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

  it('lists and gets in the format asked for: ids and count for pipelines, csv, jsonl, chosen fields', async () => {
    const ids = await h.cli(['level', 'list', '--format', 'ids']);
    expect(ids.stdout).toMatch(/^\d+\n\d+\n$/);
    expect((await h.cli(['level', 'list', '--format', 'count', '--filter', 'hint=garden'])).stdout).toBe(
      '1\n',
    );
    const csv = await h.cli(['level', 'list', '--format', 'csv', '--fields', 'number,hint']);
    expect(csv.stdout).toBe('number,hint\n1,"Kitchen, ""tools"""\n2,Garden\n');
    const first = ids.stdout.split('\n')[0]!;
    const one = await h.cli(['level', 'get', first, '--format', 'jsonl', '--fields', 'id,hint']);
    expect(JSON.parse(one.stdout)).toEqual({ id: Number(first), hint: 'Kitchen, "tools"' });
    const table = await h.cli(['level', 'list', '--fields', 'id,hint']);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+Hint$/);
    const bad = await h.cli(['level', 'list', '--format', 'xml']);
    expect(bad.stderr).toBe('Error: Unknown format "xml": use table, json, jsonl, csv, ids, count\n');
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
