/**
 * Issue 43, item 8: usernames and token names are normalised (NFKC), refuse control and format
 * characters with a 400 naming the character, and are one name without regard to case (409), on
 * both databases: through the Team endpoints, the users resource, the first start's
 * ADMIN_USERNAME and `argus-words admin create`, and in the database itself.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminError, createOrResetAdmin } from '../../server/admin/admins.ts';
import { loadConfig } from '../../server/config.ts';
import { ACCOUNT_NAME_RULE } from '../../server/db/natural-keys.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { insertPlayer, startApi, type ApiHarness } from './harness.ts';
import { apiToken, callsAs, invitedMember } from './team-members.ts';

describe.each(DIALECTS)('names of accounts and tokens (%s)', (dialect) => {
  let api: ApiHarness;
  const accounts = async () =>
    ((await api.get('accounts/cms')).body.content as Array<{ username: string }>).map((a) => a.username);
  const invite = (username: string) => api.post('accounts/cms', { username, permissions: 'viewer' });

  beforeAll(async () => {
    api = await startApi(dialect);
  });
  afterAll(async () => api?.close());

  it('refuses control, format and invisible characters in a username, naming them; nothing is created', async () => {
    const before = await accounts();
    for (const [username, named] of [
      ['evil\u001b[31m', 'the character U+001B, a control character'],
      ['admin\nroot', 'the character U+000A, a control character'],
      ['ad\u200Bmin', 'a zero-width space (U+200B), an invisible character'],
      ['admin\u202Egnp.exe', 'the character U+202E, an invisible character'],
    ]) {
      const res = await invite(username!);
      expect(res.status, username).toBe(400);
      expect(res.body.message).toBe(`Invalid invitation: username contains ${named}`);
    }
    expect(await accounts()).toEqual(before);
  });

  it('refuses a case variant of an existing account (ADMIN beside admin), full-width ones included', async () => {
    for (const username of ['ADMIN', 'Admin', 'ＡＤＭＩＮ']) {
      const res = await invite(username);
      expect(res.status, username).toBe(409);
      expect(res.body.message).toBe(
        'The username ADMIN is taken: the account admin has it (usernames are compared without regard to case)'.replace(
          'ADMIN',
          username.normalize('NFKC'),
        ),
      );
    }
    expect((await invite('Straße')).status).toBe(201);
    expect((await invite('STRASSE')).status).toBe(409);
    // Stored as its NFKC form.
    expect((await invite('ｍａｒｉｅ')).body.account.username).toBe('marie');
    expect((await accounts()).sort()).toEqual(['Straße', 'admin', 'marie'].sort());
  });

  it('the database holds the rule too: a second panel account differing in case is refused', async () => {
    const now = new Date(api.clock.now).toISOString();
    const insert = sql`insert into users (username, email, role, created_at, updated_at)
      values ('MARIE', '', 'admin', ${now}, ${now})`.execute(api.database.db);
    await expect(insert).rejects.toThrow(/unique|UNIQUE/);
    // Players are outside the rule: a player may be called Marie.
    expect(await insertPlayer(api, { username: 'Marie' })).toBeGreaterThan(0);
  });

  it('token names: refused with control or format characters, one live name per owner whatever its case', async () => {
    const bad = await api.post('tokens/cms', {
      name: 'nightly\u001b[2J',
      permissions: 'viewer',
      expiresInDays: 1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid token: name contains the character U+001B, a control character');
    const zw = await api.post('tokens/cms', {
      name: 'night\u200Bly',
      permissions: 'viewer',
      expiresInDays: 1,
    });
    expect(zw.status).toBe(400);
    const first = await apiToken(api, api.token, { name: 'Nightly import', permissions: 'viewer' });
    const again = await api.post('tokens/cms', {
      name: 'NIGHTLY IMPORT',
      permissions: 'viewer',
      expiresInDays: 1,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'You have a live token named Nightly import already (token names are compared without regard to case): choose another name, or revoke it first',
    );
    // Another owner's token may be called so; and once revoked, the name is free for its replacement.
    const other = await invitedMember(api, 'ops', 'administrator');
    expect(
      (
        await callsAs(api, other.token).post('tokens/cms', {
          name: 'nightly import',
          permissions: 'viewer',
          expiresInDays: 1,
        })
      ).status,
    ).toBe(201);
    expect((await api.del(`tokens/cms/${first.id}`)).status).toBe(200);
    expect(
      (await api.post('tokens/cms', { name: 'NIGHTLY IMPORT', permissions: 'viewer', expiresInDays: 1 }))
        .status,
    ).toBe(201);
    // Full-width is stored as plain text.
    const wide = await api.post('tokens/cms', { name: 'ｃｒｏｎ', permissions: 'viewer', expiresInDays: 1 });
    expect(wide.body.name).toBe('cron');
  });

  it('a username changed through the users resource follows the same rule', async () => {
    const player = await insertPlayer(api, { username: 'player-one' });
    const res = await api.put(`users/cms/${player}`, { username: 'player\u001b[8m' });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.username).toEqual(['contains the character U+001B, a control character']);
    const wide = await api.put(`users/cms/${player}`, { username: 'ｐｌａｙｅｒ-two' });
    expect(wide.status, JSON.stringify(wide.body)).toBe(200);
    expect(wide.body.username).toBe('player-two');
  });

  it('the first start and `admin create` take names by the same rule', async () => {
    const env = { NODE_ENV: 'test', DATA_DIR: '/tmp', ADMIN_USERNAME: 'root\u001b' };
    expect(() => loadConfig(env)).toThrow(/ADMIN_USERNAME.*U\+001B, a control character/);
    expect(loadConfig({ ...env, ADMIN_USERNAME: 'ＲＯＯＴ' }).admin.username).toBe('ROOT');
    const password = 'a-long-enough-password';
    await expect(createOrResetAdmin(api.database, { username: 'ADMIN', password })).rejects.toThrow(
      new AdminError(
        'An account is called "admin" (usernames are compared without regard to case): use that name to reset its password, or choose another.',
      ),
    );
    await expect(createOrResetAdmin(api.database, { username: 'ad\u200Bmin', password })).rejects.toThrow(
      'Username contains a zero-width space (U+200B), an invisible character.',
    );
    expect((await createOrResetAdmin(api.database, { username: 'ｒｏｏｔ', password })).created).toBe(true);
    expect(await accounts()).toContain('root');
  });

  it('a database whose accounts already share a name starts, warns, refuses new ones, and is never merged', async () => {
    const db = api.database.db;
    await sql`drop index ${sql.id(ACCOUNT_NAME_RULE.index)}`.execute(db);
    const now = new Date(api.clock.now).toISOString();
    await sql`insert into users (username, email, role, created_at, updated_at)
      values ('ROOT', '', 'admin', ${now}, ${now})`.execute(db);
    const other = await api.another();
    expect(other).toBeDefined();
    expect((await invite('Root')).status).toBe(409);
    // Both rows are still there, as they were.
    const rows = await sql<{ username: string }>`select username from users where lower(username) = 'root'
      order by id`.execute(db);
    expect(rows.rows.map((r) => r.username)).toEqual(['root', 'ROOT']);
    // Renamed by a person: the next start creates the index, and the database refuses again.
    await sql`update users set username = 'ROOT-2' where username = 'ROOT'`.execute(db);
    await api.another();
    await expect(
      sql`insert into users (username, email, role, created_at, updated_at)
        values ('Root-2', '', 'admin', ${now}, ${now})`.execute(db),
    ).rejects.toThrow(/unique|UNIQUE/);
  });
});
