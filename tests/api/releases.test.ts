/**
 * Releases (issue 45), on both databases: the game reads an immutable, validated snapshot; an
 * edit of the draft reaches players only through a publish, which names exactly what changed;
 * a rollback is served at the next read; a game token reads releases and nothing else; a draft
 * with an unsolvable level is refused, naming it, unless an administrator forces it with a reason.
 */
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { PREFIX, startApi, type ApiHarness } from './harness.ts';
import {
  etagOf,
  gameGet,
  gameToken,
  publish,
  releaseContent,
  type ReleaseContent,
} from './releases-harness.ts';

describe.each(DIALECTS)('releases on %s', (dialect) => {
  let api: ApiHarness;
  let content: ReleaseContent;
  let game: string;
  beforeAll(async () => {
    api = await startApi(dialect);
    content = await releaseContent(api);
    game = await gameToken(api);
  });
  afterAll(async () => api?.close());

  it('publishes, keeps players on a release while the draft changes, diffs, rolls back within a second', async () => {
    const current = `releases/current/${content.english}`;
    expect((await gameGet(api.app, game, current)).status).toBe(404); // nothing published yet

    expect(await publish(api, { notes: 'First words' })).toBe(1);
    const first = await gameGet(api.app, game, current, { 'Accept-Encoding': 'identity' });
    expect(first.status).toBe(200);
    expect(first.headers['x-release']).toBe('1');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.etag).toBe(etagOf(first.body));
    const bundle = JSON.parse(first.body.toString('utf8'));
    expect(bundle.format).toBe(1);
    expect(bundle.language).toEqual({ id: content.english, name: 'English' });
    expect(bundle.words.map((w: { letters: string }) => w.letters)).toEqual([
      'tap',
      'pat',
      'sap',
      'spa',
      'past',
    ]);
    expect(bundle.levels).toHaveLength(1);
    expect(bundle.levels[0].letterGroups).toEqual([{ id: content.group, used: true }]);

    // The numbered address: immutable, compressed once (gzip and brotli give the same bytes back).
    const at = `releases/1/${content.english}`;
    const numbered = await gameGet(api.app, game, at, { 'Accept-Encoding': 'identity' });
    expect(numbered.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(numbered.headers.etag).toBe(first.headers.etag);
    const gz = await gameGet(api.app, game, at, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(first.body)).toBe(true);
    const br = await gameGet(api.app, game, at, { 'Accept-Encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(first.body)).toBe(true);

    // The draft changes: a word deactivated, a level's hint and time changed.
    const word = (await api.get(`words/cms/${content.words.sap}`)).body;
    expect((await api.put(`words/cms/${content.words.sap}`, { ...word, isActive: false })).status).toBe(200);
    const level = (await api.get(`levels/cms/${content.level}`)).body;
    expect(
      (await api.put(`levels/cms/${content.level}`, { ...level, hint: 'In the pantry', time: 90 })).status,
    ).toBe(200);

    // Players still get release 1, unchanged: same ETag, 304.
    const still = await gameGet(api.app, game, current, { 'If-None-Match': first.headers.etag as string });
    expect(still.status).toBe(304);
    expect(still.headers.etag).toBe(first.headers.etag);
    expect(still.headers['x-release']).toBe('1');

    // The draft's pending changes name exactly those edits.
    const draft = await api.get('releases/cms/draft');
    expect(draft.status).toBe(200);
    expect(draft.body.findings.total).toBe(0);
    const expected = [
      {
        table: 'levels',
        action: 'changed',
        language: 'English',
        name: 'level 1 of stage 1',
        fields: { hint: { from: 'Kitchen words', to: 'In the pantry' }, time: { from: 60, to: 90 } },
      },
      { table: 'words', action: 'removed', language: 'English', name: '"sap"' },
    ];
    expect(draft.body.diff.rows).toEqual(expected);
    expect(draft.body.diff.changes).toBe(2);

    expect(await publish(api, { notes: 'Pantry' })).toBe(2);
    const diff = await api.get('releases/cms/2/diff?against=1');
    expect(diff.status).toBe(200);
    expect(diff.body.rows).toEqual(expected);
    expect(diff.body.tables.words).toEqual({ added: 0, removed: 1, changed: 0 });
    expect(diff.body.tables.letterGroupWords).toEqual({ added: 0, removed: 0, changed: 0 });
    // Without `against`: the release before it.
    expect((await api.get('releases/cms/2/diff')).body.rows).toEqual(expected);

    const second = await gameGet(api.app, game, current, { 'If-None-Match': first.headers.etag as string });
    expect(second.status).toBe(200);
    expect(second.headers['x-release']).toBe('2');
    expect(second.headers.etag).not.toBe(first.headers.etag);

    // Rollback: the next game read gets release 1 again, within a second, on this instance and another.
    const other = await api.another();
    expect((await gameGet(other.handler, game, current)).headers['x-release']).toBe('2');
    const started = performance.now();
    const rolled = await api.post('releases/cms/1/rollback', { reason: 'Pantry hint was wrong' });
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
    const back = await gameGet(api.app, game, current, { 'If-None-Match': second.headers.etag as string });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(back.status).toBe(200);
    expect(back.headers['x-release']).toBe('1');
    expect(back.headers.etag).toBe(first.headers.etag);
    await expect
      .poll(async () => (await gameGet(other.handler, game, current)).headers['x-release'], { timeout: 1000 })
      .toBe('1');
    expect(rolled.body.state).toMatchObject({ current: 1, previous: 2 });

    // Audited.
    const audit = await api.get('audit/cms/search/?entity=releases&size=10');
    expect(audit.status, JSON.stringify(audit.body)).toBe(200);
    expect(audit.body.content.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['publish', 'rollback']),
    );
  });

  it('refuses a game token everywhere but the release reads', async () => {
    const document = (await request(api.app).get(`${PREFIX}/openapi.json`)).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const refused: string[] = [];
    let tried = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      if (path.startsWith('/auth/') || path === '/openapi.json') continue;
      if (/^\/releases\/(current|\{number\})\/\{languageId\}$/.test(path)) continue;
      for (const method of Object.keys(operations)) {
        const url = `${PREFIX}${path.replace(/\{[^}]+\}/g, '1')}`;
        const agent = request(api.app);
        const res = await agent[method as 'get'](url)
          .set('Authorization', `Bearer ${game}`)
          .send(method === 'get' || method === 'delete' ? undefined : {});
        tried += 1;
        if (res.status !== 403) refused.push(`${method} ${path}: ${res.status}`);
      }
    }
    expect(refused).toEqual([]);
    expect(tried).toBeGreaterThan(40);
    // And the releases' own reads of the panel are not the game's either.
    expect((await gameGet(api.app, game, 'releases/cms')).status).toBe(403);
    expect((await gameGet(api.app, game, 'accounts/cms/me')).status).toBe(403);
  });

  it('refuses a draft with an unsolvable active level, naming it; forced with a reason, the release records it', async () => {
    const level = (await api.get(`levels/cms/${content.level}`)).body;
    expect(
      (await api.put(`levels/cms/${content.level}`, { ...level, checkCondition: 'words::40' })).status,
    ).toBe(200);
    const refused = await api.post('releases/cms', { notes: 'Too hard' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/Refused: the draft has 1 finding/);
    expect(refused.body.findings.listed).toEqual([
      expect.objectContaining({
        kind: 'unsolvable-level',
        entity: 'level',
        id: content.level,
        message: expect.stringContaining(
          `level ${content.level} (English, stage 1, number 1) cannot be finished`,
        ),
      }),
    ]);
    // A dry run says the same and publishes nothing.
    const dry = await api.post('releases/cms', { notes: 'x', dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.findings.total).toBe(1);
    expect(dry.body.job).toBeNull();
    // Forcing needs a reason.
    expect((await api.post('releases/cms', { notes: 'x', force: true })).status).toBe(400);
    const number = await publish(api, {
      notes: 'Hard on purpose',
      force: true,
      reason: 'Event level: meant to be hard',
    });
    const release = (await api.get(`releases/cms/${number}`)).body;
    expect(release.forcedReason).toBe('Event level: meant to be hard');
    expect(release.forcedFindings.total).toBe(1);
    expect(release.forcedFindings.listed[0].id).toBe(content.level);
    expect(release.role).toBe('current');
    await api.put(`levels/cms/${content.level}`, { ...level, checkCondition: 'words::2' });
  });

  it('sends a bundle as it was stored: never compressed per request, whatever the client accepts', async () => {
    const rows = Array.from({ length: 200 }, (_, n) => ({
      letters:
        `word${String.fromCharCode(97 + (n % 26))}${String.fromCharCode(97 + Math.floor(n / 26))}`.replace(
          /\d/g,
          '',
        ),
      languageId: content.english,
    }));
    expect((await api.post('words/cms/bulk', { rows })).status).toBe(200);
    const number = await publish(api, { notes: 'More words', force: true, reason: 'the test' });
    const at = `releases/${number}/${content.english}`;
    const stored = await gameGet(api.app, game, at, { 'Accept-Encoding': 'identity' });
    // Large enough that compression() would compress it (its threshold is 1 KB).
    expect(stored.body.length).toBeGreaterThan(2048);
    const deflate = await gameGet(api.app, game, at, { 'Accept-Encoding': 'deflate' });
    expect(deflate.status).toBe(200);
    expect(deflate.headers['content-encoding']).toBeUndefined();
    expect(deflate.body.equals(stored.body)).toBe(true);
  });
});
