import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { insertPlayer, useApiWithFixture } from './harness.ts';

/** Change sets (issue 15 point 5): the writes of one run grouped by `X-Change-Set`, listed, undone. */
describe.each(DIALECTS)('change sets (%s)', (dialect) => {
  const { api, f } = useApiWithFixture(dialect);

  /** The API's own calls, carrying a change set's headers as the CLI's client sends them. */
  const tagged = (id: string, command = 'argus-words test') => ({
    post: (path: string, body: unknown) =>
      api
        .post(path)
        .set('X-Change-Set', id)
        .set('X-Change-Set-Command', encodeURIComponent(command))
        .send(body as object),
    put: (path: string, body: unknown) =>
      api
        .put(path)
        .set('X-Change-Set', id)
        .set('X-Change-Set-Command', encodeURIComponent(command))
        .send(body as object),
    del: (path: string) => api.del(path).set('X-Change-Set', id),
  });
  const word = async (id: number) => (await api.get(`words/cms/${id}`)).body as Record<string, unknown>;
  const newWords = async (...letters: string[]) => {
    const ids: number[] = [];
    for (const l of letters)
      ids.push((await api.post('words/cms', { letters: l, languageId: f.english })).body.id);
    return ids;
  };

  it('groups a run’s writes under its change set, with who, the command and counts', async () => {
    const id = randomUUID();
    const [a, b] = (await newWords('alpha', 'bravo')) as [number, number];
    const run = tagged(id, 'argus-words word update --where letters~a --set isActive=false — ñ');
    const dry = await run.post('words/cms/bulk-update', {
      ids: [a, b],
      set: { isActive: false },
      dryRun: true,
    });
    expect(dry.status).toBe(200);
    expect(dry.headers['x-change-set-recorded']).toBeUndefined();
    expect((await api.get(`change-sets/cms/${id}`)).status).toBe(404);

    const res = await run.post('words/cms/bulk-update', { ids: [a, b], set: { isActive: false } });
    expect(res.status).toBe(200);
    expect(res.headers['x-change-set-recorded']).toBe('2');
    const created = await run.post('words/cms', { letters: 'charlie', languageId: f.english });
    expect(created.headers['x-change-set-recorded']).toBe('1');
    // A write without the header (the panel) belongs to no change set.
    const plain = await api.put(`words/cms/${a}`, { letters: 'alphas' });
    expect(plain.headers['x-change-set-recorded']).toBeUndefined();

    const set = (await api.get(`change-sets/cms/${id}`)).body;
    expect(set).toMatchObject({
      id,
      username: 'admin',
      userId: expect.any(Number),
      command: 'argus-words word update --where letters~a --set isActive=false — ñ',
      counts: { created: 1, updated: 2, deleted: 0 },
      undoes: null,
      undoneBy: null,
    });
    const list = (await api.get('change-sets/cms/search/?size=5')).body;
    expect(list.content[0].id).toBe(id);
    expect(list.totalElements).toBeGreaterThanOrEqual(1);
    const entries = (await api.get(`change-sets/cms/${id}/entries`)).body;
    expect(entries.totalElements).toBe(3);
    expect(entries.content[0]).toMatchObject({
      entity: 'words',
      entityId: a,
      action: 'update',
      changes: { isActive: { from: true, to: false } },
    });
    expect(entries.content[2].changes.letters).toEqual({ from: null, to: 'charlie' });
    const audit = (await api.get(`audit/cms/search/?entity=words&entityId=${b}`)).body.content[0];
    expect(audit.changeSetId).toBe(id);
  });

  it('undoes updates, deletes (re-created with their ids) and creates, as a change set of its own', async () => {
    const [keep, gone] = (await newWords('delta', 'echo')) as [number, number];
    const id = randomUUID();
    const run = tagged(id);
    await run.put(`words/cms/${keep}`, { letters: 'deltas', isActive: false });
    await run.put(`words/cms/${keep}`, { letters: 'deltaz' });
    const goneBefore = await word(gone);
    expect((await run.del(`words/cms/${gone}`)).status).toBe(200);
    const born = (await run.post('words/cms', { letters: 'foxtrot', languageId: f.english })).body
      .id as number;
    const player = await insertPlayer(api, { username: 'golf' });
    expect((await run.del(`users/cms/${player}`)).status).toBe(200);

    const plan = await api.post(`change-sets/cms/${id}/undo`, { dryRun: true });
    expect(plan.status).toBe(200);
    expect(plan.body).toMatchObject({ dryRun: true, changeSet: null, matched: 4, changed: 4, refused: 0 });
    expect(plan.body.sample).toContainEqual({
      entity: 'words',
      id: keep,
      changes: { letters: { from: 'deltaz', to: 'delta' }, isActive: { from: false, to: true } },
    });
    expect((await api.get(`words/cms/${gone}`)).status).toBe(404);

    const undoId = randomUUID();
    const res = await tagged(undoId, 'argus-words changes undo').post(`change-sets/cms/${id}/undo`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      dryRun: false,
      changeSet: undoId,
      complete: true,
      changed: 4,
      refused: 0,
    });
    expect(await word(keep)).toMatchObject({ letters: 'delta', isActive: true });
    expect(await word(gone)).toEqual(goneBefore);
    expect((await api.get(`words/cms/${born}`)).status).toBe(404);
    expect((await api.get(`users/cms/${player}`)).body.deletedAt).toBeNull();

    expect((await api.get(`change-sets/cms/${id}`)).body).toMatchObject({ undoneBy: undoId });
    expect((await api.get(`change-sets/cms/${undoId}`)).body).toMatchObject({
      undoes: id,
      command: 'argus-words changes undo',
      counts: { created: 1, updated: 2, deleted: 1 },
    });
    const twice = await api.post(`change-sets/cms/${id}/undo`, {});
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(
      `Change set ${id} was already undone by change set ${undoId} at ${new Date(api.clock.now).toISOString()}`,
    );
    // A write can no longer join the undone change set.
    expect((await run.put(`words/cms/${keep}`, { isActive: false })).status).toBe(409);

    // Undoing the undo puts the changes back, and the first change set can be undone again.
    const redo = await api.post(`change-sets/cms/${undoId}/undo`, {});
    expect(redo.body).toMatchObject({ complete: true, changed: 4 });
    expect(await word(keep)).toMatchObject({ letters: 'deltaz', isActive: false });
    expect((await api.get(`words/cms/${gone}`)).status).toBe(404);
    expect((await api.get(`change-sets/cms/${id}`)).body.undoneBy).toBeNull();
  });

  it('refuses a row changed since, naming it and who changed it, unless forced', async () => {
    const [hotel, india] = (await newWords('hotel', 'india')) as [number, number];
    const id = randomUUID();
    const put = await tagged(id).put(`words/cms/${hotel}`, { letters: 'hotelb' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await tagged(id).put(`words/cms/${india}`, { letters: 'indiab' });
    api.clock.now += 1000;
    await api.put(`words/cms/${hotel}`, { letters: 'hotelc' });

    const res = await api.post(`change-sets/cms/${id}/undo`, {});
    expect(res.body).toMatchObject({ complete: false, matched: 2, changed: 1, refused: 1 });
    expect(res.body.refusals).toEqual([
      {
        entity: 'words',
        id: hotel,
        reason: `Word ${hotel} changed since: letters is now "hotelc", the change set left "hotelb" (last changed by admin at ${new Date(api.clock.now).toISOString()})`,
      },
    ]);
    expect(await word(india)).toMatchObject({ letters: 'india' });
    expect((await api.get(`change-sets/cms/${id}`)).body.undoneBy).toBeNull();

    // Run again with force: india is already back (unchanged), hotel is restored over the later edit.
    const forced = await api.post(`change-sets/cms/${id}/undo`, { force: true });
    expect(forced.body).toMatchObject({ complete: true, changed: 1, unchanged: 1, refused: 0 });
    expect(await word(hotel)).toMatchObject({ letters: 'hotel' });
  });

  it('orders the undo by references: links go before their word, words come back before their links', async () => {
    const made = randomUUID();
    const run = tagged(made);
    const lima = (await run.post('words/cms', { letters: 'lima', languageId: f.english })).body.id as number;
    const link = (await run.post('letter-group-words/cms', { letterGroupId: f.group, wordId: lima })).body
      .id as number;
    const undoMade = await api.post(`change-sets/cms/${made}/undo`, {});
    expect(undoMade.body).toMatchObject({ complete: true, changed: 2, refused: 0 });
    expect((await api.get(`words/cms/${lima}`)).status).toBe(404);
    expect((await api.get(`letter-group-words/cms/${link}`)).status).toBe(404);

    const [mike] = (await newWords('mike')) as [number];
    const mikeLink = (await api.post('letter-group-words/cms', { letterGroupId: f.group, wordId: mike })).body
      .id as number;
    const removed = randomUUID();
    expect((await tagged(removed).del(`letter-group-words/cms/${mikeLink}`)).status).toBe(200);
    expect((await tagged(removed).del(`words/cms/${mike}`)).status).toBe(200);
    const back = await api.post(`change-sets/cms/${removed}/undo`, {});
    expect(back.body).toMatchObject({ complete: true, changed: 2, refused: 0 });
    expect((await api.get(`letter-group-words/cms/${mikeLink}`)).body).toMatchObject({ wordId: mike });
  });

  it('refuses to re-create a row whose natural key was taken since', async () => {
    const [juliet] = await newWords('juliet');
    const id = randomUUID();
    await tagged(id).del(`words/cms/${juliet}`);
    const [taken] = await newWords('juliet');
    const res = await api.post(`change-sets/cms/${id}/undo`, { force: true });
    expect(res.body.refusals[0].reason).toBe(
      `Word ${juliet}: A word with languageId ${f.english}, letters "juliet" already exists (id ${taken})`,
    );
  });

  it('answers 400 for a malformed header, id or body, and 404 for an unknown change set', async () => {
    const bad = await api
      .post('words/cms', { letters: 'kilo', languageId: f.english })
      .set('X-Change-Set', 'nope');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('X-Change-Set must be a uuid such as 0b5c…-…, not "nope"');
    const long = await api
      .post('words/cms', { letters: 'kilo', languageId: f.english })
      .set('X-Change-Set', randomUUID())
      .set('X-Change-Set-Command', 'x'.repeat(2001));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('X-Change-Set-Command is longer than 2000 characters');
    const encoding = await api
      .post('words/cms', { letters: 'kilo', languageId: f.english })
      .set('X-Change-Set', randomUUID())
      .set('X-Change-Set-Command', '%E0%A4%A');
    expect(encoding.status).toBe(400);
    expect((await api.get('change-sets/cms/12')).status).toBe(400);
    expect((await api.get(`change-sets/cms/${randomUUID()}`)).status).toBe(404);
    expect((await api.post(`change-sets/cms/${randomUUID()}/undo`, { dryRun: 'yes' })).status).toBe(400);
    expect((await api.get('change-sets/cms/search/?size=0')).status).toBe(400);
    expect((await api.get('change-sets/cms/search/?nope=1')).status).toBe(400);
  });
});
