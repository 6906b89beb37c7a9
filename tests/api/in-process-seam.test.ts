/**
 * The content API has two ways in: HTTP (what the CLI and external scripts use, through the whole
 * Express app) and the in-process seam (what the panel's proxy and loaders use). Both run the same
 * route table; these hold them to the same answers — statuses, bodies and the headers a client acts
 * on — and prove they share the API's state: its rate limits and its audit log.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '../../server/api/http/call.ts';
import { createLogger } from '../../server/logger.ts';
import { PREFIX, startApi, type ApiHarness } from './harness.ts';
import { publish } from './releases-harness.ts';

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Without the admin's bearer token. */
  anonymous?: boolean;
}

// Not ETag as such: Express hashes every HTTP body it sends into one (HTTP framing, as Content-Length);
// a record's version is the API's own ETag, compared where the API gives one.
const HEADERS = [
  'allow',
  'retry-after',
  'cache-control',
  'x-change-set-recorded',
  'content-disposition',
  'x-release',
  'content-location',
];

describe('the in-process seam answers as HTTP does', () => {
  let api: ApiHarness;
  const log = createLogger({ logLevel: 'silent' });

  beforeAll(async () => {
    api = await startApi('sqlite');
  });
  afterAll(() => api?.close());

  const headersOf = (call: Call): Record<string, string> => ({
    ...(call.anonymous ? {} : { authorization: `Bearer ${api.token}` }),
    ...Object.fromEntries(Object.entries(call.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
  });

  const overHttp = async (call: Call) => {
    let test = request(api.app)[call.method.toLowerCase() as 'get'](`${PREFIX}${call.path}`);
    for (const [name, value] of Object.entries(headersOf(call))) test = test.set(name, value);
    const res = await (call.body === undefined ? test : test.send(call.body));
    return { status: res.status, headers: res.headers as Record<string, string>, text: res.text };
  };

  const inProcess = async (call: Call) => {
    const answer: ApiAnswer = await api.seam({
      method: call.method,
      url: call.path,
      headers: headersOf(call),
      body: call.body === undefined ? null : Buffer.from(call.body),
      ip: '127.0.0.1',
      id: randomUUID(),
      log,
    });
    const headers = Object.fromEntries(Object.entries(answer.headers).map(([k, v]) => [k.toLowerCase(), v]));
    let text = '';
    if (answer.stream) for await (const chunk of answer.stream) text += String(chunk);
    else if (answer.json !== undefined) text = JSON.stringify(answer.json);
    return { status: answer.status, headers, text, json: answer.json };
  };

  const same = async (call: Call, status: number) => {
    const [http, seam] = [await overHttp(call), await inProcess(call)];
    const name = `${call.method} ${call.path}`;
    expect(http.status, name).toBe(status);
    expect(seam.status, name).toBe(status);
    expect(seam.text, name).toBe(http.text);
    // The panel's loaders get the value itself, never written and read as JSON: it must be what
    // a browser reads from the text (ISO strings, not Dates), or server and browser render apart.
    if (seam.json !== undefined)
      expect(seam.json, `${name}: a plain JSON value`).toEqual(JSON.parse(seam.text));
    for (const header of HEADERS)
      expect(seam.headers[header], `${name}: ${header}`).toBe(http.headers[header]);
    if (seam.headers.etag) expect(seam.headers.etag, `${name}: version`).toBe(http.headers.etag);
  };

  const json = { 'Content-Type': 'application/json' };

  it('reads, searches and refuses alike', async () => {
    await same({ method: 'GET', path: '/languages/cms/search/?size=2' }, 200);
    await same({ method: 'GET', path: '/LANGUAGES/CMS/SEARCH' }, 200);
    await same({ method: 'GET', path: '/languages/cms/search/?sort=nope' }, 400);
    await same({ method: 'GET', path: '/languages/cms/999999' }, 404);
    const made = await api.post('languages/cms', { language: 'Readable Both Ways' });
    const id = made.body.id as number;
    await same({ method: 'GET', path: `/languages/cms/${id}` }, 200);
    await same({ method: 'GET', path: '/languages/cms/abc' }, 400);
    // Over HTTP the app refuses a malformed path before the API (rejectMalformedPaths); in
    // process the API's router refuses it itself.
    expect((await inProcess({ method: 'GET', path: '/languages/cms/%E0%A4%A' })).status).toBe(400);
    await same({ method: 'GET', path: '/levels/cms/search/?solvable=yes' }, 200);
    await same({ method: 'GET', path: '/levels/cms/search/?solvable=maybe' }, 400);
    await same({ method: 'GET', path: '/openapi.json', anonymous: true }, 200);
  });

  it('routes alike: 404 for unknown paths and operations, 405 with Allow', async () => {
    await same({ method: 'GET', path: '/no/such/thing' }, 404);
    await same({ method: 'PUT', path: '/user-levels/cms', headers: json, body: '{}' }, 404);
    await same({ method: 'POST', path: '/audit/cms/bulk-delete', headers: json, body: '{"ids":[1]}' }, 404);
    await same({ method: 'POST', path: '/languages/cms/search', headers: json, body: '{}' }, 405);
    await same({ method: 'DELETE', path: '/levels/cms/search' }, 405);
    await same({ method: 'GET', path: '/auth/login' }, 405);
  });

  it('authorizes alike', async () => {
    await same({ method: 'GET', path: '/languages/cms/search', anonymous: true }, 401);
    await same(
      { method: 'GET', path: '/languages/cms/search', headers: { Authorization: 'Bearer nope' } },
      401,
    );
    await same({ method: 'GET', path: '/health/cms', anonymous: true }, 401);
  });

  it('reads bodies alike: missing, of another type, malformed, hostile, too large', async () => {
    const post = (body: string | undefined, headers: Record<string, string> = json): Call => ({
      method: 'POST',
      path: '/languages/cms',
      headers,
      ...(body === undefined ? {} : { body }),
    });
    await same(post(undefined, {}), 400);
    await same(post('language=x', { 'Content-Type': 'application/x-www-form-urlencoded' }), 415);
    await same(post('{"language":'), 400);
    await same(post('"just a string"'), 400);
    await same(post('{"__proto__":{"language":"x"}}'), 400);
    await same(post('{"language":""}'), 400);
    await same(post(JSON.stringify({ language: 'x'.repeat(200 * 1024) })), 413);
    await same(post('{"language":"x"}', { 'Content-Type': 'application/json; charset=latin1' }), 415);
    const login = (body: string): Call => ({
      method: 'POST',
      path: '/auth/login',
      headers: json,
      body,
      anonymous: true,
    });
    // Issue 46's routes read bodies too (no dictionary here: only the alphabet is checked).
    const words = (path: string, body: string): Call => ({ method: 'POST', path, headers: json, body });
    const language = (await api.post('languages/cms', { language: 'Checked Both Ways' })).body.id as number;
    await same(words('/words/cms/check', JSON.stringify({ languageId: language, words: ['hello'] })), 200);
    await same(words('/words/cms/check', '{"languageId":'), 400);
    await same(
      words(
        '/words/cms/decisions',
        JSON.stringify({ languageId: language, words: ['x'], decision: 'accepted' }),
      ),
      400,
    );
    await same(login('{"username":'), 400);
    await same(login(JSON.stringify({ username: 'x'.repeat(20_000), password: 'y' })), 413);
  });

  it('writes alike: the same statuses, versions, change-set counts and audit entries', async () => {
    const changeSet = { ...json, 'X-Change-Set': randomUUID(), 'X-Change-Set-Command': 'seam%20test' };
    const created = await inProcess({
      method: 'POST',
      path: '/languages/cms',
      headers: changeSet,
      body: JSON.stringify({ language: 'Seamish' }),
    });
    expect(created.status).toBe(201);
    expect(created.headers['x-change-set-recorded']).toBe('1');
    const id = (JSON.parse(created.text) as { id: number }).id;
    expect(created.headers.location).toBe(`${PREFIX}/languages/cms/${id}`);
    const read = await overHttp({ method: 'GET', path: `/languages/cms/${id}` });
    expect(read.headers.etag).toBe(created.headers.etag);
    // A stale version is refused alike (412), a current one accepted by either way.
    const stale = { ...json, 'If-Match': '"0-stale"' };
    await same(
      { method: 'PUT', path: `/languages/cms/${id}`, headers: stale, body: '{"language":"Seamy"}' },
      412,
    );
    const audit = await overHttp({
      method: 'GET',
      path: `/audit/cms/search/?entity=languages&entityId=${id}`,
    });
    expect(JSON.parse(audit.text)).toMatchObject({
      content: [{ action: 'create', username: 'admin', ip: '127.0.0.1' }],
    });
  });

  it('streams exports alike', async () => {
    await same({ method: 'GET', path: '/languages/cms/export?format=csv' }, 200);
    await same({ method: 'GET', path: '/languages/cms/export?format=jsonl&fields=id,language' }, 200);
    await same({ method: 'GET', path: '/languages/cms/export?page=1' }, 400);
  });

  it('answers the game’s reads of a release alike (the game lane, and the route table in process)', async () => {
    const language = (await api.post('languages/cms', { language: 'Seam' })).body.id as number;
    // The job's own wait (a publish starts its draft thread: over a second on a loaded machine).
    await publish(api, { notes: 'seam' });
    const current = `/releases/current/${language}`;
    await same({ method: 'GET', path: current }, 200);
    await same({ method: 'GET', path: `/releases/1/${language}` }, 200);
    const [http, seam] = [
      await overHttp({ method: 'GET', path: current }),
      await inProcess({ method: 'GET', path: current }),
    ];
    const etag = http.headers.etag!;
    expect(seam.headers.etag).toBe(etag);
    expect(seam.headers.vary).toBe(http.headers.vary);
    await same({ method: 'GET', path: current, headers: { 'If-None-Match': etag } }, 304);
    await same({ method: 'GET', path: `/releases/9/${language}` }, 404);
    await same({ method: 'GET', path: '/releases/current/x' }, 400);
    await same({ method: 'GET', path: current, anonymous: true }, 401);
    await same({ method: 'POST', path: current }, 405);
  });

  it('shares the rate limits: calls either way count against the same admin', async () => {
    const report: Call = { method: 'GET', path: '/health/cms' };
    for (let i = 0; i < 30; i += 1) {
      expect((await overHttp(report)).status).toBe(200);
      expect((await inProcess(report)).status).toBe(200);
    }
    const limited = await inProcess(report);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect((await overHttp(report)).status).toBe(429);
  });

  it('lets other requests in between: a loop of calls never starves the event loop', async () => {
    let looping = true;
    const health = request(api.app)
      .get('/healthz')
      .then((res) => ({ status: res.status, answeredDuringTheLoop: looping }));
    for (let i = 0; i < 500; i += 1) {
      await inProcess({ method: 'GET', path: '/languages/cms/search/?size=1' });
    }
    looping = false;
    expect(await health).toEqual({ status: 200, answeredDuringTheLoop: true });
  });
});
