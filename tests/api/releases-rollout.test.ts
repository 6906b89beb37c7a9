/**
 * Releases (issue 45) beyond the first publish, on both databases: game reads during a publish and
 * a rollback each get one whole release; a staged rollout reaches the same players every time,
 * widens, stops; a scheduled publish runs at its time; retention never prunes the current or
 * previous release; editors and viewers read, administrators act.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { nextTurn } from '../../server/api/next-turn.ts';
import { releaseStore } from '../../server/api/releases/store.ts';
import request from 'supertest';
import { PREFIX, startApi, type ApiHarness } from './harness.ts';
import {
  etagOf,
  gameToken,
  listening,
  publish,
  releaseContent,
  waitForJob,
  type ReleaseContent,
} from './releases-harness.ts';

describe.each(DIALECTS)('releases under way on %s', (dialect) => {
  let api: ApiHarness;
  let content: ReleaseContent;
  let game: string;
  let server: Awaited<ReturnType<typeof listening>>;
  const current = () => `releases/current/${content.english}`;
  /** Each published release's bundle hash of English (what its ETag must be). */
  const hashOf = async (number: number) =>
    `"${(await api.get(`releases/cms/${number}`)).body.languages[0].hash as string}"`;
  const token = async (permissions: string) =>
    (await api.post('tokens/cms', { name: permissions, permissions, expiresInDays: 1 })).body.token as string;

  beforeAll(async () => {
    api = await startApi(dialect);
    content = await releaseContent(api);
    // Enough words that a publish takes a while: reads have time to land in the middle of it.
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      letters: `w${i
        .toString(36)
        .padStart(4, 'a')
        .replace(/\d/g, (d) => 'bcdefghijk'[Number(d)]!)}`,
      languageId: content.english,
    }));
    const bulk = await api.post('words/cms/bulk', { rows });
    expect(bulk.status, JSON.stringify(bulk.body).slice(0, 300)).toBe(200);
    game = await gameToken(api);
    server = await listening(api.app);
  });
  afterAll(async () => {
    await server?.close();
    await api?.close();
  });

  it('gives every game read during a publish and a rollback one whole release', async () => {
    expect(await publish(api, { notes: 'one' })).toBe(1);
    const word = (await api.get(`words/cms/${content.words.spa}`)).body;
    await api.put(`words/cms/${content.words.spa}`, { ...word, isActive: false });
    const seen: Array<{ release: string; etag: string; hash: string }> = [];
    let reading = true;
    const reader = async (encoding: string) => {
      while (reading) {
        const res = await server.get(game, current(), { 'Accept-Encoding': encoding });
        expect(res.status).toBe(200);
        const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.body) : res.body;
        seen.push({
          release: String(res.headers['x-release']),
          etag: String(res.headers.etag),
          hash: etagOf(body),
        });
      }
    };
    const readers = [reader('identity'), reader('gzip'), reader('identity'), reader('gzip')];
    const started = await api.post('releases/cms', { notes: 'two' });
    expect(started.status).toBe(202);
    expect(await waitForJob(api, started.body.job.id)).toBe(2);
    await vi.waitFor(() => expect(seen.some((s) => s.release === '2')).toBe(true));
    expect((await api.post('releases/cms/1/rollback', {})).status).toBe(200);
    const back = seen.length;
    await vi.waitFor(() => expect(seen.slice(back).some((s) => s.release === '1')).toBe(true));
    reading = false;
    await Promise.all(readers);
    const hashes: Record<string, string> = { '1': await hashOf(1), '2': await hashOf(2) };
    expect(hashes['1']).not.toBe(hashes['2']);
    for (const read of seen) {
      expect(read.hash).toBe(read.etag);
      expect(read.etag).toBe(hashes[read.release]);
    }
    expect(new Set(seen.map((s) => s.release))).toEqual(new Set(['1', '2']));
  });

  it('stages a release for a share of players, the same ones every time; widens; stops', async () => {
    const word = (await api.get(`words/cms/${content.words.past}`)).body;
    await api.put(`words/cms/${content.words.past}`, { ...word, isActive: false });
    const staged = await publish(api, { notes: 'staged', share: 30 });
    const list = (await api.get('releases/cms')).body;
    expect(list.state.staged).toEqual({ number: staged, share: 30 });
    const players = Array.from({ length: 200 }, (_, i) => `player-${i}`);
    const releaseOf = async (player?: string) =>
      (await server.get(game, current(), player ? { 'X-Player-Id': player } : {})).headers['x-release'];
    const first = await Promise.all(players.map((p) => releaseOf(p)));
    const lucky = players.filter((_, i) => first[i] === String(staged));
    expect(lucky.length).toBeGreaterThan(30);
    expect(lucky.length).toBeLessThan(90);
    expect(await Promise.all(players.map((p) => releaseOf(p)))).toEqual(first);
    // No player id: the current release.
    expect(await releaseOf()).toBe(String(list.state.current));

    expect((await api.post(`releases/cms/${staged}/widen`, { share: 60 })).status).toBe(200);
    const wider = await Promise.all(players.map((p) => releaseOf(p)));
    for (const player of lucky) expect(wider[players.indexOf(player)]).toBe(String(staged));
    expect(wider.filter((r) => r === String(staged)).length).toBeGreaterThan(lucky.length);

    expect((await api.post(`releases/cms/${staged}/widen`, { share: 100 })).body.state).toMatchObject({
      current: staged,
      staged: null,
    });
    expect(new Set(await Promise.all(players.slice(0, 20).map((p) => releaseOf(p))))).toEqual(
      new Set([String(staged)]),
    );

    // A staged rollout stopped: rolling back to the current release.
    const next = await publish(api, { notes: 'stopped', share: 50 });
    expect((await api.post(`releases/cms/${next}/widen`, { share: 100 })).status).toBe(200);
    const again = await publish(api, { notes: 'stopped again', share: 50 });
    const stopped = await api.post(`releases/cms/${next}/rollback`, {});
    expect(stopped.body.state).toMatchObject({ current: next, staged: null });
    expect(new Set(await Promise.all(players.slice(0, 40).map((p) => releaseOf(p))))).toEqual(
      new Set([String(next)]),
    );
    expect((await api.post(`releases/cms/${again}/widen`, { share: 80 })).status).toBe(409);
  });

  it('runs a scheduled publish at its time, once; a cancelled one never', async () => {
    const before = (await api.get('releases/cms')).body.releases[0].number as number;
    const at = (ms: number) => new Date(api.clock.now + ms).toISOString();
    expect((await api.post('releases/cms/schedules', { at: at(-1000), notes: 'late' })).status).toBe(400);
    const cancelled = await api.post('releases/cms/schedules', { at: at(30_000), notes: 'never' });
    expect(cancelled.status).toBe(201);
    expect((await api.del(`releases/cms/schedules/${cancelled.body.id}`)).body.status).toBe('cancelled');
    const scheduled = await api.post('releases/cms/schedules', { at: at(60_000), notes: 'at nine' });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);
    expect(scheduled.body.status).toBe('pending');
    await new Promise((resolve) => setTimeout(resolve, 5500)); // a sweep: not due yet
    expect((await api.get('releases/cms')).body.releases[0].number).toBe(before);
    api.clock.now += 61_000;
    await vi.waitFor(
      async () => {
        const list = (await api.get('releases/cms')).body;
        expect(list.releases[0].number).toBe(before + 1);
        expect(list.releases[0].notes).toBe('at nine');
      },
      { timeout: 20_000, interval: 200 },
    );
    const schedules = (await api.get('releases/cms/schedules')).body.content as Array<{
      id: number;
      status: string;
    }>;
    expect(schedules.find((s) => s.id === scheduled.body.id)?.status).toBe('started');
    expect(schedules.find((s) => s.id === cancelled.body.id)?.status).toBe('cancelled');
    const audit = await api.get('audit/cms/search/?entity=release-schedules&size=5');
    expect(audit.body.content.map((e: { action: string }) => e.action).sort()).toEqual([
      'cancel',
      'schedule',
      'schedule',
    ]);
  });

  it('keeps the retention’s newest releases, and always the current and previous ones', async () => {
    const store = releaseStore(api.database);
    const state = await store.state();
    const numbers: number[] = (await api.get('releases/cms')).body.releases.map(
      (r: { number: number }) => r.number,
    );
    expect(numbers.length).toBeGreaterThan(4);
    await api.post(`releases/cms/${numbers.at(-1)}/rollback`, {}); // the oldest becomes current
    const pruned = await store.prune(1, nextTurn);
    const kept: number[] = (await api.get('releases/cms')).body.releases.map(
      (r: { number: number }) => r.number,
    );
    // The newest, the current (rolled back to) and the previous (the one current before it).
    expect(kept.sort()).toEqual(
      [numbers.at(-1), state.current, numbers[0]].filter((n, i, all) => all.indexOf(n) === i).sort(),
    );
    expect(pruned.length).toBe(numbers.length - kept.length);
    const gone = await server.get(game, `releases/${pruned[0]}/${content.english}`);
    expect(gone.status).toBe(404);
    expect(JSON.parse(gone.body.toString()).message).toBe(`Release ${pruned[0]} not found (or pruned)`);
  });

  it('lets editors and viewers read releases and diffs, and administrators alone act', async () => {
    for (const permissions of ['editor', 'viewer']) {
      const reader = await token(permissions);
      const get = (path: string) =>
        request(api.app).get(`${PREFIX}/${path}`).set('Authorization', `Bearer ${reader}`);
      const post = (path: string, body: object) =>
        request(api.app).post(`${PREFIX}/${path}`).set('Authorization', `Bearer ${reader}`).send(body);
      const number = (await api.get('releases/cms')).body.state.current as number;
      for (const path of [
        'releases/cms',
        'releases/cms/draft',
        `releases/cms/${number}`,
        `releases/cms/${number}/diff`,
      ])
        expect((await get(path)).status, `${permissions} ${path}`).toBe(200);
      expect((await server.get(reader, current())).status).toBe(200);
      expect((await post('releases/cms', { notes: 'x', dryRun: true })).status).toBe(200);
      for (const [path, body] of [
        ['releases/cms', { notes: 'x' }],
        [`releases/cms/${number}/rollback`, {}],
        [`releases/cms/${number}/widen`, { share: 10 }],
        ['releases/cms/schedules', { at: new Date(api.clock.now + 60_000).toISOString(), notes: 'x' }],
      ] as const) {
        const refused = await post(path, body);
        expect(refused.status, `${permissions} ${path}`).toBe(403);
        expect(refused.body.message).toMatch(/administrators/);
      }
    }
  });
});
