import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, testDatabase, type TestDatabase } from '../../../tests/helpers/databases.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';
import { createLogger } from '../../logger.ts';
import { createCredentialStore } from './credentials.ts';
import { ensureAdmin } from './index.ts';
import { verifyPassword } from './passwords.ts';

describe.each(DIALECTS)('ensureAdmin (%s)', (dialect) => {
  let testDb: TestDatabase;
  let database: DatabaseHandle;
  afterEach(async () => {
    await database.close();
    await testDb.drop();
  });

  /** A fresh database; `run(env)` starts the bootstrap with that environment against it. */
  async function start() {
    testDb = testDatabase(dialect);
    database = await openDatabase(testDb.options);
    const printed: string[] = [];
    const logged: string[] = [];
    const run = (env: Record<string, string>) => {
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DATA_DIR: testDb.options.dataDir,
        ...env,
      });
      const logger = createLogger(config, { write: (line: string) => logged.push(line) });
      return ensureAdmin({ config, database, logger, print: (line) => printed.push(line) });
    };
    return { run, printed, logged };
  }

  const passwordOf = async (username: string, password: string) => {
    const account = await createCredentialStore(database).byUsername(username);
    return (
      account !== null && account.role === 'admin' && (await verifyPassword(account.passwordHash, password))
    );
  };

  it('generates a strong password, prints it once, and does nothing on later starts', async () => {
    const { run, printed, logged } = await start();
    await run({ ADMIN_USERNAME: 'root-admin' });
    const text = printed.join('\n');
    expect(text).toContain('username: root-admin');
    expect(text).toContain('argus-words admin create --username root-admin');
    const password = /password: (\S+)/.exec(text)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(await passwordOf('root-admin', password)).toBe(true);
    // The logger says what happened, never the password.
    expect(logged.join('')).toContain('created the first admin');
    expect(logged.join('')).not.toContain(password);

    const lines = printed.length;
    await run({ ADMIN_USERNAME: 'root-admin' });
    expect(printed).toHaveLength(lines);
    expect(await passwordOf('root-admin', password)).toBe(true);
  });

  it('uses ADMIN_PASSWORD without printing anything', async () => {
    const { run, printed } = await start();
    await run({ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'configured-password' });
    expect(printed).toEqual([]);
    expect(await passwordOf('boss', 'configured-password')).toBe(true);
    const users = await database.db
      .selectFrom('users')
      .select('username')
      .where('role', '=', 'admin')
      .execute();
    expect(users).toEqual([{ username: 'boss' }]);
  });

  it('leaves an existing admin alone, whatever the configuration says later', async () => {
    const { run, printed } = await start();
    await run({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'first-password-1' });
    await run({ ADMIN_USERNAME: 'admin' });
    await run({ ADMIN_USERNAME: 'someone-else', ADMIN_PASSWORD: 'other-password-1' });
    expect(printed).toEqual([]);
    expect(await passwordOf('admin', 'first-password-1')).toBe(true);
    const admins = await database.db
      .selectFrom('users')
      .select('username')
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toEqual([{ username: 'admin' }]);
  });

  it('refuses to turn a player into the first admin, with a message naming ADMIN_USERNAME', async () => {
    const { run } = await start();
    const now = new Date().toISOString();
    await database.db
      .insertInto('users')
      .values({ username: 'player', createdAt: now, updatedAt: now })
      .execute();
    await expect(run({ ADMIN_USERNAME: 'player', ADMIN_PASSWORD: 'some-password-1' })).rejects.toThrow(
      'Cannot create the first admin (ADMIN_USERNAME): User "player" exists and is not an admin',
    );
  });
});
