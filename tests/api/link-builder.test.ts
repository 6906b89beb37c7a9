import type { Kysely } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/database.ts';
import { loginAsAdmin } from '../helpers/admin-login.ts';
import { DIALECTS, testDatabase } from '../helpers/databases.ts';
import { ADMIN, PREFIX, START, startApi, testConfig, type ApiHarness } from './harness.ts';

const WORDS = ['tap', 'pat', 'past', 'pasta', 'spat', 'sat', 'zoo', 'stop', 'pots', 'top'];

/** Polls a job until it is finished (no timing in the assertion: it waits for the state). */
async function finished(api: ApiHarness, id: number): Promise<Record<string, unknown>> {
  for (;;) {
    const job = (await api.get(`letter-groups/cms/link-jobs/${id}`)).body as Record<string, unknown>;
    if (!['queued', 'running'].includes(String(job.status))) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The link builder (issue 13): a group's plan, applying a selection, link jobs over a filter. */
describe.each(DIALECTS)('link builder (%s)', (dialect) => {
  let api: ApiHarness;
  let english: number;
  let stage: number;
  let otherStage: number;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    api = await startApi(dialect);
    english = (await api.post('languages/cms', { language: 'English' })).body.id;
    stage = (await api.post('stages/cms', { letterCount: 5, number: 1 })).body.id;
    otherStage = (await api.post('stages/cms', { letterCount: 4, number: 2 })).body.id;
    const rows = WORDS.map((letters) => ({ letters, languageId: english, isActive: letters !== 'spat' }));
    const bulk = await api.post('words/cms/bulk', { rows });
    for (const [i, r] of (bulk.body.results as Array<{ id: number }>).entries()) ids.set(WORDS[i]!, r.id);
  });
  afterAll(async () => api?.close());

  const group = async (letters: string, stageId = stage, isActive = true) =>
    (await api.post('letter-groups/cms', { letters, languageId: english, stageId, isActive })).body
      .id as number;
  const linkedWords = async (groupId: number) => {
    const page = await api.get(`letter-group-words/cms/search/?letterGroupId=${groupId}&size=100`);
    return (page.body.content as Array<{ wordId: number }>).map((l) => l.wordId).sort((a, b) => a - b);
  };
  const idsOf = (...letters: string[]) => letters.map((l) => ids.get(l)!).sort((a, b) => a - b);

  it('plans a group: the active buildable words to add and the links to remove', async () => {
    const g = await group('pasta');
    await api.post('letter-group-words/cms', { letterGroupId: g, wordId: ids.get('tap') });
    const zoo = await api.post('letter-group-words/cms', { letterGroupId: g, wordId: ids.get('zoo') });
    const res = await api.get(`letter-groups/cms/${g}/link-plan`);
    expect(res.status).toBe(200);
    expect(res.body.letterGroup).toMatchObject({ id: g, letters: 'pasta', languageId: english });
    expect(res.body.buildable).toBe(5);
    expect(res.body.kept).toBe(1);
    expect(res.body.add.map((w: { letters: string }) => w.letters).sort()).toEqual([
      'past',
      'pasta',
      'pat',
      'sat',
    ]);
    expect(res.body.remove).toEqual([{ id: zoo.body.id, wordId: ids.get('zoo'), letters: 'zoo' }]);
  });

  it('applies a selection in one change set, and refuses what the plan does not hold', async () => {
    const g = await group('stop');
    const zoo = await api.post('letter-group-words/cms', { letterGroupId: g, wordId: ids.get('zoo') });
    const plan = (await api.get(`letter-groups/cms/${g}/link-plan`)).body;
    expect(plan.add.map((w: { letters: string }) => w.letters).sort()).toEqual(['pots', 'stop', 'top']);

    const stray = await api.post(`letter-groups/cms/${g}/link-plan`, { add: [ids.get('pasta')] });
    expect(stray.status).toBe(400);
    expect(stray.body.message).toMatch(/cannot build word/);
    const empty = await api.post(`letter-groups/cms/${g}/link-plan`, {});
    expect(empty.status).toBe(400);
    const bad = await api.post(`letter-groups/cms/${g}/link-plan`, { add: ['x'] });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toBeDefined();

    const res = await api.post(`letter-groups/cms/${g}/link-plan`, {
      add: [ids.get('stop'), ids.get('top')],
      remove: [zoo.body.id],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 2, removed: 1, rejected: 0, refused: 0 });
    expect(await linkedWords(g)).toEqual(idsOf('stop', 'top'));
    // One change set holds the batch: two links created, one deleted, every row audited.
    const set = await api.get(`change-sets/cms/${res.body.changeSetId}`);
    expect(set.body).toMatchObject({
      counts: { created: 2, updated: 0, deleted: 1 },
      username: ADMIN.username,
    });
    const after = (await api.get(`letter-groups/cms/${g}/link-plan`)).body;
    expect(after.add.map((w: { letters: string }) => w.letters)).toEqual(['pots']);
    expect(after.remove).toEqual([]);
    expect((await api.get('letter-groups/cms/999999/link-plan')).status).toBe(404);
    expect((await api.get(`letter-groups/cms/${g}/link-plan?reuse=1`)).status).toBe(400);
  });

  it('runs a job over a filtered list of letter groups and reports its counts', async () => {
    const a = await group('tops', otherStage);
    const b = await group('pats', otherStage);
    const inactive = await group('sato', otherStage, false);
    const bad = await api.post('letter-groups/cms/link-jobs', { where: { noSuchFilter: 1 } });
    expect(bad.status).toBe(400);
    const started = await api.post('letter-groups/cms/link-jobs', {
      where: { stageId: otherStage },
      prune: true,
    });
    expect(started.status).toBe(202);
    const job = await finished(api, started.body.id as number);
    expect(job).toMatchObject({ status: 'done', done: 3, total: 3, error: null });
    expect(job.result).toEqual({
      groups: 2,
      skipped: 1,
      created: 7,
      unchanged: 0,
      rejected: 0,
      pruned: 0,
      outdated: 0,
    });
    expect(await linkedWords(a)).toEqual(idsOf('stop', 'pots', 'top'));
    expect(await linkedWords(b)).toEqual(idsOf('tap', 'pat', 'sat', 'past'));
    expect(await linkedWords(inactive)).toEqual([]);
    // Every link the job wrote is audited, in the job's change set.
    const set = await api.get(`change-sets/cms/${String(job.changeSetId)}`);
    expect(set.body.counts).toEqual({ created: 7, updated: 0, deleted: 0 });
    const list = await api.get('letter-groups/cms/link-jobs');
    expect(list.body.content[0]).toMatchObject({ id: started.body.id, status: 'done' });
    // One job at a time: a job another live instance runs (its lease holds) refuses a start, naming it.
    const running = await (api.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto('jobs')
      .values({
        kind: 'link-build',
        status: 'running',
        params: JSON.stringify({ where: {} }),
        username: 'someone',
        createdAt: new Date(START).toISOString(),
        updatedAt: new Date(START).toISOString(),
        owner: 'other-host/4242/abcdef',
        leaseUntil: new Date(START + 15_000).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await api.post('letter-groups/cms/link-jobs', { where: { stageId: otherStage } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Link job ${String(running.id)} is still running: wait for it to finish before starting another.`,
    );
    await (api.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .updateTable('jobs')
      .set({ status: 'failed' })
      .where('id', '=', running.id as number)
      .execute();
    // Re-running changes nothing.
    const again = await api.post('letter-groups/cms/link-jobs', { where: { stageId: otherStage } });
    expect((await finished(api, again.body.id as number)).result).toMatchObject({ created: 0 });
  });

  it('writes thousands of links a slice at a time, all audited in one change set that undoes as one', async () => {
    // 336 words of three distinct letters of a–h, 16 groups of those 8 letters: 5376 links, more
    // than one write transaction (5000) of many slices (500).
    const letters = 'abcdefgh';
    const three: string[] = [];
    for (const x of letters)
      for (const y of letters)
        for (const z of letters) {
          if (x !== y && y !== z && x !== z) three.push(x + y + z);
        }
    const added = await api.post('words/cms/bulk', {
      rows: three.map((w) => ({ letters: w, languageId: english })),
    });
    expect(added.body.counts.created).toBe(336);
    const many = (await api.post('stages/cms', { letterCount: 8, number: 3 })).body.id as number;
    const groups: number[] = [];
    const backwards = [...letters].reverse().join('');
    for (const order of [letters, backwards]) {
      for (let i = 0; i < 8; i++) groups.push(await group(order.slice(i) + order.slice(0, i), many));
    }
    const started = await api.post('letter-groups/cms/link-jobs', { where: { stageId: many } });
    const job = await finished(api, started.body.id as number);
    expect(job.result).toMatchObject({ groups: 16, created: 5376, rejected: 0 });
    for (const g of [groups[0]!, groups[15]!]) {
      const page = await api.get(`letter-group-words/cms/search/?letterGroupId=${g}&size=1`);
      expect(page.body.totalElements).toBe(336);
      // Linked to exactly the words it builds: its plan keeps all 336 and adds nothing.
      const plan = await api.get(`letter-groups/cms/${g}/link-plan`);
      expect(plan.body).toMatchObject({ buildable: 336, kept: 336, add: [], remove: [] });
    }
    const set = await api.get(`change-sets/cms/${String(job.changeSetId)}`);
    expect(set.body.counts).toEqual({ created: 5376, updated: 0, deleted: 0 });
    const undone = await api.post(`change-sets/cms/${String(job.changeSetId)}/undo`, {});
    expect(undone.body).toMatchObject({ complete: true, changed: 5376, refused: 0 });
    const after = await api.get(`letter-group-words/cms/search/?letterGroupId=${groups[3]!}&size=1`);
    expect(after.body.totalElements).toBe(0);
  });
});

type Rows = Kysely<Record<string, Record<string, unknown>>>;

/** A job row as another process would have left it: running, with or without its lease. */
async function plantRunningJob(db: Rows, lease?: { owner: string; until: number }): Promise<number> {
  const row = await db
    .insertInto('jobs')
    .values({
      kind: 'link-build',
      status: 'running',
      params: JSON.stringify({ where: { stageId: 1 } }),
      done: 10,
      total: 40,
      username: ADMIN.username,
      createdAt: new Date(START).toISOString(),
      updatedAt: new Date(START).toISOString(),
      ...(lease ? { owner: lease.owner, leaseUntil: new Date(lease.until).toISOString() } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Jobs across restarts and instances (issues 13 and 35): leases, not start-ups, end a job. */
describe.each(DIALECTS)('link jobs across restarts and instances (%s)', (dialect) => {
  it('shows a job stored before leases, still marked running, as interrupted at start-up', async () => {
    const testDb = testDatabase(dialect);
    const config = testConfig(testDb);
    const clock = () => START;
    const first = await createApp(config, { database: testDb.options, clock });
    const database = await openDatabase(testDb.options);
    const id = await plantRunningJob(database.db as unknown as Rows);
    await database.close();
    await first.close();

    const second = await createApp(config, { database: testDb.options, clock });
    try {
      const { accessToken } = await loginAsAdmin(second.handler, { ...ADMIN, clock });
      const res = await request(second.handler)
        .get(`${PREFIX}/letter-groups/cms/link-jobs/${id}`)
        .set('Authorization', `Bearer ${accessToken}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'interrupted', done: 10, total: 40 });
      expect(res.body.error).toMatch(/server stopped/);
    } finally {
      await second.close();
      await testDb.drop();
    }
  });

  it("leaves another instance's live job alone at start-up, and interrupts it once its lease runs out", async () => {
    const testDb = testDatabase(dialect);
    const config = testConfig(testDb);
    let now = START;
    const clock = () => now;
    const first = await createApp(config, { database: testDb.options, clock });
    const database = await openDatabase(testDb.options);
    const id = await plantRunningJob(database.db as unknown as Rows, {
      owner: 'other-host/4242/abcdef',
      until: START + 15_000,
    });
    await database.close();
    await first.close();

    // This instance (re)starts while the other one's job runs: the job stays running, and is its.
    const second = await createApp(config, { database: testDb.options, clock });
    try {
      const { accessToken } = await loginAsAdmin(second.handler, { ...ADMIN, clock });
      const api = (method: 'get' | 'post', path: string) => {
        const url = `${PREFIX}/letter-groups/cms/${path}`;
        const call = method === 'get' ? request(second.handler).get(url) : request(second.handler).post(url);
        return call.set('Authorization', `Bearer ${accessToken}`);
      };
      const job = await api('get', `link-jobs/${id}`);
      expect(job.body).toMatchObject({ status: 'running', instance: 'other-host/4242/abcdef' });
      const refused = await api('post', 'link-jobs').send({ where: {} });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        `Link job ${id} is still running: wait for it to finish before starting another.`,
      );
      // The other instance dies: its lease is not renewed, and runs out 15 s after its last renewal.
      now = START + 15_001;
      await expect
        .poll(async () => (await api('get', `link-jobs/${id}`)).body.status, {
          timeout: 10_000,
          interval: 200,
        })
        .toBe('interrupted');
      const interrupted = await api('get', `link-jobs/${id}`);
      expect(interrupted.body).toMatchObject({
        done: 10,
        total: 40,
        finishedAt: new Date(now).toISOString(),
      });
      expect(interrupted.body.error).toMatch(/server stopped/);
      // And a new job may start.
      const started = await api('post', 'link-jobs').send({ where: {} });
      expect(started.status).toBe(202);
      expect(started.body.instance).toMatch(/\/\d+\/[0-9a-f]{6}$/);
    } finally {
      await second.close();
      await testDb.drop();
    }
  });
});
