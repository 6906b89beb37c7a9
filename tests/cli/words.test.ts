import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCliHarness, type CliHarness } from './harness.ts';
import { startNoBulkProxy, type NoBulkProxy } from './no-bulk-proxy.ts';

const DICTIONARY = [
  '# a small dictionary', // 1 comment
  'Top', // 2
  '  pots  ', // 3
  '', // 4 blank
  'two words', // 5 rejected
  'a1', // 6 rejected
  'top', // 7 repeated
  'E\u0301clair', // 8 NFD → NFC "éclair"
  'stop', // 9
  'spot', // 10
].join('\n');
const WORDS = ['top', 'pots', 'éclair', 'stop', 'spot'];

interface ImportReport {
  dryRun: boolean;
  counts: { created: number; updated: number; unchanged: number; rejected: number };
  duplicatesInFile: number;
  rejected: Array<{ line: number; text: string; reason: string }>;
  repeated: Array<{ line: number; text: string; reason: string }>;
}

describe('argus-words words import / export', () => {
  let h: CliHarness;
  let proxy: NoBulkProxy;
  let english: number;
  let spanish: number;
  const file = (name: string, text: string) => {
    const target = path.join(h.configHome, name);
    writeFileSync(target, text);
    return target;
  };
  const wordsOf = async (language: number, api = h.api) => {
    const result = await h.cli([
      '--api',
      api,
      '--json',
      'word',
      'list',
      '--all',
      '--filter',
      `languageId=${language}`,
    ]);
    return (JSON.parse(result.stdout) as Array<{ letters: string }>).map((w) => w.letters).sort();
  };
  const importJson = async (args: string[], api = h.api) => {
    const result = await h.cli(['--api', api, '--json', 'words', 'import', ...args]);
    expect(result.code, result.stderr).toBe(0);
    return { ...(JSON.parse(result.stdout) as ImportReport), stderr: result.stderr };
  };

  beforeAll(async () => {
    h = await startCliHarness();
    await h.login();
    proxy = await startNoBulkProxy(h.app.url, '/arguscreative/words');
    await h.login(proxy.api);
    const language = async (name: string) =>
      JSON.parse((await h.cli(['--json', 'language', 'create', '--set', `language=${name}`])).stdout)
        .id as number;
    english = await language('English');
    spanish = await language('Español');
  });
  afterAll(async () => {
    await proxy?.close();
    await h?.stop();
  });

  it('a dry run reports exactly what the import then does, with rejected rows and their lines', async () => {
    const dictionary = file('dictionary.txt', DICTIONARY);
    const dry = await importJson([dictionary, '--language', String(english), '--dry-run']);
    const expected = {
      dryRun: true,
      counts: { created: 5, updated: 0, unchanged: 0, rejected: 2 },
      duplicatesInFile: 1,
      rejected: [
        { line: 5, text: 'two words', reason: 'contains a space: one word per line' },
        { line: 6, text: 'a1', reason: 'contains a digit: only letters are allowed' },
      ],
      repeated: [{ line: 7, text: 'top', reason: 'duplicate of line 2 (skipped)' }],
    };
    expect(dry).toMatchObject(expected);
    expect(await wordsOf(english)).toEqual([]);

    const real = await h.cli([
      'words',
      'import',
      dictionary,
      '--language',
      String(english),
      '--batch-size',
      '2',
    ]);
    expect(real.code, real.stderr).toBe(0);
    expect(real.stdout).toBe('');
    expect(real.stderr).toContain(
      'Created 5, updated 0, unchanged 0, rejected 2, 1 repeated in the file skipped.\n',
    );
    expect(real.stderr).toContain('line 5: "two words" contains a space: one word per line\n');
    expect(real.stderr).toContain('line 6: "a1" contains a digit: only letters are allowed\n');
    expect(real.stderr).toContain('line 7: "top" duplicate of line 2 (skipped)\n');
    expect(real.stderr).toMatch(/^Importing words: 5\/5 words \(100%\), [\d.]+ words\/s, done in \d+s$/m);
    expect(await wordsOf(english)).toEqual([...WORDS].sort());

    const again = await importJson([dictionary, '--language', String(english)]);
    expect(again.counts).toEqual({ created: 0, updated: 0, unchanged: 5, rejected: 2 });
    expect(await wordsOf(english)).toHaveLength(5);
  });

  it('reads csv (a "letters" column) and json; --json output is the JSON document alone', async () => {
    const csv = file(
      'words.csv',
      'id,letters,note\n1,Gato,"a ""cat"", really"\n2,perro,\n3,"dos palabras",x\n',
    );
    const fromCsv = await importJson([csv, '--language', String(spanish)]);
    expect(fromCsv).toMatchObject({
      counts: { created: 2, rejected: 1 },
      rejected: [{ line: 4, reason: 'contains a space: one word per line' }],
    });
    const json = file('words.json', JSON.stringify(['Casa', { letters: 'gato' }, 42]));
    const fromJson = await importJson([json, '--language', String(spanish)]);
    expect(fromJson).toMatchObject({
      counts: { created: 1, unchanged: 1, rejected: 1 },
      rejected: [{ line: 3, text: '42' }],
    });
    expect(await wordsOf(spanish)).toEqual(['casa', 'gato', 'perro']);

    const unknownLanguage = await h.cli(['words', 'import', json, '--language', '999']);
    expect(unknownLanguage).toMatchObject({ code: 1, stderr: 'Error: Language 999 not found.\n' });
    const noFile = await h.cli(['words', 'import', 'nope.txt', '--language', String(spanish)]);
    expect(noFile.stderr).toBe('Error: Cannot read nope.txt: no such file\n');
  });

  it('interrupted half way, a re-run completes the import without duplicates', async () => {
    const big = Array.from(
      { length: 30 },
      (_, i) => `w${'abcdefghij'[i % 10]}${'klmnopqrst'[Math.floor(i / 10)]}`,
    );
    const dictionary = file('big.txt', big.join('\n'));
    let bulkCalls = 0;
    const failing: typeof fetch = async (input, init) => {
      if (String(input).endsWith('/cms/bulk') && ++bulkCalls === 3) throw new TypeError('fetch failed');
      return fetch(input, init);
    };
    const broken = await h.cli(
      ['words', 'import', dictionary, '--language', String(english), '--batch-size', '10'],
      {
        fetch: failing,
      },
    );
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^Error: The content API cannot be reached: fetch failed\n$/m);
    expect((await wordsOf(english)).length).toBe(5 + 20);

    const rerun = await importJson([dictionary, '--language', String(english), '--batch-size', '10']);
    expect(rerun.counts).toEqual({ created: 10, updated: 0, unchanged: 20, rejected: 0 });
    expect(await wordsOf(english)).toEqual([...WORDS, ...big].sort());
  });

  it('draws a progress bar in place on a terminal', async () => {
    const dictionary = file('bar.txt', 'uno\ndos\ntres\n');
    const result = await h.cli(
      ['words', 'import', dictionary, '--language', String(spanish), '--batch-size', '1'],
      {
        ttyStderr: true,
      },
    );
    expect(result.code).toBe(0);
    // Redrawn in place: a carriage return before, "erase to the end of the line" after.
    const [, last] = result.stderr.split('\r').slice(-2);
    expect(`\r${last}`).toMatch(
      /^\rImporting words \[#{24}\] 3\/3 words \(100%\), [\d.]+ words\/s, done in \d+s/,
    );
    // The bar ends its line; the summary (a message, also on stderr) follows, then the change set.
    expect(
      result.stderr
        .replace(/Change set .*\n$/, '')
        .endsWith(`${String.fromCharCode(27)}[K\nCreated 3, updated 0, unchanged 0, rejected 0.\n`),
    ).toBe(true);
  });

  it('without bulk endpoints, falls back to one call per row with the same results', async () => {
    const dictionary = file('fallback.txt', 'Luna\nsol\nestrella\nsol\nmar mar\n');
    const dry = await importJson([dictionary, '--language', String(spanish), '--dry-run'], proxy.api);
    expect(dry.stderr).toContain(
      'The API has no bulk endpoint for words (404): one call per row instead, 8 at a time.',
    );
    expect(dry.counts).toEqual({ created: 3, updated: 0, unchanged: 0, rejected: 1 });
    // Nothing written: the one POST is the dictionary's check of the new words (issue 46).
    expect(
      proxy.forwarded.filter((r) => r.startsWith('POST') && r.includes('/cms') && !r.endsWith('/cms/check')),
    ).toEqual([]);

    const real = await importJson([dictionary, '--language', String(spanish)], proxy.api);
    expect(real.counts).toEqual(dry.counts);
    expect(real.rejected).toEqual([
      { line: 5, text: 'mar mar', reason: 'contains a space: one word per line' },
    ]);
    expect(proxy.forwarded.filter((r) => r === 'POST /arguscreative/words/words/cms')).toHaveLength(3);
    const again = await importJson([dictionary, '--language', String(spanish)], proxy.api);
    expect(again.counts).toEqual({ created: 0, updated: 0, unchanged: 3, rejected: 1 });
    expect(await wordsOf(spanish)).toEqual([
      'casa',
      'dos',
      'estrella',
      'gato',
      'luna',
      'perro',
      'sol',
      'tres',
      'uno',
    ]);
  });

  it('exports txt, csv and json to stdout or a file; txt imports back unchanged', async () => {
    const txt = await h.cli(['words', 'export', '--language', String(spanish)]);
    expect(txt.stdout.split('\n').filter(Boolean).sort()).toEqual(await wordsOf(spanish));
    expect(txt.stderr).toBe('9 words exported.\n');
    const csv = await h.cli(['words', 'export', '--language', String(spanish), '--format', 'csv']);
    expect(csv.stdout.split('\n')[0]).toBe('id,isActive,letters,languageId,flags,decision,decisionReason');
    expect(csv.stdout).toMatch(new RegExp(`^\\d+,true,gato,${spanish},,,$`, 'm'));
    const json = await h.cli(['--json', 'words', 'export', '--language', String(spanish)]);
    const records = JSON.parse(json.stdout) as Array<{ letters: string; languageId: number }>;
    expect(records).toHaveLength(9);
    expect(records[0]).toEqual({
      id: expect.any(Number),
      isActive: true,
      letters: 'gato',
      languageId: spanish,
      flags: null,
      decision: null,
      decisionReason: null,
    });

    const out = path.join(h.configHome, 'export.txt');
    const toFile = await h.cli(['words', 'export', '--language', String(spanish), '--out', out]);
    expect(toFile).toMatchObject({ code: 0, stdout: '', stderr: `9 words exported to ${out}.\n` });
    expect(readFileSync(out, 'utf8')).toBe(txt.stdout);
    const back = await importJson([out, '--language', String(spanish)]);
    expect(back.counts).toEqual({ created: 0, updated: 0, unchanged: 9, rejected: 0 });
  });
});
