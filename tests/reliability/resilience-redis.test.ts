import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerWithAdmin } from './admin-server.ts';
import { PANEL, type PanelBrowser } from './panel-client.ts';
import { startPrivateRedis, type PrivateRedis } from './private-redis.ts';
import type { ServerProcess } from './server-processes.ts';

/**
 * The panel's sessions live in Redis. Redis frozen (CLIENT PAUSE) or stopped costs the requests of
 * that moment a fast, clear 503 naming the session store — never a hang, never the process — and
 * service comes back by itself when Redis does. A private redis-server: the shared one is never touched.
 */
const USERNAME = 'redis-fault-admin';
const PASSWORD = 'redis-fault-password';

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = Date.now();
  const value = await work();
  return { value, ms: Date.now() - start };
}

describe('Redis frozen and stopped', () => {
  let redis: PrivateRedis;
  let server: ServerProcess;
  let codes: string[];
  let browser: PanelBrowser;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    ({ server, browser, codes } = await startServerWithAdmin(USERNAME, PASSWORD, {
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: `rel-${randomBytes(3).toString('hex')}:`,
    }));
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await redis?.stop();
  });

  const sessionCall = () =>
    fetch(`${server.url}${PANEL}/api/languages/cms/search/?size=1`, { headers: { Cookie: browser.cookie } });

  it('answers a fast 503 naming the session store while Redis is paused, then recovers', async () => {
    expect(await browser.search(server.url)).toBe(200);
    await redis.pause(4_000);
    const { value: res, ms } = await timed(sessionCall);
    expect(res.status).toBe(503);
    expect(ms).toBeLessThan(3_000);
    const body = (await res.json()) as { message: string; requestId: string };
    expect(body.message).toMatch(/^The session store is unavailable\. .*\(request [\w-]+\)$/);
    expect(body.requestId).toBe(res.headers.get('x-request-id'));
    await new Promise((resolve) => setTimeout(resolve, 4_200));
    expect(await browser.search(server.url)).toBe(200);
  }, 30_000);

  it('answers a fast 503 while Redis is stopped, and works again once it is back', async () => {
    await redis.stop();
    for (let i = 0; i < 3; i++) {
      const { value: res, ms } = await timed(sessionCall);
      expect(res.status).toBe(503);
      expect(ms).toBeLessThan(3_000);
      expect(((await res.json()) as { message: string }).message).toMatch(/session store is unavailable/);
    }
    // The public site does not need Redis at all.
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    await redis.start();
    // Redis kept nothing (no persistence): the session is gone, a new login works without a restart.
    const until = Date.now() + 10_000;
    let state = '';
    while (Date.now() < until) {
      const res = await fetch(`${server.url}${PANEL}/session`, { headers: { Cookie: browser.cookie } });
      if (res.status === 200) {
        state = ((await res.json()) as { state: string }).state;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(state).toBe('logged-out');
    await browser.login(server.url, USERNAME, PASSWORD, codes[0]!);
    expect(await browser.search(server.url)).toBe(200);
    expect(server.child.exitCode).toBeNull();
  }, 40_000);
});
