import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { cliJson, startCliHarness, type CliHarness } from './harness.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const EXAMPLES = path.join(ROOT, 'examples/scripts');
const example = (name: string) => path.join(EXAMPLES, name);

/**
 * `argus-words run FILE`: the three example scripts of docs/cli.md and scripts written for the test
 * (outside the project, importing 'argus-words/script'), against the real server.
 */
describe.each(DIALECTS)('argus-words run (%s)', (dialect) => {
  let h: CliHarness;
  let dir: string;
  const ids: Record<string, number> = {};
  const json = (args: string[]) => cliJson(h, args);
  const script = (name: string, source: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, source);
    return file;
  };
  const words = async (filter: string) =>
    ((await json(['word', 'list', '--all', '--filter', filter])) as unknown as Array<{ letters: string }>)
      .map((w) => w.letters)
      .sort();
  const levels = async () =>
    (
      (await json(['level', 'list', '--all'])) as unknown as Array<{
        id: number;
        number: number;
        hint: string;
      }>
    )
      .filter((level) => level.id !== ids.otherStageLevel)
      .sort((a, b) => a.id - b.id);

  beforeAll(async () => {
    h = await startCliHarness(dialect);
    await h.login();
    dir = mkdtempSync(path.join(tmpdir(), 'argus-run-'));
    ids.english = (await json(['language', 'create', '--set', 'language=English'])).id;
    ids.stage = (await json(['stage', 'create', '--set', 'letterCount=5', '--set', 'number=1'])).id;
    ids.stage2 = (await json(['stage', 'create', '--set', 'letterCount=6', '--set', 'number=2'])).id;
    for (const letters of ['stop', 'pots', 'tops', 'jazz', 'fizz']) {
      ids[letters] = (
        await json(['word', 'create', '--set', `letters=${letters}`, '--set', `languageId=${ids.english}`])
      ).id;
    }
    const group = ['--set', `languageId=${ids.english}`, '--set', `stageId=${ids.stage}`];
    await json(['letter-group', 'create', '--set', 'letters=stopx', ...group]);
    for (const [name, number] of [
      ['first', 2],
      ['second', 5],
      ['third', 9],
    ] as const) {
      ids[name] = (
        await json(['level', 'create', ...group, '--set', `number=${number}`, '--set', `hint=old ${name}`])
      ).id;
    }
    ids.otherStageLevel = (
      await json([
        'level',
        'create',
        '--set',
        `languageId=${ids.english}`,
        '--set',
        `stageId=${ids.stage2}`,
        '--set',
        'number=7',
      ])
    ).id;
  });
  afterAll(async () => {
    await h?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('is a dry run by default: the plan shows each write, nothing is sent; --no-dry-run sends them', async () => {
    const file = example('deactivate-unbuildable-words.ts');
    const dry = await h.cli(['run', file, '--', '--language', String(ids.english)]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toBe('');
    expect(dry.stderr).toContain('5 active words and 1 active letter groups in language');
    expect(dry.stderr).toContain(
      'Dry run of deactivate-unbuildable-words.ts: 1 write planned, nothing sent. Run with --no-dry-run to apply.\n' +
        '  bulk update words (2 ids): 2 match, 2 would change, 0 refused; e.g. ',
    );
    expect(dry.stderr).toMatch(/; e\.g\. \d+: isActive true → false\n/);
    expect(await words('isActive=false')).toEqual([]);

    const real = await h.cli(['run', file, '--no-dry-run', '--', '--language', String(ids.english)]);
    expect(real.code, real.stderr).toBe(0);
    expect(real.stderr).toContain('Ran deactivate-unbuildable-words.ts: 1 write request sent.\n');
    expect(await words('isActive=false')).toEqual(['fizz', 'jazz']);

    const again = await h.cli(['run', file, '--no-dry-run', '--', '--language', String(ids.english)]);
    expect(again.stderr).toContain('0 of them no letter group can build.');
    expect(again.stderr).toContain('0 write requests sent');
  });

  it('renumbers the levels of a stage without colliding with the numbers taken', async () => {
    const file = example('renumber-stage-levels.ts');
    const args = ['--', '--language', String(ids.english), '--stage', String(ids.stage)];
    const dry = await h.cli(['run', file, ...args]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain(
      `  update levels ${ids.first}: number 2 → 1\n` +
        `  update levels ${ids.second}: number 5 → 2\n` +
        `  update levels ${ids.third}: number 9 → 3\n`,
    );
    expect((await levels()).map((l) => l.number)).toEqual([2, 5, 9]);

    const upward = await h.cli(['run', file, '--no-dry-run', ...args, '--start', '4']);
    expect(upward.code, upward.stderr).toBe(0);
    expect((await levels()).map((l) => l.number)).toEqual([4, 5, 6]);
    const real = await h.cli(['run', file, '--no-dry-run', ...args]);
    expect(real.code, real.stderr).toBe(0);
    expect((await levels()).map((l) => l.number)).toEqual([1, 2, 3]);
    expect((await json(['level', 'get', String(ids.otherStageLevel)])).number).toBe(7);
  });

  it('sets level hints from a CSV (by id or natural key), reporting bad rows by line', async () => {
    const csv = script(
      'hints.csv',
      '\uFEFFid;languageId;stageId;number;hint\n' +
        `${ids.first};;;;"Kitchen; tools"\n` +
        `;${ids.english};${ids.stage};2;Garden\n` +
        `;${ids.english};${ids.stage};99;Nowhere\n` +
        `${ids.third};;;;old third\n` +
        `${ids.third};;;;\n`,
    );
    const file = example('level-hints-from-csv.ts');
    const dry = await h.cli(['run', file, '--', csv]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain('line 4: no such level, skipped\nline 6: no hint, skipped\n');
    expect(dry.stderr).toContain(
      `  update levels ${ids.first}: hint "old first" → "Kitchen; tools"\n` +
        `  update levels ${ids.second}: hint "old second" → "Garden"\n`,
    );
    expect((await levels()).map((l) => l.hint)).toEqual(['old first', 'old second', 'old third']);

    const real = await h.cli(['run', file, '--no-dry-run', '--', csv]);
    expect(real.code, real.stderr).toBe(0);
    expect(real.stderr).toContain('Ran level-hints-from-csv.ts: 2 write requests sent.');
    expect((await levels()).map((l) => l.hint)).toEqual(['Kitchen; tools', 'Garden', 'old third']);
  });

  const writer = (tail: string) =>
    script(
      `writer-${Math.random().toString(36).slice(2)}.mts`,
      `import { defineScript } from 'argus-words/script';
export default defineScript(async ({ api, log, dryRun }) => {
  const word = await api.words.get(${ids.stop});
  log('read', word.letters, dryRun);
  await api.words.update(word.id, { letters: 'spot' });
  await api.words.create({ letters: 'post', languageId: word.languageId });
${tail}
});
`,
    );

  it('prints the stack trace of a script that throws, with the plan so far, and exits 1', async () => {
    const file = writer("  throw new Error('the script broke');");
    const dry = await h.cli(['run', file]);
    expect(dry.code).toBe(1);
    expect(dry.stderr).toContain('read stop true\n');
    // The script's own trace: its message and its file, not the CLI's frames.
    expect(dry.stderr).toMatch(new RegExp(`Error: the script broke\\n\\s+at .*${path.basename(file)}:\\d+:`));
    expect(dry.stderr).not.toMatch(/at .*runAction|tsx-namespace/);
    expect(dry.stderr).toContain(
      `stopped by an error after 2 planned writes; nothing was sent.\n` +
        `  update words ${ids.stop}: letters "stop" → "spot"\n` +
        `  create words: letters="post", languageId=${ids.english}\n`,
    );
    expect(await words('letters=po')).toEqual(['pots']);

    const real = await h.cli(['run', file, '--no-dry-run']);
    expect(real.code).toBe(1);
    expect(real.stderr).toContain('failed: 2 write requests sent before the error (each applied whole)');
    expect(await words('letters=po')).toEqual(['post', 'pots', 'spot']);
  });

  it('runs as the real binary: TypeScript with no build step, the trace pointing at the script line', async () => {
    const file = writer("  throw new Error('the script broke');");
    // Not spawnSync: the server answering it runs in this process.
    const failed = await promisify(execFile)(process.execPath, ['cli/bin.js', '--api', h.api, 'run', file], {
      cwd: ROOT,
      env: { ...process.env, XDG_CONFIG_HOME: h.configHome, HOME: h.configHome, NODE_OPTIONS: '' },
    }).then(
      () => null,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failed?.code, failed?.stderr).toBe(1);
    expect(failed!.stdout).toBe('');
    expect(failed!.stderr).toMatch(
      new RegExp(`Error: the script broke\\n\\s+at .*\\(?${file}:7:\\d+\\)?\\n`),
    );
    expect(failed!.stderr).toContain('stopped by an error after 2 planned writes; nothing was sent.');
  });

  it('--json: the plan as JSON on stdout and nothing else', async () => {
    const file = script(
      'plan.mts',
      `export default async ({ api }) => {
  await api.resource('word').remove(${ids.pots});
  await api.levels.update(${ids.third}, { hint: 'new', time: 60 });
  return { done: true };
};
`,
    );
    const result = await h.cli(['--json', 'run', file]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      file,
      dryRun: true,
      result: { done: true },
      writes: [
        { method: 'remove', resource: 'words', id: ids.pots },
        {
          method: 'update',
          resource: 'levels',
          id: ids.third,
          changes: { hint: { from: 'old third', to: 'new' } },
        },
      ],
    });
    expect(await words('letters=pots')).toEqual(['pots']);
  });

  it('--no-dry-run --json lists the writes sent; an operation the table lacks fails as it would for real', async () => {
    const file = script(
      'sent.mts',
      `export default async ({ api }) => {
  await api.levels.update(${ids.third}, { time: 61 });
  await api.resource('audit-entry').bulk([{ username: 'x' }]);
};
`,
    );
    for (const mode of [[], ['--no-dry-run']]) {
      const result = await h.cli(['--json', 'run', ...mode, file]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('Audit Entries do not support bulk through the API');
      expect(JSON.parse(result.stdout).writes).toHaveLength(1);
    }
    expect((await json(['level', 'get', String(ids.third)])).time).toBe(61);
    const real = await h.cli(['--json', 'run', '--no-dry-run', file]);
    expect(JSON.parse(real.stdout)).toMatchObject({
      dryRun: false,
      writes: [{ method: 'update', resource: 'levels', id: ids.third }],
      error: 'Audit Entries do not support bulk through the API',
    });
  });

  it('refuses calls it cannot plan in a dry run, and usage errors exit 2', async () => {
    const logout = script('logout.mts', 'export default async ({ api }) => api.auth.logout();\n');
    const refused = await h.cli(['run', logout]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('logout() is not available in a dry run: run with --no-dry-run');
    expect((await h.cli(['whoami'])).code).toBe(0);

    const missing = await h.cli(['run', path.join(dir, 'nope.ts')]);
    expect(missing).toMatchObject({ code: 2, stderr: `Error: No script at ${path.join(dir, 'nope.ts')}\n` });
    const noDefault = script('no-default.mts', 'export const x = 1;\n');
    const empty = await h.cli(['run', noDefault]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/^Error: .*no-default\.mts has no default export function/);
    const text = script('notes.txt', 'hello');
    expect((await h.cli(['run', text])).code).toBe(2);
  });
});
