/**
 * The panel proxy lane hands a request to Express after it has logged and measured it when the
 * content API answers 401 after all (the token ended between the lane's check and the call): the
 * browser then gets Express's answer, with one log line and one request id. The content API here
 * is a real local server that answers 401 to the lane's call, then 200. A session store that fails
 * is answered by the app's error handler at once.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sign } from 'cookie-signature';
import express from 'express';
import type { SessionData } from 'express-session';
import request from 'supertest';
import { register } from 'prom-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { errorHandler } from '../../server/http/errors.ts';
import { createLogger, requestLogger } from '../../server/logger.ts';
import { requestMetrics } from '../../server/observability/metrics.ts';
import { withProxyLane } from '../../server/panel/proxy-lane.ts';
import { createUpstream } from '../../server/proxy/upstream.ts';
import { createPanelSession } from '../../server/session/middleware.ts';
import { emptyAuth } from '../../server/session/session-data.ts';

const PANEL = '/argusma-words-panel';
// One instant for the whole test: the session's activity stays current (the lane's condition).
const now = Date.now();
const clock = () => now;
const secret = randomBytes(32).toString('base64');
const dataDir = mkdtempSync(path.join(tmpdir(), 'argus-lane-'));
const lines: Array<{ msg: string; req?: { id: string; path: string } }> = [];
const logger = createLogger(
  { logLevel: 'info' },
  new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  }),
);
let api: Server;
const apiCalls: string[] = [];
let config: ReturnType<typeof loadConfig>;
let session: ReturnType<typeof createPanelSession>;

beforeAll(async () => {
  // The content API: 401 to the first call, then the list.
  api = createServer((req: IncomingMessage, res) => {
    apiCalls.push(req.headers.authorization ?? '');
    const status = apiCalls.length === 1 ? 401 : 200;
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(status === 401 ? { message: 'Invalid token' } : { content: [] }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: secret,
    UPSTREAM_API_URL: `http://127.0.0.1:${(api.address() as AddressInfo).port}/arguscreative/words`,
  });
  session = createPanelSession({ config, clock, logger });
});
afterAll(async () => {
  await session?.close();
  await new Promise((resolve) => api?.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

it('hands a 401 to Express after logging it: one line, one id, and Express answers', async () => {
  const sid = randomBytes(32).toString('base64url');
  const data = {
    cookie: { originalMaxAge: null, httpOnly: true, path: '/' },
    auth: { ...emptyAuth(), accessToken: 'the-access-token', twoFaEnabled: true, twoFaVerified: true },
    createdAt: now,
    lastActivityAt: now,
  } as unknown as SessionData;
  await new Promise<void>((resolve, reject) =>
    session.store.set(sid, data, (e) => (e ? reject(e) : resolve())),
  );
  const cookie = `${session.cookieName}=${encodeURIComponent(`s:${sign(sid, secret)}`)}`;

  const log = requestLogger(logger);
  const measure = requestMetrics('/arguscreative/words', PANEL);
  const app = express();
  app.use(log, measure, (req, res) => res.status(418).json({ message: 'Express answered.' }));
  const lane = withProxyLane({
    next: app,
    prefix: `${PANEL}/api`,
    session,
    upstream: createUpstream(config),
    clock,
    knownToken: (token) => token === 'the-access-token',
    ipOf: () => '127.0.0.1',
    log,
    observe: [measure],
    security: () => [],
    compress: (_req, _res, next) => next(),
    app,
    errors: [errorHandler(logger)],
  });

  const res = await request(lane).get(`${PANEL}/api/languages/cms/search/`).set('Cookie', cookie);
  expect(res.status).toBe(418);
  expect(apiCalls).toEqual(['Bearer the-access-token']);
  await new Promise((resolve) => setTimeout(resolve, 20));
  const requestLines = lines.filter((line) => line.msg === 'request');
  expect(requestLines).toHaveLength(1);
  expect(requestLines[0]!.req!.id).toBe(res.headers['x-request-id']);
  const metrics = await register.getSingleMetricAsString('argus_http_request_duration_seconds');
  const counted = metrics
    .split('\n')
    .filter((line) => line.includes('_count') && line.includes('status="418"'));
  expect(counted).toEqual([
    'argus_http_request_duration_seconds_count{method="GET",route="/panel/api/languages/cms/search",status="418"} 1',
  ]);

  // Without the 401 the lane answers itself, with the relayed list.
  const answered = await request(lane).get(`${PANEL}/api/languages/cms/search/`).set('Cookie', cookie);
  expect([answered.status, answered.body]).toEqual([200, { content: [] }]);
  expect(answered.headers['x-idle-deadline']).toBe(String(now + 15 * 60_000));

  // A session store that fails is answered by the app's error handler here, not read again by Express.
  await session.close();
  const failed = await request(lane).get(`${PANEL}/api/languages/cms/search/`).set('Cookie', cookie);
  expect(failed.status).toBe(500);
  expect(failed.text).toBe(`Internal server error (request ${failed.headers['x-request-id']})`);
  expect(failed.headers['cache-control']).toBe('no-store');
});
