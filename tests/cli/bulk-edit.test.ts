import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { cliJson, startCliHarness, type CliHarness } from './harness.ts';

/** `TABLE update|delete` on many rows: plan first, confirmation, chunks, refusals, exit codes. */
describe.each(DIALECTS)('argus-words <entity> update|delete on many rows (%s)', (dialect) => {
  let h: CliHarness;
  const ids: Record<string, number> = {};
  const json = (args: string[]) => cliJson(h, args);
  const inactive = async () =>
    (
      (await json(['word', 'list', '--all', '--filter', 'isActive=false'])) as unknown as Array<{
        letters: string;
      }>
    )
      .map((w) => w.letters)
      .sort();

  beforeAll(async () => {
    h = await startCliHarness(dialect);
    await h.login();
    ids.english = (await json(['language', 'create', '--set', 'language=English'])).id;
    ids.stage = (await json(['stage', 'create', '--set', 'letterCount=5', '--set', 'number=1'])).id;
    for (const letters of ['fizz', 'buzz', 'jazz', 'puzzle', 'tap']) {
      ids[letters] = (
        await json(['word', 'create', '--set', `letters=${letters}`, '--set', `languageId=${ids.english}`])
      ).id;
    }
    ids.group = (
      await json([
        'letter-group',
        'create',
        '--set',
        'letters=puzle',
        '--set',
        `languageId=${ids.english}`,
        '--set',
        `stageId=${ids.stage}`,
      ])
    ).id;
    await json([
      'letter-group-word',
      'create',
      '--set',
      `letterGroupId=${ids.group}`,
      '--set',
      `wordId=${ids.puzzle}`,
    ]);
  });
  afterAll(async () => h?.stop());

  it('shows the plan with old → new values and changes nothing in a dry run', async () => {
    const result = await h.cli([
      'word',
      'update',
      '--where',
      'letters~ZZ',
      '--set',
      'isActive=false',
      '--dry-run',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('4 words match: 4 will change, 0 already hold the values, 0 refused.');
    expect(result.stderr).toContain(`word ${ids.fizz}: isActive true → false`);
    expect(await inactive()).toEqual([]);
  });

  it('needs --yes without a terminal, then updates every matching row', async () => {
    const refused = await h.cli(['word', 'update', '--where', 'letters~zz', '--set', 'isActive=false']);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(
      /^4 words match: [^]*\nError: Refusing to update 4 words without confirmation: add --yes \(or --dry-run\)\.\n$/,
    );
    expect(await inactive()).toEqual([]);

    const done = await h.cli([
      'word',
      'update',
      '--where',
      'letters~zz',
      '--where',
      `languageId=${ids.english}`,
      '--set',
      'isActive=false',
      '--yes',
    ]);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain('Updated 4 words, 0 unchanged, 0 refused.');
    expect(await inactive()).toEqual(['buzz', 'fizz', 'jazz', 'puzzle']);
  });

  it('asks on a terminal and does nothing when told no', async () => {
    const result = await h.cli(['word', 'update', ...['--where', 'letters~zz', '--set', 'isActive=true']], {
      answers: (message) => {
        expect(message).toBe('Update 4 words?');
        return false;
      },
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Nothing changed.');
    expect(await inactive()).toHaveLength(4);
  });

  it('takes ids from a pipeline: the JSON of list --json, or one a line', async () => {
    const listed = await h.cli(['--json', 'word', 'list', '--filter', 'letters=uzz']);
    const fromJson = await h.cli(['word', 'update', '--ids', '-', '--set', 'isActive=true', '--yes'], {
      stdin: listed.stdout,
    });
    expect(fromJson.code, fromJson.stderr).toBe(0);
    expect(await inactive()).toEqual(['fizz', 'jazz']);
    const lines = await h.cli(['word', 'update', '--ids', '-', '--set', 'isActive=true', '--yes'], {
      stdin: `${ids.fizz}\n${ids.jazz}\n`,
    });
    expect(lines.code, lines.stderr).toBe(0);
    expect(await inactive()).toEqual([]);
  });

  it('deletes by condition, reports the refused row with its reason and exits 1', async () => {
    const result = await h.cli(['word', 'delete', '--where', 'letters~zz', '--yes']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `refused word ${ids.puzzle}: Word ${ids.puzzle} is still used by 1 letter group-word`,
    );
    expect(result.stderr).toContain('Deleted 3 words, 1 refused.');
    const left = (await json(['word', 'list', '--all'])) as unknown as Array<{ letters: string }>;
    expect(left.map((w) => w.letters).sort()).toEqual(['puzzle', 'tap']);
  });

  it('says what is wrong with a condition or a target, in one line, before any change', async () => {
    const cases: Array<[string[], string]> = [
      [
        ['word', 'update', '--where', 'letters=zz', '--set', 'isActive=false'],
        'Error: letters is matched by what it contains: write letters~zz\n',
      ],
      [
        ['word', 'update', '--where', 'colour~red', '--set', 'isActive=false'],
        'Error: Words cannot be selected by colour: use isActive=…, letters~…, languageId=…, flags=…\n',
      ],
      [
        ['word', 'update', '--where', 'letters~a', '--set', 'colour=red'],
        'Error: colour is not a writable field of word: use isActive, letters, languageId\n',
      ],
      [
        ['word', 'update', '--set', 'isActive=false'],
        'Error: Name the rows: ids, --ids -, or --where (every word: --all-rows).\n',
      ],
      [
        ['word', 'delete', '1', '2', '--where', 'letters~a'],
        'Error: Name the rows by ids or by --where, not both.\n',
      ],
    ];
    for (const [args, message] of cases) {
      const result = await h.cli(args);
      expect(result.code, args.join(' ')).not.toBe(0);
      expect(result.stderr, args.join(' ')).toBe(message);
    }
  });
});
