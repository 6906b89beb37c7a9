import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loginAsAdmin } from '../helpers/admin-login.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { ADMIN, PREFIX, useApiWithFixture } from './harness.ts';

const DAY = 24 * 60 * 60 * 1000;

/** History and undo (issue 13): reverting one audit entry, and the 30-day trash. */
describe.each(DIALECTS)('history and undo (%s)', (dialect) => {
  const { api, f } = useApiWithFixture(dialect);

  const lastEntry = async (entity: string, id: number) =>
    (await api.get(`audit/cms/search/?entity=${entity}&entityId=${id}&size=1`)).body.content[0] as {
      id: number;
      action: string;
    };
  const newWord = async (letters: string) =>
    (await api.post('words/cms', { letters, languageId: f.english })).body.id as number;

  it('reverts an update through the API, audited, and refuses once the field changed since', async () => {
    const id = await newWord('lemon');
    await api.put(`words/cms/${id}`, { letters: 'melon', isActive: false });
    const entry = await lastEntry('words', id);
    expect(entry.action).toBe('update');

    const res = await api.post(`audit/cms/${entry.id}/revert`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      reverted: entry.id,
      entity: 'words',
      entityId: id,
      outcome: 'restored',
      changes: { letters: { from: 'melon', to: 'lemon' }, isActive: { from: false, to: true } },
    });
    expect((await api.get(`words/cms/${id}`)).body).toMatchObject({ letters: 'lemon', isActive: true });
    const audit = await lastEntry('words', id);
    expect(audit.id).toBeGreaterThan(entry.id);
    expect(audit.action).toBe('update');

    // Reverting the same entry again: the row already holds those values.
    expect((await api.post(`audit/cms/${entry.id}/revert`)).body.outcome).toBe('unchanged');

    // A later write to the same field: the older entry can no longer be reverted.
    await api.put(`words/cms/${id}`, { letters: 'melons' });
    const again = await api.post(`audit/cms/${entry.id}/revert`);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(
      new RegExp(`^Cannot revert entry ${entry.id}: Word ${id} changed since: `),
    );
    expect(again.body.message).toContain(
      'letters is now "melons", the entry left "melon" (last changed by admin at ',
    );
    expect((await api.get(`words/cms/${id}`)).body.letters).toBe('melons');
  });

  it('reverts a create (the row goes to the trash) and refuses one still in use', async () => {
    const id = await newWord('grape');
    const created = await lastEntry('words', id);
    const res = await api.post(`audit/cms/${created.id}/revert`);
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('deleted');
    expect((await api.get(`words/cms/${id}`)).status).toBe(404);
    const trash = (await api.get('trash/cms/search/?entity=words')).body.content as Array<{
      entityId: number;
    }>;
    expect(trash.some((t) => t.entityId === id)).toBe(true);

    const languageEntry = await lastEntry('languages', f.english);
    const refused = await api.post(`audit/cms/${languageEntry.id}/revert`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Language \d+ is still used by/);
  });

  it('refuses to revert a delete whose referenced row is gone', async () => {
    const language = (await api.post('languages/cms', { language: 'Gone' })).body.id as number;
    const word = (await api.post('words/cms', { letters: 'gone', languageId: language })).body.id as number;
    expect((await api.del(`words/cms/${word}`)).status).toBe(200);
    const deleted = await lastEntry('words', word);
    expect((await api.del(`languages/cms/${language}`)).status).toBe(200);
    const res = await api.post(`audit/cms/${deleted.id}/revert`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(`language ${language}, which does not exist`);
    expect((await api.get(`words/cms/${word}`)).status).toBe(404);
    const restore = await api.get('trash/cms/search/?entity=words');
    const entry = (restore.body.content as Array<{ id: number; entityId: number }>).find(
      (t) => t.entityId === word,
    )!;
    const refused = await api.post(`trash/cms/${entry.id}/restore`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(`Cannot restore Word ${word}:`);
  });

  it('puts deleted rows in the trash and restores them with the same id', async () => {
    const id = await newWord('peach');
    expect((await api.del(`words/cms/${id}`)).status).toBe(200);
    const list = await api.get('trash/cms/search/?entity=words&size=5');
    expect(list.status).toBe(200);
    const entry = list.body.content[0];
    expect(entry).toMatchObject({
      entity: 'words',
      entityId: id,
      row: { id, letters: 'peach', languageId: f.english },
      deletedBy: 'admin',
      deletedAt: new Date(api.clock.now).toISOString(),
      expiresAt: new Date(api.clock.now + 30 * DAY).toISOString(),
    });
    const res = await api.post(`trash/cms/${entry.id}/restore`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      restored: entry.id,
      entity: 'words',
      entityId: id,
      record: { id, letters: 'peach' },
    });
    expect((await api.get(`words/cms/${id}`)).body.letters).toBe('peach');
    const audit = await lastEntry('words', id);
    expect(audit.action).toBe('create');
    // Out of the trash; a second restore is a clear 404.
    const after = (await api.get('trash/cms/search/?entity=words')).body.content as Array<{ id: number }>;
    expect(after.some((t) => t.id === entry.id)).toBe(false);
    const twice = await api.post(`trash/cms/${entry.id}/restore`);
    expect(twice.status).toBe(404);
    expect(twice.body.message).toMatch(/restored already, or forgotten 30 days after the delete/);
  });

  it('keeps bulk deletes in the trash, and refuses a restore whose natural key is taken', async () => {
    const level = (
      await api.post('levels/cms', { hint: 'Trash', languageId: f.english, stageId: f.stage5, number: 900 })
    ).body.id as number;
    const bulk = await api.post('levels/cms/bulk-delete', { ids: [level] });
    expect(bulk.status).toBe(200);
    const entry = (await api.get('trash/cms/search/?entity=levels')).body.content[0];
    expect(entry).toMatchObject({ entity: 'levels', entityId: level, row: { number: 900 } });
    const taker = await api.post('levels/cms', {
      hint: 'Taker',
      languageId: f.english,
      stageId: f.stage5,
      number: 900,
    });
    expect(taker.status).toBe(201);
    const refused = await api.post(`trash/cms/${entry.id}/restore`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Cannot restore Level \d+: /);
  });

  it('an undone create goes to the trash; undoing a delete takes the row out again', async () => {
    const run = randomUUID();
    const created = await api
      .post('words/cms')
      .set('X-Change-Set', run)
      .send({ letters: 'mango', languageId: f.english });
    const id = created.body.id as number;
    expect((await api.post(`change-sets/cms/${run}/undo`, {})).body.complete).toBe(true);
    const inTrash = async () =>
      (
        (await api.get('trash/cms/search/?entity=words&size=100')).body.content as Array<{ entityId: number }>
      ).filter((t) => t.entityId === id).length;
    expect(await inTrash()).toBe(1);

    const again = (await api.get('trash/cms/search/?entity=words')).body.content[0];
    expect((await api.post(`trash/cms/${again.id}/restore`)).status).toBe(200);
    const deleting = randomUUID();
    expect((await api.del(`words/cms/${id}`).set('X-Change-Set', deleting)).status).toBe(200);
    expect(await inTrash()).toBe(1);
    expect((await api.post(`change-sets/cms/${deleting}/undo`, {})).body.complete).toBe(true);
    expect(await inTrash()).toBe(0);
    expect((await api.get(`words/cms/${id}`)).body.letters).toBe('mango');
  });

  it('answers clear 400s and 404s', async () => {
    expect((await api.post('audit/cms/abc/revert')).status).toBe(400);
    expect((await api.post('audit/cms/999999/revert')).body.message).toBe('Audit entry 999999 not found');
    expect((await api.post('trash/cms/999999/restore')).status).toBe(404);
    expect((await api.get('trash/cms/search/?entity=nope')).status).toBe(400);
    expect((await api.get('trash/cms/search/?colour=red')).status).toBe(400);
  });

  it('forgets trash entries 30 days after the delete (the app’s clock)', async () => {
    const id = await newWord('plum');
    await api.del(`words/cms/${id}`);
    const entry = (await api.get('trash/cms/search/?entity=words')).body.content[0];
    expect(entry.entityId).toBe(id);
    const start = api.clock.now;
    // Access tokens live 15 minutes: a fresh login at each moved time.
    const at = async (now: number) => {
      api.clock.now = now;
      const { accessToken } = await loginAsAdmin(api.app, { ...ADMIN, clock: () => api.clock.now });
      return (m: 'get' | 'post', path: string) =>
        request(api.app)[m](`${PREFIX}/${path}`).set('Authorization', `Bearer ${accessToken}`);
    };
    try {
      const day29 = await at(start + 29 * DAY);
      expect((await day29('get', 'trash/cms/search/?entity=words')).body.content[0].id).toBe(entry.id);
      const day30 = await at(start + 30 * DAY + 1);
      const later = (await day30('get', 'trash/cms/search/')).body.content as Array<{ id: number }>;
      expect(later.some((t) => t.id === entry.id)).toBe(false);
      const stored = await api.database.db
        .selectFrom('trash')
        .select('id')
        .where('id', '=', entry.id)
        .execute();
      expect(stored).toEqual([]);
      expect((await day30('post', `trash/cms/${entry.id}/restore`)).status).toBe(404);
    } finally {
      api.clock.now = start;
    }
  });

  // Last: spends this admin's minute of reverts and restores (a fresh login: the purge test logged in again).
  it('limits reverts and restores to 120 a minute per admin (429 with Retry-After)', async () => {
    const { accessToken } = await loginAsAdmin(api.app, { ...ADMIN, clock: () => api.clock.now });
    const post = (path: string) =>
      request(api.app).post(`${PREFIX}/${path}`).set('Authorization', `Bearer ${accessToken}`);
    let allowed = 0;
    let limited: request.Response | undefined;
    for (let i = 0; i <= 120 && !limited; i++) {
      const res = await post('audit/cms/999999/revert');
      if (res.status === 429) limited = res;
      else allowed += 1;
    }
    expect(allowed).toBeLessThanOrEqual(120);
    expect(limited?.status).toBe(429);
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited!.body.message).toMatch(/^Too many reverts and restores: try again in \d+ s$/);
    expect((await post('trash/cms/999999/restore')).status).toBe(429);
  });
});
