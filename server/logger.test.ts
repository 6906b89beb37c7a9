import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, requestLogger } from './logger.ts';

describe('request log', () => {
  const lines: Array<Record<string, unknown>> = [];
  let base = '';
  let close = () => {};

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const logger = createLogger({ logLevel: 'info' }, sink);
    const app = express();
    app.use(requestLogger(logger));
    app.get('/ok', (req, res) => {
      req.log.info({ password: 'hunter2' }, 'handler line');
      res.send('ok');
    });
    app.get('/broken', (_req, res) => void res.status(503).send('no'));
    app.get('/healthz', (_req, res) => void res.send('ok'));
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const requestLines = () => lines.filter((line) => line.msg === 'request');

  it('writes one line per request with id, method, path without query, status and duration', async () => {
    const response = await fetch(`${base}/ok?secret=1`);
    await response.text();
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => requestLines().length).toBe(1);
    expect(requestLines()[0]).toEqual({
      level: 30,
      time: expect.any(Number),
      req: { id, method: 'GET', path: '/ok' },
      res: { status: 200 },
      durationMs: expect.any(Number),
      msg: 'request',
    });
    // A handler's own line carries the request and is still redacted.
    expect(lines.find((line) => line.msg === 'handler line')).toMatchObject({
      req: { id, method: 'GET', path: '/ok' },
      password: '[redacted]',
    });
  });

  it('logs a 5xx at error level with the failure, and probes only when they fail', async () => {
    await (await fetch(`${base}/healthz`)).text();
    await (await fetch(`${base}/broken`)).text();
    await expect
      .poll(() => requestLines().some((line) => line.res && (line.res as { status: number }).status === 503))
      .toBe(true);
    const broken = requestLines().find((line) => (line.req as { path: string }).path === '/broken')!;
    expect(broken).toMatchObject({ level: 50, err: { message: 'failed with status code 503' } });
    expect(requestLines().some((line) => (line.req as { path: string }).path === '/healthz')).toBe(false);
  });
});
