import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const TOKEN = 'metrics-token-of-the-operator-0123456789';

describe('health, readiness and metrics', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => app.stop());

  it('answers /healthz while the process runs and /readyz once the database and session store answer', async () => {
    const health = await request(app.handler).get('/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');
    const ready = await request(app.handler).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { 'session store': 'ok', database: 'ok' } });
  });

  it('serves Prometheus metrics only with the bearer token, by route pattern and status', async () => {
    await request(app.handler).get('/arguscreative/words/languages/cms/12345');
    await request(app.handler).get('/about-us');
    expect((await request(app.handler).get('/metrics')).status).toBe(404);
    expect((await request(app.handler).get('/metrics').set('Authorization', 'Bearer wrong')).status).toBe(
      401,
    );
    const res = await request(app.handler).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text).toMatch(
      /argus_http_request_duration_seconds_count\{method="GET",route="\/about-us",status="200"\} \d+/,
    );
    expect(res.text).toMatch(/route="\/api\/languages\/cms\/\{id\}",status="401"/);
    expect(res.text).not.toContain('12345');
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'process_resident_memory_bytes',
    ]) {
      expect(res.text).toContain(name);
    }
  });
});
