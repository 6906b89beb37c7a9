import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { PREFIX, START, startApi, type ApiHarness } from './harness.ts';

describe.each(DIALECTS)('audit log (%s)', (dialect) => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi(dialect);
  });
  afterAll(async () => api?.close());

  const entries = async (query = '') => {
    const res = await api.get(`audit/cms/search/?size=100&${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.content as Array<Record<string, unknown>>;
  };

  it('records who, when, from where, what, and the changed fields before and after', async () => {
    api.clock.now = START + 1_000;
    const created = await api.post('languages/cms', { language: 'Italiano' });
    const id = created.body.id as number;
    api.clock.now = START + 2_000;
    await api.put(`languages/cms/${id}`, { language: 'Italian', isActive: true });
    await api.put(`languages/cms/${id}`, { language: 'Italian' }); // no change: no entry
    api.clock.now = START + 3_000;
    await api.del(`languages/cms/${id}`);
    api.clock.now = START;

    const log = await entries(`entity=languages&entityId=${id}`);
    const common = {
      userId: 1,
      username: 'admin',
      ip: expect.stringMatching(/127\.0\.0\.1/),
      entity: 'languages',
      entityId: id,
      changeSetId: null,
    };
    // Newest first.
    expect(log).toEqual([
      {
        ...common,
        id: expect.any(Number),
        at: new Date(START + 3_000).toISOString(),
        action: 'delete',
        before: { id, isActive: true, language: 'Italian' },
        after: null,
      },
      {
        ...common,
        id: expect.any(Number),
        at: new Date(START + 2_000).toISOString(),
        action: 'update',
        before: { language: 'Italiano' },
        after: { language: 'Italian' },
      },
      {
        ...common,
        id: expect.any(Number),
        at: new Date(START + 1_000).toISOString(),
        action: 'create',
        before: null,
        after: { id, isActive: true, language: 'Italiano' },
      },
    ]);
    expect((await api.get(`audit/cms/${log[0]!.id as number}`)).body).toEqual(log[0]);
  });

  it('records bulk writes row by row, and a soft delete as the fields it set', async () => {
    const language = (await api.post('languages/cms', { language: 'Nederlands' })).body.id as number;
    const bulk = await api.post('words/cms/bulk', {
      rows: [
        { letters: 'kat', languageId: language },
        { letters: 'hond', languageId: language },
      ],
    });
    const ids = bulk.body.results.map((r: { id: number }) => r.id);
    for (const wordId of ids) {
      const log = await entries(`entity=words&entityId=${wordId}`);
      expect(log.map((e) => e.action)).toEqual(['create']);
    }
    const player = await api.database.db
      .insertInto('users')
      .values({
        username: 'audited',
        createdAt: new Date(START).toISOString(),
        updatedAt: new Date(START).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    api.clock.now = START + 5_000;
    await api.del(`users/cms/${player.id}`);
    api.clock.now = START;
    const [soft] = await entries(`entity=users&entityId=${player.id}`);
    const at = new Date(START + 5_000).toISOString();
    expect(soft).toMatchObject({
      action: 'delete',
      before: { deletedAt: null, updatedAt: new Date(START).toISOString() },
      after: { deletedAt: at, updatedAt: at },
    });
  });

  it('filters by entity, entity id, username and action; refuses anything else', async () => {
    const all = await entries();
    expect(all.length).toBeGreaterThan(3);
    expect((await entries('entity=words')).every((e) => e.entity === 'words')).toBe(true);
    expect((await entries('action=delete')).every((e) => e.action === 'delete')).toBe(true);
    expect(await entries('username=ADM')).toHaveLength(all.length);
    expect(await entries('username=nobody')).toEqual([]);
    for (const query of ['entity=planets', 'entityId=x', 'action=read', 'ip=1']) {
      expect((await api.get(`audit/cms/search/?${query}`)).status, query).toBe(400);
    }
  });

  it('finds usernames by any part, in any case and alphabet, among several', async () => {
    // Entries of other actors, as an operator's import of an old log would leave them.
    const at = new Date(START).toISOString();
    const entry = (username: string) => ({
      at,
      username,
      ip: '',
      entity: 'words',
      entityId: 1,
      action: 'create',
    });
    await api.database.db
      .insertInto('auditLog')
      .values([entry('Zoë-Editor'), entry('ana'), entry('ana'), entry('Ωmega')])
      .execute();
    const usernames = async (query: string) =>
      [...new Set((await entries(`username=${encodeURIComponent(query)}`)).map((e) => e.username))].sort();
    expect(await usernames('ZOË')).toEqual(['Zoë-Editor']);
    expect(await usernames('An')).toEqual(['ana']);
    expect(await usernames('ωMEG')).toEqual(['Ωmega']);
    expect(await usernames('d')).toEqual(['Zoë-Editor', 'admin']);
    expect(await usernames('Ë-E')).toEqual(['Zoë-Editor']);
    expect(await usernames('*')).toEqual([]);
    expect((await entries('username=ana')).length).toBe(2);
  });

  it('is read-only and for admins only', async () => {
    expect((await api.post('audit/cms', { entity: 'words' })).status).toBe(404);
    expect((await api.put('audit/cms/1', {})).status).toBe(405);
    expect((await api.del('audit/cms/1')).status).toBe(405);
    expect((await request(api.app).get(`${PREFIX}/audit/cms/search/`)).status).toBe(401);
  });
});
