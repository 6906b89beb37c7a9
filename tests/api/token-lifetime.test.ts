/**
 * Issue 43, item 7: an API token dies with its owner's access, on both databases. Deactivating an
 * account revokes its tokens for good (reactivating it revives none), "End sessions" ends its
 * tokens with its sessions, any other write that ends an account (the users table, an operator's
 * SQL) does the same, a token never reaches further than its owner does now, and the tokens list
 * tells each token's real state.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiToken } from '#shared/team.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startApi, type ApiHarness } from './harness.ts';
import { apiToken, callsAs, invitedMember } from './team-members.ts';

describe.each(DIALECTS)('tokens end with their owner (%s)', (dialect) => {
  let api: ApiHarness;
  const ids = { english: 0, spanish: 0, enWord: 0, esWord: 0 };

  const listed = async (id: number): Promise<ApiToken> =>
    ((await api.get('tokens/cms')).body.content as ApiToken[]).find((t) => t.id === id)!;
  const works = async (token: string) => (await callsAs(api, token).get('words/cms/search')).status;

  beforeAll(async () => {
    api = await startApi(dialect);
    ids.english = (await api.post('languages/cms', { language: 'English' })).body.id;
    ids.spanish = (await api.post('languages/cms', { language: 'Spanish' })).body.id;
    ids.enWord = (await api.post('words/cms', { letters: 'stone', languageId: ids.english })).body.id;
    ids.esWord = (await api.post('words/cms', { letters: 'perro', languageId: ids.spanish })).body.id;
  });
  afterAll(async () => api?.close());

  it('deactivating an account revokes its tokens, and reactivating it brings none back', async () => {
    const ops = await invitedMember(api, 'ops', 'administrator');
    const token = await apiToken(api, ops.token, { name: 'nightly', permissions: 'editor' });
    expect(await works(token.token)).toBe(200);
    expect((await api.put(`accounts/cms/${ops.id}`, { isActive: false })).status).toBe(200);
    expect(await works(token.token)).toBe(401);
    expect((await listed(token.id)).status).toBe('revoked');
    expect((await api.put(`accounts/cms/${ops.id}`, { isActive: true })).status).toBe(200);
    expect(await works(token.token)).toBe(401);
    expect(await works(ops.token)).toBe(401);
    expect((await listed(token.id)).status).toBe('revoked');
    const history = await api.get(`audit/cms/search?entity=accounts&entityId=${ops.id}`);
    expect(history.body.content.map((e: { after: unknown }) => e.after)).toContainEqual(
      expect.objectContaining({ isActive: false, tokensRevoked: 1 }),
    );
  });

  it('"End sessions" ends the account\'s API tokens with its sessions', async () => {
    const ops = await invitedMember(api, 'ops-two', 'administrator');
    const token = await apiToken(api, ops.token, { name: 'importer', permissions: 'viewer' });
    const other = await apiToken(api, api.token, { name: 'importer', permissions: 'viewer' });
    expect(await works(token.token)).toBe(200);
    const ended = await api.post(`accounts/cms/${ops.id}/end-sessions`);
    expect(ended.status).toBe(200);
    expect(await works(token.token)).toBe(401);
    expect(await works(ops.token)).toBe(401);
    expect((await listed(token.id)).status).toBe('revoked');
    // Another account's token of the same name is not its: it works on.
    expect(await works(other.token)).toBe(200);
    const history = await api.get(`audit/cms/search?entity=accounts&entityId=${ops.id}`);
    expect(history.body.content[0].after).toEqual({ action: 'sessions ended, 1 API token revoked' });
  });

  it('any other write that ends an account revokes its tokens too: the users table, an operator’s SQL', async () => {
    const db = api.database.db;
    const yes = dialect === 'sqlite' ? sql`1` : sql`true`;
    const no = dialect === 'sqlite' ? sql`0` : sql`false`;
    const endings = [
      sql`is_active = ${no}`,
      sql`deleted_at = ${new Date(api.clock.now).toISOString()}`,
      sql`role = 'common'`,
    ];
    for (const [i, ending] of endings.entries()) {
      const ops = await invitedMember(api, `ops-sql-${i}`, 'administrator');
      const token = await apiToken(api, ops.token, { name: 'script', permissions: 'editor' });
      expect(await works(token.token)).toBe(200);
      await sql`update users set ${ending} where id = ${ops.id}`.execute(db);
      await sql`update users set is_active = ${yes}, deleted_at = null, role = 'admin' where id = ${ops.id}`.execute(
        db,
      );
      expect(await works(token.token), String(i)).toBe(401);
      expect(await works(ops.token), String(i)).toBe(401);
      expect((await listed(token.id)).status).toBe('revoked');
    }
    // A player's own writes (coins, names) end nothing.
    const player = await sql<{ id: number }>`insert into users (username, email, created_at, updated_at)
      values ('player-1', '', ${new Date(api.clock.now).toISOString()}, ${new Date(api.clock.now).toISOString()})
      returning id`.execute(db);
    await sql`update users set is_active = ${no} where id = ${player.rows[0]!.id}`.execute(db);
    expect(await works(api.token)).toBe(200);
  });

  it('never reaches further than its owner does now, and the list says what it may do', async () => {
    const lead = await invitedMember(api, 'lead', 'administrator');
    const token = await apiToken(api, lead.token, {
      name: 'both languages',
      permissions: 'editor',
      languages: [ids.english, ids.spanish],
    });
    expect((await callsAs(api, token.token).get(`words/cms/${ids.esWord}`)).status).toBe(200);
    // The owner is narrowed: an editor of English.
    expect(
      (await api.put(`accounts/cms/${lead.id}`, { permissions: 'editor', languages: [ids.english] })).status,
    ).toBe(200);
    expect((await callsAs(api, token.token).get(`words/cms/${ids.esWord}`)).status).toBe(403);
    expect((await callsAs(api, token.token).get(`words/cms/${ids.enWord}`)).status).toBe(200);
    expect(await listed(token.id)).toMatchObject({
      status: 'active',
      permissions: 'editor',
      languages: [ids.english, ids.spanish],
      effective: { permissions: 'editor', languages: [ids.english] },
    });
    // Then a viewer: the token writes nothing.
    await api.put(`accounts/cms/${lead.id}`, { permissions: 'viewer' });
    const write = await callsAs(api, token.token).put(`words/cms/${ids.enWord}`, { isActive: false });
    expect(write.status).toBe(403);
    expect(write.body.message).toBe('Your token may view words only: it has viewer permissions');
    expect((await listed(token.id)).effective).toEqual({ permissions: 'viewer', languages: [ids.english] });
  });

  it('a token whose owner must set up two-factor again is refused, and listed so', async () => {
    const ops = await invitedMember(api, 'ops-2fa', 'administrator');
    const token = await apiToken(api, ops.token, { name: 'cron', permissions: 'viewer' });
    expect((await api.post(`accounts/cms/${ops.id}/reset-2fa`)).status).toBe(200);
    expect(await works(token.token)).toBe(403);
    expect((await listed(token.id)).status).toBe('owner-inactive');
  });
});
