import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '#shared/api-client/index.ts';
import { memoryTokens } from './harness.ts';

/** What the fake backend saw of one request. */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (seen: Seen, res: ServerResponse) => void;

/**
 * A real HTTP server on a random port standing in for another backend (the outside world): each
 * test sets `handler`; requests are recorded in `seen`.
 */
function fakeBackend() {
  const state = {
    handler: ((_, res) => res.end()) as Handler,
    seen: [] as Seen[],
    server: null as Server | null,
  };
  return Object.assign(state, {
    async start(): Promise<string> {
      state.server = createServer((req, res) => {
        const chunks: Uint8Array[] = [];
        req.on('data', (chunk: Uint8Array) => chunks.push(chunk));
        req.on('end', () => {
          const seen = {
            method: req.method!,
            url: req.url!,
            headers: req.headers,
            body: new TextDecoder().decode(concat(chunks)),
          };
          state.seen.push(seen);
          state.handler(seen, res);
        });
      });
      await new Promise<void>((resolve) => state.server!.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(state.server.address() as AddressInfo).port}/api`;
    },
    async stop() {
      state.server?.closeAllConnections();
      await new Promise<void>((resolve) => state.server?.close(() => resolve()) ?? resolve());
    },
  });
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) out.set(c, (at += c.length) - c.length);
  return out;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
};

describe('API client against a fake backend: naming variants, partial pages, errors, headers', () => {
  const backend = fakeBackend();
  let baseUrl: string;

  beforeAll(async () => {
    baseUrl = await backend.start();
  });
  afterEach(() => {
    backend.seen.length = 0;
  });
  afterAll(() => backend.stop());

  it('reads the other naming variant (idLanguage, userRole, coinCount, isTwoFA) and fills SPEC §3 defaults', async () => {
    backend.handler = (seen, res) => {
      if (seen.url.startsWith('/api/users/cms/search/')) {
        json(res, 200, {
          content: [
            { id: 7, username: 'ana', userRole: 'admin', coinCount: 12, idLanguage: 3, isTwoFA: true },
          ],
          pageable: { pageNumber: 0 },
          totalPages: 1,
        });
      } else json(res, 200, { id: 4, letters: 'pasta', idLanguage: 2, idStage: 9, languageId: 2 });
    };
    const client = createApiClient({ baseUrl });
    const page = await client.users.search();
    expect(page).toEqual({
      items: [expect.any(Object)],
      page: 1,
      size: 1,
      totalPages: 1,
      totalElements: 1,
      first: true,
      last: true,
    });
    expect(page.items[0]).toMatchObject({ id: 7, role: 'admin', coins: 12, languageId: 3, isTwoFa: true });
    expect(page.items[0]).toMatchObject({
      isActive: true,
      email: '',
      diamonds: 0,
      firstLoad: false,
      deletedAt: null,
    });
    expect(page.items[0]).not.toHaveProperty('userRole');
    expect(page.items[0]).not.toHaveProperty('coinCount');

    const group = await client.letterGroups.get(4);
    expect(group).toEqual({ id: 4, letters: 'pasta', languageId: 2, stageId: 9, isActive: true });
  });

  it('tolerates pages without totals or pageable, and counts from what is there', async () => {
    backend.handler = (seen, res) => {
      const page = Number(new URL(seen.url, 'http://x').searchParams.get('page'));
      // Full pages of 2 for pages 0 and 1, then one row; no totals at all.
      json(res, 200, { content: page < 2 ? [{ id: page * 2 + 1 }, { id: page * 2 + 2 }] : [{ id: 5 }] });
    };
    const client = createApiClient({ baseUrl });
    expect(await client.languages.search({ page: 2, size: 2 })).toMatchObject({
      page: 2,
      size: 2,
      first: false,
      last: false,
    });
    expect(await client.languages.search({ page: 3, size: 2 })).toMatchObject({
      page: 3,
      last: true,
      totalElements: 5,
      totalPages: 3,
    });
    const ids: number[] = [];
    for await (const language of client.languages.searchAll({ size: 2 })) ids.push(language.id);
    expect(ids).toEqual([1, 2, 3, 4, 5]);
    expect(backend.seen.slice(-3).map((s) => s.url)).toEqual([
      '/api/languages/cms/search/?page=0&size=2',
      '/api/languages/cms/search/?page=1&size=2',
      '/api/languages/cms/search/?page=2&size=2',
    ]);
    // A backend without the export extension: the same records, page by page.
    const exported: number[] = [];
    for await (const language of client.languages.exportAll()) exported.push(language.id);
    const asked = backend.seen.length;
    const paged: number[] = [];
    for await (const language of client.languages.searchAll()) paged.push(language.id);
    expect(exported).toEqual(paged);
    expect(backend.seen.slice(0, asked).map((s) => s.url)).toContain(
      '/api/languages/cms/export?format=jsonl',
    );
  });

  it('sends JSON, the extra headers and the bearer; a 204 delete resolves to the id asked for', async () => {
    backend.handler = (seen, res) =>
      seen.method === 'DELETE' ? res.writeHead(204).end() : json(res, 201, { id: 1, language: 'x' });
    const client = createApiClient({
      baseUrl: `${baseUrl}/`,
      headers: { 'X-Argus-CSRF': '1' },
      tokens: memoryTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' }),
    });
    await client.languages.create({ language: 'x' });
    expect(await client.languages.remove(31)).toBe(31);
    const [post, del] = backend.seen;
    expect(post).toMatchObject({ method: 'POST', url: '/api/languages/cms', body: '{"language":"x"}' });
    expect(post!.headers).toMatchObject({
      'content-type': 'application/json',
      'x-argus-csrf': '1',
      authorization: 'Bearer access-1',
    });
    expect(del).toMatchObject({ method: 'DELETE', url: '/api/languages/cms/31' });
  });

  it('429 gives retryAfter; a text body is the message; an empty body names the status', async () => {
    const answers = [
      (res: ServerResponse) => json(res, 429, { message: 'Too many attempts' }, { 'Retry-After': '120' }),
      (res: ServerResponse) =>
        res.writeHead(502, { 'Content-Type': 'text/html' }).end('Bad gateway from the proxy'),
      (res: ServerResponse) => res.writeHead(500).end(),
    ];
    backend.handler = (_seen, res) => answers.shift()!(res);
    const client = createApiClient({ baseUrl });
    const limited = await client.auth.login({ username: 'a', password: 'b' }).catch((e: ApiError) => e);
    expect(limited).toMatchObject({ status: 429, message: 'Too many attempts', retryAfter: 120 });
    const text = await client.words.get(1).catch((e: ApiError) => e);
    expect(text).toMatchObject({
      status: 502,
      message: 'Bad gateway from the proxy',
      body: 'Bad gateway from the proxy',
    });
    const empty = await client.words.get(1).catch((e: ApiError) => e);
    expect(empty).toMatchObject({ status: 500, message: expect.stringContaining('500'), fieldErrors: {} });
  });

  it('a refresh answering only {accessToken} keeps the refresh token; a second 401 is not refreshed again', async () => {
    const tokens = memoryTokens({ accessToken: 'old', refreshToken: 'keep-me' });
    backend.handler = (seen, res) => {
      if (seen.url === '/api/auth/refresh-token') return json(res, 200, { accessToken: 'new' });
      if (seen.headers.authorization === 'Bearer new' && seen.url === '/api/words/cms/1') {
        return json(res, 200, { id: 1, letters: 'ok', idLanguage: 1 });
      }
      return json(res, 401, { message: 'Token expired' });
    };
    const client = createApiClient({ baseUrl, tokens });
    expect(await client.words.get(1)).toMatchObject({ letters: 'ok', languageId: 1 });
    expect(tokens.current).toEqual({ accessToken: 'new', refreshToken: 'keep-me' });
    expect(backend.seen.find((s) => s.url === '/api/auth/refresh-token')?.headers.authorization).toBe(
      'Bearer keep-me',
    );

    backend.seen.length = 0;
    const still = await client.words.get(2).catch((e: ApiError) => e);
    expect(still).toMatchObject({ status: 401, message: 'Token expired' });
    expect(backend.seen.map((s) => s.url)).toEqual([
      '/api/words/cms/2',
      '/api/auth/refresh-token',
      '/api/words/cms/2',
    ]);
  });

  it('401 from login, verify-otp, refresh or logout never triggers a refresh', async () => {
    const tokens = memoryTokens({ accessToken: 'a', refreshToken: 'r' });
    backend.handler = (_seen, res) => json(res, 401, { message: 'No' });
    const client = createApiClient({ baseUrl, tokens });
    await expect(client.auth.login({ username: 'u', password: 'p' })).rejects.toMatchObject({ status: 401 });
    await expect(client.auth.verifyOtp({ username: 'u', otp: '1' }, 'two-factor')).rejects.toMatchObject({
      status: 401,
    });
    await expect(client.auth.refresh()).rejects.toMatchObject({ status: 401, message: 'No' });
    await client.auth.logout();
    expect(backend.seen.map((s) => `${s.url} ${s.headers.authorization ?? '-'}`)).toEqual([
      '/api/auth/login -',
      '/api/auth/verify-otp Bearer two-factor',
      '/api/auth/refresh-token Bearer r',
      '/api/auth/logout Bearer r',
    ]);
    expect(tokens.sets).toEqual([]);
  });

  it('verifyOtp reads the {token} variant of the answer', async () => {
    backend.handler = (_seen, res) => json(res, 200, { token: 'only-token' });
    const verified = await createApiClient({ baseUrl }).auth.verifyOtp({ username: 'u', otp: '1' }, 't');
    expect(verified).toMatchObject({ token: 'only-token', accessToken: 'only-token' });
  });
});

describe('API client without a response: network error and timeout', () => {
  it('a closed port gives an ApiError with status null and the network error message', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const error = await createApiClient({ baseUrl: `http://127.0.0.1:${port}/api` })
      .words.search()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: null, body: null, fieldErrors: {} });
    expect((error as ApiError).message).toMatch(/fetch failed.*ECONNREFUSED/);
  });

  it('a server that never answers gives an ApiError after timeoutMs', async () => {
    const hung: ServerResponse[] = [];
    const server = createServer((_req, res) => hung.push(res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const started = Date.now();
      const error = await createApiClient({ baseUrl: `http://127.0.0.1:${port}/api`, timeoutMs: 300 })
        .words.get(1)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: null, message: 'Request timed out after 0.3 s' });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(hung).toHaveLength(1);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
