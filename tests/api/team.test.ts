/**
 * A team, not one key (issue 33), on both databases: every way round a limit gets a 403 naming
 * what is allowed, with nothing written; accounts are invited, enrol and log in for real; tokens
 * are created, used, refused once expired or revoked.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAsAdmin } from '../helpers/admin-login.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { PREFIX, startApi, type ApiHarness } from './harness.ts';
import { pino } from 'pino';

const silent = pino({ level: 'silent' });

const PASSWORD = 'a-long-editor-password';

describe.each(DIALECTS)('the team on %s', (dialect) => {
  let api: ApiHarness;
  const ids = { french: 0, german: 0, stage: 0, frGroup: 0, deGroup: 0, frWord: 0, deWord: 0, player: 0 };
  let editor: string;
  let viewer: string;

  const as = (token: string) => ({
    get: (path: string) => request(api.app).get(`${PREFIX}/${path}`).set('Authorization', `Bearer ${token}`),
    post: (path: string, body?: object, headers: Record<string, string> = {}) =>
      request(api.app)
        .post(`${PREFIX}/${path}`)
        .set('Authorization', `Bearer ${token}`)
        .set(headers)
        .send(body),
    put: (path: string, body: object) =>
      request(api.app).put(`${PREFIX}/${path}`).set('Authorization', `Bearer ${token}`).send(body),
    del: (path: string) =>
      request(api.app).delete(`${PREFIX}/${path}`).set('Authorization', `Bearer ${token}`),
  });
  const created = async (path: string, body: object) => {
    const res = await api.post(path, body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as number;
  };
  /** Invites an account, enrols it through its link, logs it in with real two-factor. */
  const member = async (username: string, permissions: string, languages?: number[]) => {
    const invited = await api.post('accounts/cms', {
      username,
      permissions,
      ...(languages ? { languages } : {}),
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const token = new URL(invited.body.enrolmentPath, 'http://x').searchParams.get('token')!;
    const enrol = await request(api.app).post(`${PREFIX}/auth/enrol`).send({ token, password: PASSWORD });
    expect(enrol.status, JSON.stringify(enrol.body)).toBe(200);
    // The link works once.
    const again = await request(api.app).post(`${PREFIX}/auth/enrol`).send({ token, password: PASSWORD });
    expect(again.status).toBe(400);
    return (await loginAsAdmin(api.app, { username, password: PASSWORD, clock: () => api.clock.now }))
      .accessToken;
  };
  const wordCount = async () =>
    Number(
      (await api.database.db
        .selectFrom('words')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst())!.n,
    );

  beforeAll(async () => {
    api = await startApi(dialect);
    ids.french = await created('languages/cms', { language: 'French' });
    ids.german = await created('languages/cms', { language: 'German' });
    ids.stage = await created('stages/cms', { letterCount: 5, number: 1 });
    ids.frGroup = await created('letter-groups/cms', {
      letters: 'chat',
      languageId: ids.french,
      stageId: ids.stage,
    });
    ids.deGroup = await created('letter-groups/cms', {
      letters: 'haus',
      languageId: ids.german,
      stageId: ids.stage,
    });
    ids.frWord = await created('words/cms', { letters: 'chat', languageId: ids.french });
    ids.deWord = await created('words/cms', { letters: 'haus', languageId: ids.german });
    const now = new Date(api.clock.now).toISOString();
    ids.player = (
      await api.database.db
        .insertInto('users')
        .values({ username: 'player1', email: '', createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    editor = await member('fr-editor', 'editor', [ids.french]);
    viewer = await member('viewer', 'viewer');
  });
  afterAll(async () => api?.close());

  it('lists only the languages of a limited editor, and refuses a filter or an id of another', async () => {
    const list = await as(editor).get('words/cms/search');
    expect(list.status).toBe(200);
    expect(list.body.content.map((w: { letters: string }) => w.letters)).toEqual(['chat']);
    const filtered = await as(editor).get(`words/cms/search?languageId=${ids.german}`);
    expect(filtered.status).toBe(403);
    expect(filtered.body.message).toBe('Your account may see French words only');
    const byId = await as(editor).get(`words/cms/${ids.deWord}`);
    expect(byId.status).toBe(403);
    expect(byId.body.message).toMatch(
      /^Your account may see French words only\. 1 row is outside it: word \d+$/,
    );
    const exported = await as(editor).get('words/cms/export?format=csv');
    expect(exported.status).toBe(200);
    expect(exported.text).toContain('chat');
    expect(exported.text).not.toContain('haus');
    // Links: only those between French rows.
    expect(
      (await as(editor).get('languages/cms/search')).body.content.map(
        (l: { language: string }) => l.language,
      ),
    ).toEqual(['French']);
  });

  it('refuses every write to another language, writing nothing', async () => {
    const before = await wordCount();
    const cases = [
      await as(editor).put(`words/cms/${ids.deWord}`, { letters: 'maus' }),
      await as(editor).del(`words/cms/${ids.deWord}`),
      await as(editor).post('words/cms', { letters: 'hund', languageId: ids.german }),
      // Moving a French word into German.
      await as(editor).put(`words/cms/${ids.frWord}`, { languageId: ids.german }),
      await as(editor).post('words/cms/bulk', {
        rows: [
          { letters: 'chien', languageId: ids.french },
          { letters: 'hund', languageId: ids.german },
        ],
      }),
      await as(editor).post('words/cms/bulk', {
        rows: [{ letters: 'hund', languageId: ids.german }],
        dryRun: true,
      }),
      await as(editor).post('words/cms/bulk-update', {
        ids: [ids.frWord, ids.deWord],
        set: { isActive: false },
      }),
      await as(editor).post('words/cms/bulk-delete', { where: { languageId: ids.german } }),
      await as(editor).post('letter-groups/cms/link-jobs', { where: { languageId: ids.german } }),
      await as(editor).post('letter-group-words/cms/bulk', {
        rows: [{ letterGroupId: ids.frGroup, wordId: ids.deWord }],
      }),
      await as(editor).post('languages/cms', { language: 'Italian' }),
    ];
    for (const res of cases) {
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.message).toMatch(/^Your account may (edit|see) French /);
    }
    expect(cases[4]!.body.message).toContain('1 row is outside it');
    // Named as the request named them, without their language (a row the account may not see).
    expect(cases[6]!.body.message).toMatch(/nothing was changed\. 1 row is outside it: word \d+$/);
    expect(await wordCount()).toBe(before);
    // By filter, a bulk edit touches the rows of the list the account sees: its languages'.
    for (const edit of [
      as(editor).post('words/cms/bulk-update', {
        where: {},
        allRows: true,
        set: { isActive: false },
        dryRun: true,
      }),
      as(editor).post('words/cms/bulk-delete', { where: { letters: 'a' }, dryRun: true }),
    ]) {
      const res = await edit;
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ dryRun: true, matched: 1 });
      expect(JSON.stringify(res.body)).not.toContain(`"id":${ids.deWord}`);
    }
    const german = await api.get(`words/cms/${ids.deWord}`);
    expect(german.body).toMatchObject({ letters: 'haus', isActive: true, languageId: ids.german });
    // Stages are every language's: read, never changed, by an account limited to some.
    expect((await as(editor).get(`stages/cms/${ids.stage}`)).status).toBe(200);
    const stage = await as(editor).put(`stages/cms/${ids.stage}`, { letters: 'x' });
    expect(stage.status).toBe(403);
    expect(stage.body.message).toBe(
      'Your account may not change stages: they are shared by every language, and it is limited to some; nothing was changed',
    );
    // Its own language still works.
    expect((await as(editor).put(`words/cms/${ids.frWord}`, { isActive: false })).status).toBe(200);
    expect((await as(editor).put(`words/cms/${ids.frWord}`, { isActive: true })).status).toBe(200);
  });

  it("hides another account's change set from an editor, undo included, and refuses a revert of another language", async () => {
    const changeSet = randomUUID();
    const headers = { 'X-Change-Set': changeSet, 'X-Change-Set-Command': 'mixed' };
    const mixed = await as(api.token).post(
      'words/cms/bulk',
      {
        rows: [
          { letters: 'lune', languageId: ids.french },
          { letters: 'mond', languageId: ids.german },
        ],
      },
      headers,
    );
    expect(mixed.status).toBe(200);
    const before = await wordCount();
    // The administrator's change set is not the editor's: not found, as if it did not exist.
    const undo = await as(editor).post(`change-sets/cms/${changeSet}/undo`, {});
    expect(undo.status, JSON.stringify(undo.body)).toBe(404);
    expect(undo.body.message).toBe(`Change set ${changeSet} not found`);
    expect(await wordCount()).toBe(before);
    expect((await as(editor).get(`change-sets/cms/${changeSet}/entries`)).status).toBe(404);
    expect((await api.get(`change-sets/cms/${changeSet}/entries`)).body.content).toHaveLength(2);
    const entry = await api.get(`audit/cms/search?entity=words&entityId=${ids.deWord}`);
    const revert = await as(editor).post(`audit/cms/${entry.body.content[0].id}/revert`);
    expect(revert.status).toBe(403);
  });

  it('keeps players, accounts and tokens from editors, and every write from viewers', async () => {
    for (const path of ['users/cms/search', 'user-levels/cms/search', 'accounts/cms', 'tokens/cms']) {
      const res = await as(editor).get(path);
      expect(res.status, path).toBe(403);
    }
    expect((await as(editor).get('users/cms/search')).body.message).toBe(
      'Your account may not see users: only administrators may',
    );
    expect((await as(editor).put(`users/cms/${ids.player}`, { role: 'admin' })).status).toBe(403);
    expect(
      (await as(editor).post('tokens/cms', { name: 'x', permissions: 'viewer', expiresInDays: 1 })).status,
    ).toBe(403);
    expect((await as(viewer).get('words/cms/search')).body.content).toHaveLength(4);
    const write = await as(viewer).put(`words/cms/${ids.frWord}`, { isActive: false });
    expect(write.status).toBe(403);
    expect(write.body.message).toBe('Your account may view words only: it has viewer permissions');
    expect(
      (await as(viewer).post('words/cms/bulk', { rows: [{ letters: 'x', languageId: ids.french }] })).status,
    ).toBe(403);
  });

  it("refuses the same through the in-process seam the panel's proxy uses", async () => {
    const answer = await api.seam({
      method: 'PUT',
      url: `/words/cms/${ids.deWord}`,
      headers: { authorization: `Bearer ${editor}`, 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ letters: 'maus' })),
      ip: '127.0.0.1',
      id: randomUUID(),
      log: silent,
    });
    expect(answer.status).toBe(403);
    expect((answer.json as { message: string }).message).toMatch(
      /^Your account may edit French words only; nothing was changed/,
    );
  });

  it('limits the health report and the solvability of levels to its languages', async () => {
    const report = await as(editor).get('health/cms');
    expect(report.status).toBe(200);
    expect(report.body.counts.wordsByLanguage.map((w: { language: string }) => w.language)).toEqual([
      'French',
    ]);
    expect(Object.keys(report.body.counts.tables)).not.toContain('users');
    const level = await created('levels/cms', { languageId: ids.german, stageId: ids.stage });
    expect((await as(editor).get(`levels/cms/${level}/solvability`)).status).toBe(403);
    expect((await as(editor).get(`levels/cms/solvability?ids=${level}`)).status).toBe(403);
  });

  it("shows a limited editor the history of its languages' rows only, and never of players", async () => {
    const history = await as(editor).get('audit/cms/search?size=100');
    expect(history.status).toBe(200);
    const about = history.body.content.map(
      (e: { entity: string; entityId: number }) => `${e.entity}:${e.entityId}`,
    );
    expect(about).toContain(`words:${ids.frWord}`);
    expect(about).not.toContain(`words:${ids.deWord}`);
    expect(about.some((a: string) => a.startsWith('accounts:') || a.startsWith('users:'))).toBe(false);
    const german = await api.get(`audit/cms/search?entity=words&entityId=${ids.deWord}`);
    expect((await as(editor).get(`audit/cms/${german.body.content[0].id}`)).status).toBe(403);
    const team = await api.get('audit/cms/search?entity=accounts');
    expect(team.body.content.length).toBeGreaterThan(0);
    expect((await as(viewer).get(`audit/cms/${team.body.content[0].id}`)).status).toBe(403);
    expect((await as(viewer).get('audit/cms/search?entity=accounts')).body.content).toEqual([]);
  });

  it('names the reach of the caller', async () => {
    const me = await as(editor).get('accounts/cms/me');
    expect(me.body).toMatchObject({
      username: 'fr-editor',
      permissions: 'editor',
      reach: 'editor of French',
      token: null,
    });
  });

  it('keeps the last active administrator one', async () => {
    const admins = (await api.get('accounts/cms')).body.content as Array<{ id: number; username: string }>;
    const admin = admins.find((a) => a.username === 'admin')!;
    const demote = await api.put(`accounts/cms/${admin.id}`, { permissions: 'editor' });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe(
      'admin is the last active administrator: make another account an administrator first',
    );
    expect((await api.put(`accounts/cms/${admin.id}`, { isActive: false })).status).toBe(409);
  });

  it('a token revoked on one instance is refused on another within a second', async () => {
    const b = await api.another();
    const made = await api.post('tokens/cms', {
      name: 'two instances',
      permissions: 'viewer',
      expiresInDays: 1,
    });
    const onB = () =>
      request(b.handler).get(`${PREFIX}/words/cms/search`).set('Authorization', `Bearer ${made.body.token}`);
    // B has read (and remembers) the token before it is revoked on A.
    expect((await onB()).status).toBe(200);
    expect((await onB()).status).toBe(200);
    expect((await api.del(`tokens/cms/${made.body.id}`)).status).toBe(200);
    const revokedAt = Date.now();
    await expect.poll(async () => (await onB()).status, { timeout: 1000, interval: 50 }).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThan(1000);
  });

  it('tokens: shown once, used without a login, audited under their name, refused once expired, revoked or wrong', async () => {
    const made = await api.post('tokens/cms', {
      name: 'nightly import',
      permissions: 'editor',
      languages: [ids.french],
      expiresInDays: 30,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const token = made.body.token as string;
    expect(token).toMatch(/^argus_/);
    const listed = await api.get('tokens/cms');
    expect(JSON.stringify(listed.body)).not.toContain(token);
    const me = await as(token).get('accounts/cms/me');
    expect(me.body).toMatchObject({ reach: 'editor of French', token: { name: 'nightly import' } });
    // A token cannot create tokens, even an administrator's.
    expect(
      (await as(token).post('tokens/cms', { name: 'y', permissions: 'viewer', expiresInDays: 1 })).status,
    ).toBe(403);
    expect((await as(token).get(`words/cms/${ids.deWord}`)).body.message).toMatch(
      /^Your token may see French words only/,
    );
    const write = await as(token).post('words/cms', { letters: 'soleil', languageId: ids.french });
    expect(write.status).toBe(201);
    const audit = await api.get(`audit/cms/search?entity=words&entityId=${write.body.id}`);
    expect(audit.body.content[0].username).toBe('admin · token nightly import');
    expect((await as(`argus_${'x'.repeat(43)}`).get('words/cms/search')).status).toBe(401);

    const revoked = await api.del(`tokens/cms/${made.body.id}`);
    expect(revoked.body.status).toBe('revoked');
    expect((await as(token).get('words/cms/search')).status).toBe(401);

    const noExpiry = await api.post('tokens/cms', { name: 'z', permissions: 'viewer' });
    expect(noExpiry.status).toBe(400);
    expect(noExpiry.body.message).toMatch(/The expiry is required: a whole number of days/);
    expect(
      (await api.post('tokens/cms', { name: 'z', permissions: 'viewer', expiresInDays: 366 })).status,
    ).toBe(400);
    // Last: the clock moves past the admin's own session too.
    const short = await api.post('tokens/cms', { name: 'short', permissions: 'viewer', expiresInDays: 1 });
    expect((await as(short.body.token).get('words/cms/search')).status).toBe(200);
    api.clock.now += 24 * 60 * 60_000 + 1;
    expect((await as(short.body.token).get('words/cms/search')).status).toBe(401);
  });
});
