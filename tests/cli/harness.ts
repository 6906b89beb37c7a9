import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { URI, type TOTP } from 'otpauth';
import { expect } from 'vitest';
import { run } from '../../cli/main.ts';
import type { CliContext, Prompter } from '../../cli/context.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { testDatabase } from '../helpers/databases.ts';
import type { DatabaseOptions, Dialect } from '../../server/db/database.ts';

export const ADMIN = { username: 'admin', password: 'correct-horse-battery-staple' };
export const START = Date.parse('2025-03-01T09:00:00.000Z');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** What stdin holds (a pipe, not a terminal). */
  stdin?: string;
  /** stdin is a terminal: questions are answered by these functions (by the prompt's message). */
  answers?: (
    message: string,
    kind: 'input' | 'password' | 'confirm',
    output: () => string,
  ) => string | boolean;
  env?: Record<string, string>;
  fetch?: typeof fetch;
  /** stderr is a terminal (progress bars are drawn in place). */
  ttyStderr?: boolean;
}

export interface CliHarness {
  app: TestApp;
  /** The database the app runs on, when the harness was given a dialect (to arrange rows the API cannot create). */
  database?: DatabaseOptions;
  api: string;
  clock: { now: number };
  configHome: string;
  /** The TOTP of the admin, known once the first login enrolled it. */
  totp: TOTP | null;
  /** Runs `argus-words --api <api> …args` in-process. */
  cli(args: string[], options?: RunOptions): Promise<CliResult>;
  /** A one-time code for the current clock, moving the clock to a fresh 30 s step first. */
  nextOtp(): string;
  /** Logs in through the CLI (enrolling the first time, with scripted prompts), to `api` or the app. */
  login(api?: string): Promise<void>;
  stop(): Promise<void>;
}

function capture(isTTY = false) {
  const stream = Object.assign(new PassThrough(), { isTTY });
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

/**
 * The real app on a random port, a controllable clock, and XDG_CONFIG_HOME in a temp folder; on
 * the embedded SQLite database, or on a fresh database of `dialect` (PostgreSQL: a schema of its own).
 */
export async function startCliHarness(
  dialect?: Dialect,
  env: Record<string, string> = {},
): Promise<CliHarness> {
  const clock = { now: START };
  const testDb = dialect ? testDatabase(dialect) : undefined;
  const app = await startTestApp(env, {
    clock: () => clock.now,
    ...(testDb ? { database: testDb.options } : {}),
  });
  const url = await app.listen();
  const configHome = mkdtempSync(path.join(tmpdir(), 'argus-cli-'));
  const harness: CliHarness = {
    app,
    ...(testDb ? { database: testDb.options } : {}),
    api: `${url}/arguscreative/words`,
    clock,
    configHome,
    totp: null,
    async cli(args, options = {}) {
      const stdout = capture();
      const stderr = capture(options.ttyStderr);
      const interactive = options.answers !== undefined;
      const stdin: CliContext['stdin'] = interactive
        ? Object.assign(new PassThrough(), { isTTY: true })
        : Readable.from(options.stdin === undefined ? [] : [options.stdin]);
      const ask =
        (kind: 'input' | 'password' | 'confirm') =>
        async (message: string): Promise<never> => {
          if (!options.answers) throw new Error(`Prompted without a terminal: ${message}`);
          return options.answers(message, kind, stderr.text) as never;
        };
      const prompter: Prompter = { input: ask('input'), password: ask('password'), confirm: ask('confirm') };
      const code = await run(['node', 'argus-words', '--api', harness.api, ...args], {
        env: { XDG_CONFIG_HOME: configHome, HOME: configHome, ...options.env },
        stdin,
        stdout: stdout.stream,
        stderr: stderr.stream,
        prompter,
        now: () => clock.now,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      return { code, stdout: stdout.text(), stderr: stderr.text() };
    },
    nextOtp() {
      clock.now += 30_000;
      return harness.totp!.generate({ timestamp: clock.now });
    },
    async login(api = harness.api) {
      const result = await harness.cli(['--api', api, 'login'], {
        answers: (message, _kind, output) => {
          if (message.startsWith('Username')) return ADMIN.username;
          if (message.startsWith('Password')) return ADMIN.password;
          const uri = /otpauth:\/\/\S+/.exec(output())?.[0];
          if (uri) harness.totp = URI.parse(uri) as TOTP;
          return harness.nextOtp();
        },
      });
      if (result.code !== 0) throw new Error(`login failed: ${result.stderr}`);
    },
    async stop() {
      await app.stop();
      await testDb?.drop();
      rmSync(configHome, { recursive: true, force: true });
    },
  };
  return harness;
}

/** Runs a command with --json, expects exit 0 and answers the parsed stdout (JSON and nothing else). */
export async function cliJson<T = Record<string, unknown> & { id: number }>(
  h: CliHarness,
  args: string[],
): Promise<T> {
  const result = await h.cli(['--json', ...args]);
  expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
  return JSON.parse(result.stdout) as T;
}
