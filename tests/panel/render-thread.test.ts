/**
 * Panel pages rendered on a render thread (RENDER_THREADS, server/ssr/render-thread.ts) are the
 * very pages the main thread renders: the same data directory and session are served by a server
 * with a render thread, then by one without, and every page must come back the same, byte for
 * byte but for what differs on every request (nonce, request id, the session's clock). The
 * metrics prove the thread rendered them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { logInToPanel, PANEL } from '../session/helpers.ts';

const ADMIN = { username: 'admin', password: 'correct-horse-battery-staple' };
const METRICS_TOKEN = 'render-thread-test-metrics-token';
// Not the home page: its health counts arrive in whatever order their queries finish.
const PAGES = [
  `${PANEL}/changes`,
  `${PANEL}/user`,
  `${PANEL}/word?letters=a&page=2`,
  `${PANEL}/word?sort=letters.desc`,
  `${PANEL}/level`,
  `${PANEL}/letter-group`,
  `${PANEL}/language/update/1`,
  `${PANEL}/user/update/1`,
  `${PANEL}/audit`,
  `${PANEL}/import`,
  `${PANEL}/word/update/999999`, // the form says the word does not exist
  // The panel's 404 (a loader throws it): rendered by the main thread, where errors are shown.
  `${PANEL}/no-such-screen`,
];
const NOT_FOUND = `${PANEL}/no-such-screen`;

// What differs on every request whoever renders the page: nonce, request ids, clock readings.
const steady = (html: string) =>
  html
    .replace(/nonce="[^"]+"/g, 'nonce=""')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'REQUEST-ID')
    .replace(/(serverNow|idleDeadline)(\\?"):\d+/g, '$1$2:0')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, 'ISO-TIME')
    .replace(/\d{4}-\d\d-\d\d \d\d:\d\d(?=(<!-- -->)? UTC)/g, 'TIME');

/** The two texts around where they first differ (a whole page is too long to read in a diff). */
function firstDifference(a: string, b: string): string | null {
  if (a === b) return null;
  let i = 0;
  while (a[i] === b[i]) i++;
  return `at ${i}: …${a.slice(i - 80, i + 80)}… / …${b.slice(i - 80, i + 80)}…`;
}

async function threadPages(app: TestApp): Promise<number> {
  const res = await request(app.url).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
  const line = /^argus_render_thread_pages_total\{on="thread"\} (\d+)$/m.exec(res.text);
  return line ? Number(line[1]) : 0;
}

describe('panel pages rendered on a render thread', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'argus-render-thread-'));
  const env = { DATA_DIR: dataDir, DEMO_CONTENT: 'true', METRICS_TOKEN };
  let cookie: string;
  const fromThread = new Map<string, { status: number; html: string; onThread: boolean }>();

  beforeAll(async () => {
    const app = await startTestApp({ ...env, RENDER_THREADS: '1' });
    try {
      await app.listen();
      cookie = await logInToPanel(app, ADMIN, Date.now());
      for (const page of PAGES) {
        const before = await threadPages(app);
        const res = await request(app.url).get(page).set('Cookie', cookie);
        fromThread.set(page, {
          status: res.status,
          html: res.text,
          onThread: (await threadPages(app)) > before,
        });
      }
    } finally {
      await app.stop();
    }
  }, 60_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('renders the pages whose loaders succeeded there', () => {
    const where = PAGES.map((page) => [page, fromThread.get(page)!.status, fromThread.get(page)!.onThread]);
    expect(where).toEqual(PAGES.map((page) => (page === NOT_FOUND ? [page, 404, false] : [page, 200, true])));
    expect(fromThread.get(`${PANEL}/user`)!.html).toContain('>admin<');
  });

  it('sends the same pages as the main thread renders', async () => {
    const app = await startTestApp({ ...env, RENDER_THREADS: '0' });
    try {
      await app.listen();
      for (const page of PAGES) {
        const res = await request(app.url).get(page).set('Cookie', cookie);
        const threaded = fromThread.get(page)!;
        expect({ page, status: res.status }).toEqual({ page, status: threaded.status });
        expect({ page, diff: firstDifference(steady(threaded.html), steady(res.text)) }).toEqual({
          page,
          diff: null,
        });
      }
    } finally {
      await app.stop();
    }
  }, 60_000);
});
