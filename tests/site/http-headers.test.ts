import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ NODE_ENV: 'production' });
});
afterAll(() => app.stop());

const get = (path: string) => request(app.handler).get(path);

/** The CSP header as a map of directive → sources. */
function csp(header: string | undefined): Map<string, string[]> {
  expect(header, 'Content-Security-Policy header').toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers', () => {
  it('enforces a nonce-based CSP that differs on every response', async () => {
    const [a, b] = await Promise.all([get('/'), get('/')]);
    expect(a.headers['content-security-policy-report-only']).toBeUndefined();
    const first = csp(a.headers['content-security-policy']);
    const second = csp(b.headers['content-security-policy']);
    const nonceOf = (policy: Map<string, string[]>) =>
      policy
        .get('script-src')!
        .find((s) => s.startsWith("'nonce-"))!
        .slice(7, -1);
    expect(Buffer.from(nonceOf(first), 'base64').length).toBeGreaterThanOrEqual(16);
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    expect(first.get('script-src')).toContain("'strict-dynamic'");
    expect(first.get('object-src')).toEqual(["'none'"]);
    expect(first.get('base-uri')).toEqual(["'none'"]);
    expect(first.get('frame-ancestors')).toEqual(["'none'"]);
    expect(first.get('frame-src')).toEqual(["'none'"]);
    expect(first.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('sends HSTS in production, nosniff, a referrer policy and no X-Powered-By', async () => {
    const res = await get('/about-us').expect(200);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{6,}/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("gives the content API's answers the same headers with a CSP that allows nothing, and no nonce", async () => {
    for (const path of ['/arguscreative/words/openapi.json', '/arguscreative/words/languages/cms']) {
      const res = await get(path);
      expect(res.headers['content-type'], path).toMatch(/json/);
      expect(res.headers['content-security-policy'], path).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['strict-transport-security'], path).toMatch(/max-age=\d{6,}/);
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['x-frame-options'], path).toBe('SAMEORIGIN');
      expect(res.headers['x-request-id'], path).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("compresses the content API's JSON when the client accepts it, and marks Vary when not", async () => {
    const path = '/arguscreative/words/openapi.json';
    const gzip = await get(path).set('Accept-Encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.openapi).toMatch(/^3\./);
    const plain = await get(path).set('Accept-Encoding', '').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
  });

  it('allows framing only of the configured feedback form origin', async () => {
    const withForm = await startTestApp({
      FEEDBACK_FORM_URL: 'https://docs.google.com/forms/d/e/abc/viewform?embedded=true',
    });
    try {
      const res = await request(withForm.handler).get('/').expect(200);
      expect(csp(res.headers['content-security-policy']).get('frame-src')).toEqual([
        'https://docs.google.com',
      ]);
      expect(res.text).toMatch(
        /<iframe[^>]*src="https:\/\/docs\.google\.com\/forms\/d\/e\/abc\/viewform\?embedded=true"/,
      );
      expect(res.text).toMatch(/<iframe[^>]*title="[^"]+"/);
    } finally {
      await withForm.stop();
    }
  });

  it('sends no HSTS outside production', async () => {
    const dev = await startTestApp();
    try {
      const res = await request(dev.handler).get('/').expect(200);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await dev.stop();
    }
  });
});

describe('caching and compression of public pages', () => {
  it('answers 304 to a matching If-None-Match and a fresh body otherwise', async () => {
    const first = await get('/terms-of-service').expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get('/terms-of-service').set('If-None-Match', etag).expect(304);
    expect(again.text).toBe('');
    await get('/terms-of-service').set('If-None-Match', '"stale"').expect(200);
  });

  it.each(['br', 'gzip'])('compresses with %s when the client accepts it', async (encoding) => {
    const res = await get('/')
      .set('Accept-Encoding', encoding)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(res.headers['content-length'])).toBeLessThan(8000);
  });

  it('sends the bytes as they are, marked Vary, to a client that accepts no encoding', async () => {
    const html = (await get('/').expect(200)).text;
    const css = /<link rel="stylesheet" href="(\/assets\/app-[A-Z0-9]+\.css)">/.exec(html)?.[1];
    expect(css).toBeTruthy();
    const plain = await get(css!).set('Accept-Encoding', '').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    const zipped = await get(css!).set('Accept-Encoding', 'gzip').expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(Number(plain.headers['content-length'])).toBeGreaterThan(1000);
    expect(plain.text).toBe(zipped.text);
  });

  it('serves the same bytes from memory on every request', async () => {
    const a = await get('/privacy-policy').set('Accept-Encoding', 'identity');
    const b = await get('/privacy-policy').set('Accept-Encoding', 'identity');
    expect(a.headers.etag).toBe(b.headers.etag);
    expect(a.text).toBe(b.text);
  });
});

describe('static files come from one folder only', () => {
  it.each([
    '/.env',
    '/.git/HEAD',
    '/package.json',
    '/assets/../package.json',
    '/assets/..%2f..%2fpackage.json',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
    '/%2e%2e/package.json',
    '/assets/..%5c..%5cpackage.json',
    '/assets/manifest.json',
    '/manifest.json',
    '/server/app.ts',
  ])('%s is 404', async (path) => {
    const res = await request(app.handler).get(path);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('"devDependencies"');
    expect(res.text).not.toContain('createApp');
  });

  it('does not answer 500 to malformed percent-encoding', async () => {
    const res = await get('/assets/%E0%A4%A');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
