import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type * as ClientApi from '#shared/api-client/index.ts';
import { describeBrowser, launchBrowser } from '../helpers/browser.ts';

const CLIENT_DIR = path.resolve(import.meta.dirname, '../../shared/api-client');

it('the client source uses no Node-only module or global', () => {
  for (const file of readdirSync(CLIENT_DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const source = readFileSync(path.join(CLIENT_DIR, file), 'utf8');
    expect(source, file).not.toMatch(/from ['"](node:|fs|path|http|https|os|crypto|undici)\b/);
    expect(source, file).not.toMatch(/\b(Buffer|process|require)\b/);
  }
});

/** The client bundled for the browser: esbuild fails on any Node built-in in the whole import graph. */
async function browserBundle(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(CLIENT_DIR, 'index.ts')],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

// The bundle exposes the module on `window` so the test can drive it with page.evaluate.
const PAGE =
  '<!doctype html><title>client</title><script type="module">' +
  "import * as api from '/client.js'; window.argusApi = api;</script>";

type ClientModule = typeof ClientApi;

describeBrowser('API client in Chromium', () => {
  let browser: Browser;
  let server: Server;
  let origin: string;
  const seen: string[] = [];

  beforeAll(async () => {
    const bundle = await browserBundle();
    let access = 'expired';
    // Same origin serves the page, the bundle and a fake API (the outside world).
    server = createServer((req, res) => {
      const auth = req.headers.authorization ?? '-';
      seen.push(`${req.method} ${req.url} ${auth} ${req.headers['x-argus-csrf'] ?? '-'}`);
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      if (req.url === '/') return res.writeHead(200, { 'Content-Type': 'text/html' }).end(PAGE);
      if (req.url === '/client.js')
        return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(bundle);
      if (req.url === '/api/auth/refresh-token') {
        access = 'fresh';
        return json(200, { accessToken: 'fresh', refreshToken: 'r2' });
      }
      if (auth !== 'Bearer fresh' && auth !== '-') return json(401, { message: 'expired' });
      if (req.url?.startsWith('/api/words/cms/search/')) {
        return json(200, {
          content: [{ id: 1, letters: 'tap', idLanguage: 2 }],
          pageable: { pageNumber: 1 },
          totalPages: 2,
          totalElements: 21,
          size: 20,
        });
      }
      if (req.method === 'POST' && req.url === '/api/languages/cms')
        return json(400, {
          message: 'Invalid language: language is required',
          fieldErrors: { language: ['is required'] },
        });
      json(404, { message: `no ${req.url} (${access})` });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  it('searches, refreshes on 401 and reports errors, unchanged, in the page', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => 'argusApi' in window);
    const outcome = await page.evaluate(async () => {
      const api = (window as unknown as { argusApi: ClientModule }).argusApi;
      let held: { accessToken: string; refreshToken: string | null } | null = {
        accessToken: 'old',
        refreshToken: 'r1',
      };
      const client = api.createApiClient({
        baseUrl: '/api',
        headers: { 'X-Argus-CSRF': '1' },
        tokens: { get: () => held, set: (t) => void (held = t) },
      });
      const found = await Promise.all([client.words.search({ page: 2 }), client.words.search({ page: 2 })]);
      const anonymous = api.createApiClient({ baseUrl: '/api' });
      const error = await anonymous.languages.create({ language: '' }).catch((e: unknown) => e);
      return {
        items: found[0]!.items,
        page: found[0]!.page,
        held,
        error:
          error instanceof api.ApiError
            ? { status: error.status, message: error.message, fieldErrors: error.fieldErrors }
            : String(error),
      };
    });
    expect(problems).toEqual([]);
    // Fields the answer leaves out come back as their defaults (a word's dictionary fields: null).
    expect(outcome.items).toEqual([
      {
        id: 1,
        letters: 'tap',
        languageId: 2,
        isActive: true,
        flags: null,
        decision: null,
        decisionReason: null,
      },
    ]);
    expect(outcome.page).toBe(2);
    expect(outcome.held).toEqual({ accessToken: 'fresh', refreshToken: 'r2' });
    expect(outcome.error).toEqual({
      status: 400,
      message: 'Invalid language: language is required',
      fieldErrors: { language: ['is required'] },
    });
    expect(seen.filter((line) => line.startsWith('GET /api/auth/refresh-token'))).toEqual([
      'GET /api/auth/refresh-token Bearer r1 1',
    ]);
    expect(seen.filter((line) => line.startsWith('GET /api/words'))).toHaveLength(4);
    expect(seen).toContain('POST /api/languages/cms - -');
    await page.close();
  });
});
