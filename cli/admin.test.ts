import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../tests/helpers/admin-login.ts';
import { DIALECTS, testDatabase, type TestDatabase } from '../tests/helpers/databases.ts';
import { createCredentialStore } from '../server/api/auth/credentials.ts';
import { verifyPassword } from '../server/api/auth/passwords.ts';
import { openDatabase, type DatabaseHandle } from '../server/db/database.ts';
import { buildProgram, run } from './main.ts';
import type { CliContext } from './context.ts';

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

describe.each(DIALECTS)('argus-words admin (%s)', (dialect) => {
  let testDb: TestDatabase;
  let database: DatabaseHandle;
  let env: Record<string, string>;

  beforeAll(async () => {
    testDb = testDatabase(dialect);
    database = await openDatabase(testDb.options);
    const { dataDir, databaseUrl, pgSchema } = testDb.options;
    // The CLI reads DATABASE_URL like the server; the suite's schema rides along as a connection option.
    env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      ...(databaseUrl
        ? { DATABASE_URL: `${databaseUrl}?options=${encodeURIComponent(`-c search_path=${pgSchema}`)}` }
        : {}),
    };
  });
  afterAll(async () => {
    await database.close();
    await testDb.drop();
  });

  async function cli(args: string[], stdin: CliContext['stdin'] = Readable.from([])) {
    const stdout = capture();
    const stderr = capture();
    const code = await run(['node', 'argus-words', ...args], {
      env,
      stdin,
      stdout: stdout.stream,
      stderr: stderr.stream,
    });
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  }
  const passwordWorks = async (username: string, password: string) => {
    const account = await createCredentialStore(database).byUsername(username);
    return (
      account !== null && account.role === 'admin' && (await verifyPassword(account.passwordHash, password))
    );
  };

  it('creates an admin with the password from stdin', async () => {
    const result = await cli(
      ['admin', 'create', '--username', 'alice', '--password-stdin'],
      Readable.from(['alice-secret-pass\n']),
    );
    expect(result.code).toBe(0);
    // One security event line for the operator's log collection, naming the admin, no secret; the
    // message for the person is on stderr too (stdout is for data only).
    const lines = result.stderr.trim().split('\n');
    expect(lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: 40, event: 'admin.created', username: 'alice' }),
    ]);
    expect(result.stderr).not.toContain('alice-secret-pass');
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Admin "alice" created');
    expect(await passwordWorks('alice', 'alice-secret-pass')).toBe(true);
  });

  it('resets the password of an existing admin', async () => {
    await createAdmin(database, { username: 'bob', password: 'bob-old-password' });
    const result = await cli(
      ['admin', 'create', '--username', 'bob', '--password-stdin'],
      Readable.from(['bob-new-password']),
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('reset');
    expect(await passwordWorks('bob', 'bob-new-password')).toBe(true);
    expect(await passwordWorks('bob', 'bob-old-password')).toBe(false);
  });

  it('runs in-process through buildProgram with parseAsync', async () => {
    const out = capture();
    await buildProgram({
      env,
      stdin: Readable.from(['carol-password-1']),
      stdout: out.stream,
      stderr: out.stream,
    }).parseAsync(['admin', 'create', '--username', 'carol', '--password-stdin'], { from: 'user' });
    expect(await passwordWorks('carol', 'carol-password-1')).toBe(true);
  });

  it('refuses a short password, a player name and a non-terminal without --password-stdin', async () => {
    const short = await cli(
      ['admin', 'create', '--username', 'dave', '--password-stdin'],
      Readable.from(['short']),
    );
    expect(short.code).toBe(1);
    expect(short.stderr).toBe('Error: Password must be at least 12 characters.\n');

    await database.db
      .insertInto('users')
      .values({
        username: 'player',
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .execute();
    const player = await cli(
      ['admin', 'create', '--username', 'player', '--password-stdin'],
      Readable.from(['player-password-x']),
    );
    expect(player.code).toBe(1);
    expect(player.stderr).toBe('Error: User "player" exists and is not an admin; choose another username.\n');

    const noTty = await cli(['admin', 'create', '--username', 'dave']);
    expect(noTty.code).toBe(1);
    expect(noTty.stderr).toBe(
      'Error: Standard input is not a terminal: pipe the password in with --password-stdin.\n',
    );
    expect(await createCredentialStore(database).byUsername('dave')).toBeNull();
  });

  it('never takes the password as an argument', async () => {
    const result = await cli(['admin', 'create', '--username', 'erin', '--password', 'erin-password-123']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("unknown option '--password'");
    expect(await createCredentialStore(database).byUsername('erin')).toBeNull();
  });

  it('prompts twice on a terminal and refuses two different passwords', async () => {
    /** A fake terminal: types the first answer when the question appears, the second once it is accepted. */
    const terminal = (first: string, second: string) => {
      const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => stdin });
      const stdout = capture();
      const typed = new Set<string>();
      stdout.stream.on('data', () => {
        const steps = [
          ['New password', first, 0],
          ['✔', second, 100],
        ] as const;
        for (const [cue, answer, delay] of steps) {
          if (stdout.text().includes(cue) && !typed.has(cue)) {
            typed.add(cue);
            setTimeout(() => stdin.write(`${answer}\n`), delay);
          }
        }
      });
      return { stdin, stdout };
    };
    const interactive = async (username: string, first: string, second: string) => {
      const { stdin, stdout } = terminal(first, second);
      const stderr = capture();
      const code = await run(['node', 'argus-words', 'admin', 'create', '--username', username], {
        env,
        stdin,
        stdout: stdout.stream,
        stderr: stderr.stream,
      });
      return { code, stdout: stdout.text(), stderr: stderr.text() };
    };

    const same = await interactive('frank', 'frank-password-1', 'frank-password-1');
    expect(same.code).toBe(0);
    expect(same.stdout).not.toContain('frank-password-1');
    expect(await passwordWorks('frank', 'frank-password-1')).toBe(true);

    const differ = await interactive('grace', 'grace-password-1', 'grace-password-2');
    expect(differ.code).toBe(1);
    expect(differ.stderr).toBe('Error: The two passwords differ; nothing was changed.\n');
    expect(await createCredentialStore(database).byUsername('grace')).toBeNull();
  });

  it('reset-2fa clears enrolment, secret, recovery codes and sessions', async () => {
    const { userId } = await createAdmin(database, { username: 'heidi', password: 'heidi-password-1' });
    const credentials = createCredentialStore(database);
    await credentials.setPendingSecret(userId, 'v1:sealed');
    await credentials.completeEnrolment(userId, ['a', 'b']);
    await database.db
      .insertInto('authTokens')
      .values({
        tokenHash: 'h',
        kind: 'access',
        userId,
        familyId: 'f',
        createdAt: 0,
        expiresAt: Date.now() + 60_000,
      })
      .execute();

    const result = await cli(['admin', 'reset-2fa', '--username', 'heidi']);
    expect(result.code).toBe(0);
    const [event, message] = result.stderr.trim().split('\n');
    expect(JSON.parse(event!)).toMatchObject({ event: 'admin.2fa_reset', username: 'heidi' });
    expect(message).toContain('Two-factor enrolment of "heidi" reset');
    expect(result.stdout).toBe('');
    const account = await credentials.byUsername('heidi');
    expect(account).toMatchObject({ enrolled: false, totpSecret: null, isTwoFa: false });
    expect(
      await database.db.selectFrom('authRecoveryCodes').selectAll().where('userId', '=', userId).execute(),
    ).toEqual([]);
    const token = await database.db
      .selectFrom('authTokens')
      .select('revokedAt')
      .where('tokenHash', '=', 'h')
      .executeTakeFirstOrThrow();
    expect(token.revokedAt).not.toBeNull();

    const unknown = await cli(['admin', 'reset-2fa', '--username', 'nobody']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('Error: No admin named "nobody".\n');
  });

  it('shows help with an example on every command', async () => {
    for (const args of [
      ['--help'],
      ['admin', '--help'],
      ['admin', 'create', '--help'],
      ['admin', 'reset-2fa', '--help'],
    ]) {
      const result = await cli(args);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/Example/);
      expect(result.stdout).toMatch(/\$ argus-words /);
    }
  });

  it('backs up and restores the database round trip, online (PostgreSQL: says how)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'argus-backup-'));
    const file = path.join(dir, 'backup.sqlite');
    try {
      if (dialect === 'postgres') {
        const result = await cli(['admin', 'backup', file]);
        expect(result.code).not.toBe(0);
        expect(result.stderr).toMatch(/pg_dump -Fc "\$DATABASE_URL"/);
        return;
      }
      const yes = 1;
      await database.db.insertInto('languages').values({ language: 'Backup-A', isActive: yes }).execute();
      const backup = await cli(['admin', 'backup', file]);
      expect(backup).toMatchObject({ code: 0 });
      expect(statSync(file).mode & 0o777).toBe(0o600);
      await database.db.insertInto('languages').values({ language: 'Backup-B', isActive: yes }).execute();
      await database.db
        .updateTable('languages')
        .set({ language: 'Changed' })
        .where('language', '=', 'Backup-A')
        .execute();
      const restore = await cli(['admin', 'restore', file]);
      expect(restore).toMatchObject({ code: 0 });
      // The open connection (a running server) sees the restored data.
      const names = (await database.db.selectFrom('languages').select('language').execute()).map(
        (r) => r.language,
      );
      expect(names).toContain('Backup-A');
      expect(names).not.toContain('Backup-B');
      expect(names).not.toContain('Changed');
      writeFileSync(path.join(dir, 'junk.sqlite'), 'not a database');
      const junk = await cli(['admin', 'restore', path.join(dir, 'junk.sqlite')]);
      expect(junk.code).not.toBe(0);
      expect(junk.stderr).toMatch(/not a readable SQLite database/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
