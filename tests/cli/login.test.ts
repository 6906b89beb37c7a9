import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { URI, type TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../cli/main.ts';
import { ADMIN, startCliHarness, type CliHarness } from './harness.ts';

describe('argus-words login, whoami, logout, refresh on 401', () => {
  let h: CliHarness;
  const credentialsFile = () => path.join(h.configHome, 'argus-words', 'credentials.json');
  const saved = () => JSON.parse(readFileSync(credentialsFile(), 'utf8')).apis[h.api];

  beforeAll(async () => {
    h = await startCliHarness();
  });
  afterAll(async () => h?.stop());

  it('refuses to work before a login, naming the command to run', async () => {
    const result = await h.cli(['language', 'list']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`Error: Not logged in to ${h.api}: run \`argus-words login\` first.\n`);
  });

  it('first login on a terminal: prompts, shows the QR code and URI, prints the recovery codes once', async () => {
    const asked: string[] = [];
    const result = await h.cli(['login'], {
      answers: (message, kind, output) => {
        asked.push(`${kind}:${message}`);
        if (kind === 'input' && message.startsWith('Username')) return ADMIN.username;
        if (kind === 'password') return ADMIN.password;
        // The code is asked after the QR: the enrolment URI is on stderr by now.
        const uri = /otpauth:\/\/totp\/\S+/.exec(output())?.[0];
        expect(uri).toBeDefined();
        h.totp = URI.parse(uri!) as TOTP;
        return h.nextOtp();
      },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(asked).toEqual([
      'input:Username:',
      'password:Password:',
      'input:One-time code (or a recovery code):',
    ]);
    expect(result.stderr).toMatch(/[▀▄█]/); // the QR drawn with block characters
    expect(result.stderr).toContain('otpauth://totp/');
    const codes = result.stderr.match(/^ {2}[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/gm) ?? [];
    expect(codes.length).toBeGreaterThanOrEqual(8);
    expect(result.stderr).toContain(`Logged in to ${h.api} as admin.\n`);
    expect(result.stdout).toBe('');
    expect(result.stdout + result.stderr).not.toContain(ADMIN.password);

    // Mode 0600 in a 0700 folder, keyed by API URL.
    expect(statSync(credentialsFile()).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(credentialsFile())).mode & 0o777).toBe(0o700);
    expect(saved()).toMatchObject({
      username: 'admin',
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });

    const whoami = await h.cli(['whoami']);
    expect(whoami).toMatchObject({ code: 0, stdout: `admin at ${h.api}: administrator\n` });
  });

  it('logs in without a terminal: --username, password on stdin or ARGUS_PASSWORD, --otp or ARGUS_OTP', async () => {
    const piped = await h.cli(['login', '--username', 'admin', '--password-stdin', '--otp', h.nextOtp()], {
      stdin: `${ADMIN.password}\n`,
    });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stderr).not.toContain('otpauth'); // enrolled already: no QR code

    const fromEnv = await h.cli(['--json', 'login', '--username', 'admin'], {
      env: { ARGUS_PASSWORD: ADMIN.password, ARGUS_OTP: h.nextOtp() },
    });
    expect(fromEnv.code, fromEnv.stderr).toBe(0);
    expect(JSON.parse(fromEnv.stdout)).toEqual({ apiUrl: h.api, username: 'admin' });
  });

  it('without a terminal, a missing value is one clear line and no call at all', async () => {
    const before = saved();
    const noUser = await h.cli(['login'], { env: { ARGUS_PASSWORD: 'x', ARGUS_OTP: '1' } });
    expect(noUser).toMatchObject({
      code: 1,
      stderr: 'Error: No username: standard input is not a terminal, so give --username.\n',
    });
    const noPassword = await h.cli(['login', '--username', 'admin', '--otp', '123456']);
    expect(noPassword.stderr).toBe(
      'Error: No password: standard input is not a terminal, so give --password-stdin or ARGUS_PASSWORD.\n',
    );
    const noOtp = await h.cli(['login', '--username', 'admin', '--password-stdin'], {
      stdin: ADMIN.password,
    });
    expect(noOtp.stderr).toBe(
      'Error: No one-time code: standard input is not a terminal, so give --otp or ARGUS_OTP.\n',
    );
    const asArgument = await h.cli(['login', '--username', 'admin', '--password', ADMIN.password]);
    expect(asArgument.code).not.toBe(0);
    expect(asArgument.stderr).toContain("unknown option '--password'");
    const wrong = await h.cli(['login', '--username', 'admin', '--password-stdin', '--otp', '000000'], {
      stdin: 'not-the-password',
    });
    expect(wrong).toMatchObject({ code: 1, stderr: 'Error: User or password not correct\n' });
    expect(saved()).toEqual(before);
  });

  it('refreshes an expired access token once, retries, and writes the new tokens back', async () => {
    const before = saved();
    h.clock.now += 16 * 60_000; // the access token lives 15 minutes
    const result = await h.cli(['language', 'list', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).items).toEqual([]);
    const after = saved();
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(statSync(credentialsFile()).mode & 0o777).toBe(0o600);
  });

  it('logout revokes the session on the server and deletes the tokens', async () => {
    const { refreshToken } = saved();
    const result = await h.cli(['logout']);
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: `Logged out of ${h.api}.\n` });
    expect(saved()).toBeUndefined();
    const refresh = await fetch(`${h.api}/auth/refresh-token`, {
      headers: { Authorization: `Bearer ${refreshToken}` },
    });
    expect(refresh.status).toBe(401);
    const whoami = await h.cli(['whoami']);
    expect(whoami.code).toBe(1);
    expect(whoami.stderr).toContain('Not logged in');
  });

  it('has --help with an example on every command', async () => {
    const commands: string[][] = [];
    const walk = (command: Command, trail: string[]) => {
      commands.push(trail);
      for (const sub of command.commands) walk(sub, [...trail, sub.name()]);
    };
    walk(buildProgram(), []);
    expect(commands.length).toBeGreaterThan(40);
    for (const trail of commands) {
      const result = await h.cli([...trail, '--help']);
      expect(result.code, trail.join(' ')).toBe(0);
      expect(result.stdout, trail.join(' ')).toMatch(/Examples?:\n {2}\$ argus-words/);
    }
  });
});
