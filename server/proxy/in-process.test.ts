import express from 'express';
import { describe, expect, it } from 'vitest';
import { dispatchInProcess, type InProcessCall } from './in-process.ts';
import { INTERNAL_CLIENT_IP_HEADER, INTERNAL_KEY_HEADER, internalClientIp } from './internal-client-ip.ts';
import { UpstreamError } from './upstream-error.ts';

const LIMITS = { headersTimeoutMs: 1000, bodyTimeoutMs: 1000, maxResponseBytes: 64 * 1024 };
const KEY = 'k'.repeat(43);

const get = (path: string, headers: Record<string, string> = {}): InProcessCall => ({
  method: 'GET',
  path,
  headers: { host: '127.0.0.1:1234', ...headers },
  body: null,
});

/** An express app as the content API is one: JSON routes behind the internal client IP check. */
function api() {
  const app = express();
  app.set('etag', 'strong');
  app.use(internalClientIp(KEY));
  app.get('/echo', (req, res) => {
    res.setHeader('Retry-After', 7);
    res.json({ url: req.url, query: req.query, headers: req.headers, ip: req.ip, host: req.hostname });
  });
  app.post('/echo', express.json(), (req, res) => {
    res.status(201).json({ body: req.body as unknown, length: req.headers['content-length'] });
  });
  app.get('/head', (_req, res) => {
    res.writeHead(418, { 'Content-Type': 'text/plain', 'X-Extra': ['a', 'b'] });
    res.write('tea');
    res.end('pot');
  });
  app.get('/fails', () => {
    throw new Error('boom');
  });
  return app;
}

describe('dispatchInProcess', () => {
  it('hands method, path, query, headers and body to the app and returns its answer as undici would', async () => {
    const app = api();
    const answer = await dispatchInProcess(
      app,
      get('/echo?a=1&b=two', { accept: 'application/json' }),
      LIMITS,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['retry-after']).toBe('7'); // a number set by the app arrives as text
    expect(answer.headers.etag).toMatch(/^"/);
    const echoed = JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>;
    expect(echoed).toMatchObject({
      url: '/echo?a=1&b=two',
      query: { a: '1', b: 'two' },
      ip: '127.0.0.1',
      host: '127.0.0.1',
    });
    expect(echoed.headers).toEqual({ host: '127.0.0.1:1234', accept: 'application/json' });

    const posted = await dispatchInProcess(
      app,
      {
        method: 'POST',
        path: '/echo',
        headers: { host: 'x', 'content-type': 'application/json' },
        body: Buffer.from('{"word":"cat"}'),
      },
      LIMITS,
    );
    expect(posted.status).toBe(201);
    expect(JSON.parse(posted.body.toString('utf8'))).toEqual({ body: { word: 'cat' }, length: '14' });
  });

  it("gives the API the browser's IP only with this process's key, and never passes either header on", async () => {
    const app = api();
    const trusted = await dispatchInProcess(
      app,
      get('/echo', { [INTERNAL_KEY_HEADER]: KEY, [INTERNAL_CLIENT_IP_HEADER]: '203.0.113.9' }),
      LIMITS,
    );
    const seen = JSON.parse(trusted.body.toString('utf8')) as { ip: string; headers: object };
    expect(seen.ip).toBe('203.0.113.9');
    expect(seen.headers).not.toHaveProperty(INTERNAL_KEY_HEADER);
    expect(seen.headers).not.toHaveProperty(INTERNAL_CLIENT_IP_HEADER);
    const forged = await dispatchInProcess(
      app,
      get('/echo', { [INTERNAL_KEY_HEADER]: 'wrong', [INTERNAL_CLIENT_IP_HEADER]: '203.0.113.9' }),
      LIMITS,
    );
    expect((JSON.parse(forged.body.toString('utf8')) as { ip: string }).ip).toBe('127.0.0.1');
  });

  it('keeps headers given to writeHead and every written chunk', async () => {
    const answer = await dispatchInProcess(api(), get('/head'), LIMITS);
    expect(answer.status).toBe(418);
    expect(answer.headers['content-type']).toBe('text/plain');
    expect(answer.headers['x-extra']).toEqual(['a', 'b']);
    expect(answer.body.toString('utf8')).toBe('teapot');
  });

  it("answers the app's own error page when a route throws", async () => {
    const answer = await dispatchInProcess(api(), get('/fails'), LIMITS);
    expect(answer.status).toBe(500);
  });

  it('fails as a timeout when the app never answers, and the app sees its client go away', async () => {
    const app = express();
    let closed: () => void = () => {};
    const clientGone = new Promise<void>((resolve) => (closed = resolve));
    app.get('/hang', (req) => req.on('close', closed));
    const failure = await dispatchInProcess(app, get('/hang'), { ...LIMITS, headersTimeoutMs: 50 }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(UpstreamError);
    expect((failure as UpstreamError).kind).toBe('timeout');
    await clientGone;
  });

  it('fails as a timeout when the body stalls between chunks', async () => {
    const app = express();
    app.get('/stall', (_req, res) => {
      res.write('first');
    });
    const failure = await dispatchInProcess(app, get('/stall'), { ...LIMITS, bodyTimeoutMs: 50 }).catch(
      (error: unknown) => error,
    );
    expect((failure as UpstreamError).kind).toBe('timeout');
  });

  it('refuses an answer larger than the limit', async () => {
    const app = express();
    app.get('/big', (_req, res) => {
      res.json({ text: 'x'.repeat(2000) });
    });
    const failure = await dispatchInProcess(app, get('/big'), { ...LIMITS, maxResponseBytes: 1000 }).catch(
      (error: unknown) => error,
    );
    expect((failure as UpstreamError).kind).toBe('too-large');
  });

  it('lets the event loop turn between calls sent one after another, as a socket would', async () => {
    // The content API's SQLite work is synchronous: each call here holds the thread for 5 ms.
    const app = express();
    app.get('/work', (_req, res) => {
      const until = performance.now() + 5;
      while (performance.now() < until);
      res.json({ ok: true });
    });
    // A timer stands for another request waiting (the panel's /healthz during an import).
    let timersFired = 0;
    const timer = setInterval(() => timersFired++, 10);
    try {
      for (let i = 0; i < 40; i++) await dispatchInProcess(app, get('/work'), LIMITS);
    } finally {
      clearInterval(timer);
    }
    // 200 ms of calls: in one task (promise callbacks only) no timer could have fired.
    expect(timersFired).toBeGreaterThan(5);
  });

  it('fails as unreachable when the app drops the connection', async () => {
    const app = express();
    app.get('/drop', (_req, res) => {
      res.destroy();
    });
    const failure = await dispatchInProcess(app, get('/drop'), LIMITS).catch((error: unknown) => error);
    expect((failure as UpstreamError).kind).toBe('unreachable');
  });
});
