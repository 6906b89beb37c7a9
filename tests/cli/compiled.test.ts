import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from '../../scripts/build-cli.ts';

const root = path.resolve(import.meta.dirname, '../..');
// Inside the project, so the bundle finds node_modules as build/cli does.
const outdir = path.join(root, 'build', `cli-test-${process.pid}`);
const version = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string })
  .version;

/** The CLI ships as plain JavaScript: it must run on bare Node, with no TypeScript loader. */
describe('the compiled CLI', () => {
  beforeAll(() => buildCli(root, outdir), 60_000);
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  const cli = (...args: string[]) =>
    spawnSync(process.execPath, [path.join(outdir, 'run.js'), ...args], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });

  it('prints its version and its commands on plain node', () => {
    const shown = cli('--version');
    expect(shown.stdout.trim()).toBe(version);
    expect(shown.status).toBe(0);
    const help = cli('--help');
    expect(help.status).toBe(0);
    for (const command of ['login', 'words', 'levels', 'links', 'lint', 'admin'])
      expect(help.stdout).toContain(command);
  });

  it('loads a command action lazily and reports a failure in one line with a non-zero exit', () => {
    const result = cli('--api', 'http://127.0.0.1:9/arguscreative/words', 'words', 'list');
    expect(result.status).not.toBe(0);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^Error: /);
  });
});
