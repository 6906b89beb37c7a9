import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { CSRF, logInToPanel, PANEL, testClock } from './helpers.ts';

const ADMIN = { username: 'admin', password: 'correct-horse-battery-staple' };
/** Far smaller than the export: a buffered relay would refuse it as too large. */
const MAX_BUFFERED = 4096;

/**
 * The panel proxy's list routes of issue 12, against the embedded API with demo content: the
 * export is piped through as it comes (bigger than anything the proxy would hold whole), and the
 * bulk edits pass only as panel writes (CSRF).
 */
describe('panel proxy: streamed export and bulk edits', () => {
  const clock = testClock();
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await startTestApp(
      { DEMO_CONTENT: 'true' },
      { clock: clock.now, upstreamTimeouts: { maxResponseBytes: MAX_BUFFERED } },
    );
    await app.listen();
    cookie = await logInToPanel(app, ADMIN, clock.now());
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('pipes an export far larger than a buffered answer may be, with its file name', async () => {
    const big = await request(app.url).get(`${PANEL}/api/words/cms/search/?size=100`).set('Cookie', cookie);
    expect(big.status).toBe(502); // a buffered answer over the limit is refused…
    const count = await request(app.url).get(`${PANEL}/api/words/cms/search/?size=1`).set('Cookie', cookie);
    const total = count.body.totalElements as number;
    const res = await request(app.url)
      .get(`${PANEL}/api/words/cms/export?format=csv&sort=letters:desc`)
      .set('Cookie', cookie);
    expect(res.status).toBe(200); // …the export is not held, only relayed
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="words.csv"');
    expect(res.text.length).toBeGreaterThan(MAX_BUFFERED * 4);
    const lines = res.text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(total + 1);
    const letters = lines.slice(1).map((line) => line.split(',')[2]!);
    expect(letters).toEqual([...letters].sort().reverse());
    const bad = await request(app.url).get(`${PANEL}/api/words/cms/export?sort=nope`).set('Cookie', cookie);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/cannot sort Words by "nope"/);
  });

  it('passes bulk-update and bulk-delete as panel writes only (CSRF), and never for the audit log', async () => {
    const body = { where: { letters: 'zzzz-no-such-word' }, set: { isActive: false }, dryRun: true };
    const path = `${PANEL}/api/words/cms/bulk-update`;
    const forged = await request(app.url).post(path).set('Cookie', cookie).send(body);
    expect(forged.status).toBe(403);
    const update = await request(app.url).post(path).set(CSRF).set('Cookie', cookie).send(body);
    expect(update.status).toBe(200);
    expect(update.body).toMatchObject({ dryRun: true, matched: 0, changed: 0 });
    const remove = await request(app.url)
      .post(`${PANEL}/api/words/cms/bulk-delete`)
      .set(CSRF)
      .set('Cookie', cookie)
      .send({ where: { letters: 'zzzz-no-such-word' }, dryRun: true });
    expect(remove.status).toBe(200);
    const audit = await request(app.url)
      .post(`${PANEL}/api/audit/cms/bulk-delete`)
      .set(CSRF)
      .set('Cookie', cookie)
      .send({ allRows: true, where: {} });
    expect(audit.status).toBe(404);
  });
});
