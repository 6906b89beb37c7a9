import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CredentialsFile, credentialsPath } from '../../cli/credentials.ts';
import { cliJson, startCliHarness, type CliHarness } from './harness.ts';

/** A loopback port nothing listens on: a connection to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The conventions every command keeps (issue 15, point 6): data on stdout and nothing else, messages
 * on stderr, exit codes 0 / 1 (refused rows, findings, errors the API answered) / 2 (usage, or the
 * API not reached), all of it stated in the program's --help.
 */
describe('argus-words output and exit-code conventions', () => {
  let h: CliHarness;
  let english: number;
  const words: Record<string, number> = {};

  beforeAll(async () => {
    h = await startCliHarness();
    await h.login();
    english = (await cliJson(h, ['language', 'create', '--set', 'language=English'])).id;
    for (const letters of ['fizz', 'buzz', 'tap'])
      words[letters] = (
        await cliJson(h, ['word', 'create', '--set', `letters=${letters}`, '--set', `languageId=${english}`])
      ).id;
  });
  afterAll(async () => h?.stop());

  it('states the conventions in the program help', async () => {
    const help = await h.cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Exit codes: 0 done; 1 done in part or refused');
    expect(help.stdout).toContain('2 usage error');
    expect(help.stdout).toContain('messages, plans, progress bars, warnings and errors go to stderr');
    expect(help.stdout).toMatch(/run \[options\] <file> \[args\.\.\.\]/);
  });

  it('list and get print only data on stdout, in every format', async () => {
    const list = (format: string) => h.cli(['word', 'list', '--filter', 'letters=zz', '--format', format]);
    const ids = await list('ids');
    expect(ids).toEqual({ code: 0, stdout: `${words.fizz}\n${words.buzz}\n`, stderr: '' });
    expect(await list('count')).toEqual({ code: 0, stdout: '2\n', stderr: '' });
    const csv = await h.cli([
      'word',
      'list',
      '--filter',
      'letters=tap',
      '--format',
      'csv',
      '--fields',
      'id,letters',
    ]);
    expect(csv).toEqual({ code: 0, stdout: `id,letters\n${words.tap},tap\n`, stderr: '' });
    const jsonl = await h.cli(['word', 'get', String(words.tap), '--format', 'jsonl', '--fields', 'letters']);
    // The record's version (for --if-match) is a message: stderr, never mixed with the data.
    expect(jsonl).toEqual({
      code: 0,
      stdout: '{"letters":"tap"}\n',
      stderr: expect.stringMatching(/^Version "\w+"\n$/),
    });
    const json = await list('json');
    expect(json.stderr).toBe('');
    expect(JSON.parse(json.stdout)).toMatchObject({ totalElements: 2 });
  });

  it('writes report on stderr: stdout holds the record or nothing', async () => {
    const created = await h.cli([
      'word',
      'create',
      '--set',
      'letters=jazz',
      '--set',
      `languageId=${english}`,
    ]);
    expect(created.code).toBe(0);
    expect(created.stderr).toMatch(
      /^Word \d+ created\.\nChange set [\w-]+: 1 changed — undo with: argus-words changes undo [\w-]+\n$/,
    );
    expect(created.stdout).toMatch(/^ID +\d+\n/);
    const dry = await h.cli([
      'word',
      'update',
      '--where',
      'letters~zz',
      '--set',
      'isActive=false',
      '--dry-run',
    ]);
    expect(dry).toMatchObject({ code: 0, stdout: '' });
    expect(dry.stderr).toContain('3 words match: 3 will change');
  });

  it('ids from a pipeline: list --format ids | delete --ids - --yes', async () => {
    const listed = await h.cli(['word', 'list', '--filter', 'letters=zz', '--format', 'ids']);
    const deleted = await h.cli(['word', 'delete', '--ids', '-', '--yes'], { stdin: listed.stdout });
    expect(deleted).toMatchObject({ code: 0, stdout: '' });
    expect(deleted.stderr).toContain('Deleted 3 words, 0 refused.');
    expect((await h.cli(['word', 'list', '--format', 'count'])).stdout).toBe('1\n');
  });

  it('exit code 2 for usage errors, with one line and nothing on stdout', async () => {
    for (const args of [
      ['word', 'list', '--bogus'],
      ['no-such-command'],
      ['word', 'get', 'twelve'],
      ['word', 'list', '--format', 'xml'],
      ['word', 'update', '--where', 'colour=red', '--set', 'isActive=false'],
      ['word', 'update', String(words.tap), '--set', 'isActive=maybe'],
      ['word', 'delete', '--where', 'letters~a'],
      ['--api', 'ftp://example.org', 'whoami'],
    ]) {
      const result = await h.cli(args);
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(2);
      expect(result.stdout, args.join(' ')).toBe('');
      expect(result.stderr.trim().split('\n').at(-1), args.join(' ')).toMatch(/^Error: /);
    }
    expect((await h.cli(['word'])).code).toBe(2);
    expect((await h.cli(['--version'])).code).toBe(0);
  });

  it('exit code 1 when the API refuses the request', async () => {
    expect(await h.cli(['word', 'get', '99999'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: Word 99999 not found\n',
    });
  });

  it('exit code 2 with one clear line when the API cannot be reached', async () => {
    const api = `http://127.0.0.1:${await closedPort()}/arguscreative/words`;
    // A saved session for that address, so the command gets as far as the connection.
    const file = new CredentialsFile(credentialsPath({ XDG_CONFIG_HOME: h.configHome, HOME: h.configHome }));
    await file.save(api, {
      username: 'admin',
      accessToken: 'a',
      refreshToken: 'r',
      savedAt: new Date().toISOString(),
    });
    for (const args of [['whoami'], ['word', 'list', '--format', 'ids']]) {
      const result = await h.cli(['--api', api, ...args]);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(
        /^Error: The content API cannot be reached: fetch failed: .*ECONNREFUSED.*\n$/,
      );
    }
  });
});
