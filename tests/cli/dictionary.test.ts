import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { listedOffensiveWord } from '../dictionary/fixtures.ts';
import { cliJson, startCliHarness, type CliHarness } from './harness.ts';

interface Checked {
  counts: Record<string, number>;
  results: Array<{ word: string; verdicts: string[]; decision: string | null }>;
}

/** Issue 46 through the CLI: words check, the words import preview, decisions, and lint. */
describe.each(DIALECTS)('argus-words and the dictionaries (%s)', (dialect) => {
  let h: CliHarness;
  const id: Record<string, number> = {};
  const json = (args: string[]) => cliJson<{ id: number }>(h, args);
  const create = async (entity: string, fields: Record<string, string | number>) =>
    (await json([entity, 'create', ...Object.entries(fields).flatMap(([k, v]) => ['--set', `${k}=${v}`])]))
      .id;
  const file = (name: string, lines: string[]) => {
    const target = path.join(h.configHome, name);
    writeFileSync(target, `${lines.join('\n')}\n`);
    return target;
  };

  beforeAll(async () => {
    h = await startCliHarness(dialect, { DICTIONARIES: 'English=en,Español=es' });
    await h.login();
    id.en = await create('language', { language: 'English' });
    id.es = await create('language', { language: 'Español' });
  }, 60_000);
  afterAll(async () => h?.stop());

  it('words check: English hello known, xqzt unknown, Paris/paris proper nouns, a slur offensive', async () => {
    const slur = listedOffensiveWord('en');
    const list = file('en.txt', ['hello', 'xqzt', 'Paris', 'paris', slur]);
    const table = await h.cli(['words', 'check', '--language', 'english', list]);
    expect(table.code, table.stderr).toBe(1);
    const lines = table.stdout.split('\n');
    expect(lines[0]).toMatch(/^Word\s+Verdicts\s+Decision$/);
    expect(lines.find((l) => l.startsWith('hello'))).toMatch(/^hello\s+known$/);
    expect(lines.find((l) => l.startsWith('xqzt'))).toMatch(/^xqzt\s+unknown$/);
    expect(lines.find((l) => l.startsWith('Paris'))).toMatch(/^Paris\s+proper-noun$/);
    expect(lines.find((l) => l.startsWith('paris'))).toMatch(/^paris\s+proper-noun$/);
    expect(lines.find((l) => l.startsWith(slur))).toMatch(/offensive/);
    expect(table.stderr).toMatch(/^English: 1 known, .*2 proper-noun, 1 offensive\.$/m);
  }, 120_000);

  it('words check: the same for Spanish, as JSON from standard input, flagged only', async () => {
    const slur = listedOffensiveWord('es');
    const result = await h.cli(['words', 'check', '--language', 'Español', '--format', 'json', '--flagged'], {
      stdin: ['hola', 'xqzt', 'Madrid', 'madrid', slur].join('\n'),
    });
    expect(result.code, result.stderr).toBe(1);
    const body = JSON.parse(result.stdout) as Checked;
    const verdicts = Object.fromEntries(body.results.map((r) => [r.word, r.verdicts]));
    expect(verdicts).toMatchObject({ xqzt: ['unknown'], Madrid: ['proper-noun'], madrid: ['proper-noun'] });
    expect(verdicts.hola).toBeUndefined();
    expect(verdicts[slur]).toContain('offensive');
    expect(body.counts.known).toBe(1);
  }, 120_000);

  it('words import --dry-run previews the verdicts of the words it would create', async () => {
    const list = file('import.txt', ['hello', 'xqzt', 'zorb', 'paris']);
    const preview = await h.cli(['words', 'import', list, '--language', String(id.en), '--dry-run']);
    expect(preview.code, preview.stderr).toBe(0);
    expect(preview.stderr).toContain('line 2: "xqzt" unknown');
    expect(preview.stderr).toContain('line 4: "paris" proper-noun');
    expect(preview.stderr).toContain('Dictionary: 1 known, 2 unknown, 1 proper-noun.');
    const applied = await h.cli(['words', 'import', list, '--language', String(id.en)]);
    expect(applied.code, applied.stderr).toBe(0);
  });

  it('words import --dry-run into a language without a dictionary says its words are not checked', async () => {
    const klingon = await create('language', { language: 'Klingon' });
    const list = file('klingon.txt', ['qapla', 'xqzt']);
    const preview = await h.cli(['words', 'import', list, '--language', String(klingon), '--dry-run']);
    expect(preview.code, preview.stderr).toBe(0);
    expect(preview.stderr).toContain('Klingon has no dictionary: its words are not checked.');
    expect(preview.stderr).not.toMatch(/unknown|Dictionary:/);
  });

  it('words decide accepts and excludes with a reason; check and lint then see the decisions', async () => {
    const missing = await h.cli(['words', 'decide', '--language', 'English', '--accept', 'xqzt']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('Error: --reason is required: say why.\n');
    const accepted = await h.cli([
      'words',
      'decide',
      '--language',
      'English',
      '--accept',
      '--reason',
      'a brand',
      'xqzt',
    ]);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.stdout).toBe('Decided 1, unchanged 0, rejected 0.\n');
    const excluded = await h.cli([
      'words',
      'decide',
      '--language',
      'English',
      '--exclude',
      '--reason',
      'junk',
      'zorb',
    ]);
    expect(excluded.code, excluded.stderr).toBe(0);
    const check = await h.cli(['words', 'check', '--language', 'English', '--format', 'json'], {
      stdin: 'xqzt\n',
    });
    expect(check.code).toBe(0);
    expect((JSON.parse(check.stdout) as Checked).results[0]).toMatchObject({
      verdicts: [],
      decision: 'accepted',
    });
  });

  it('lint counts the flagged words and names the level only flagged words solve', async () => {
    const stage = await create('stage', { letterCount: 4, number: 1 });
    const group = await create('letter-group', { letters: 'rasi', languageId: id.en!, stageId: stage });
    const paris = (await json(['word', 'list', '--all', '--filter', 'letters=paris'])) as unknown as Array<{
      id: number;
    }>;
    await create('letter-group-word', { letterGroupId: group, wordId: paris[0]!.id });
    const level = await create('level', { languageId: id.en!, stageId: stage, checkCondition: 'words::1' });
    await create('letter-group-level', { letterGroupId: group, levelId: level });
    const lint = await h.cli(['lint']);
    expect(lint.code).toBe(1);
    expect(lint.stdout).toMatch(/English: 1 active word is flagged by the dictionary \(1 proper-noun\)/);
    expect(lint.stdout).toMatch(
      new RegExp(`level ${level} .*only solvable with words the dictionary flagged \\(1\\)`),
    );
  });
});
