import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../shared/api-client/index.ts';
import { word } from '../../shared/entities/index.ts';
import { upsertRows } from '../../cli/bulk/upsert.ts';
import { PREFIX, useApiWithFixture } from '../api/harness.ts';

/**
 * `upsertRows` with batches in flight together (`links build` sends two): the server never waits
 * for the client between two transactions, and the caller still gets every row's result in the
 * rows' order. In front of the real app, a real HTTP server that holds each bulk request 30 ms (a
 * slow link) and records how many were in flight at once.
 */
describe('bulk upserts with batches in flight together', () => {
  const { api, f } = useApiWithFixture('sqlite');
  let server: Server;
  let url = '';
  const bulk = { inFlight: 0, most: 0 };

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (!req.url?.includes('/cms/bulk')) return api.app(req, res);
      bulk.most = Math.max(bulk.most, ++bulk.inFlight);
      res.on('close', () => bulk.inFlight--);
      setTimeout(() => api.app(req, res), 30);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${PREFIX}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const client = () =>
    createApiClient({
      baseUrl: url,
      tokens: { get: () => ({ accessToken: api.token, refreshToken: '' }), set: () => undefined },
    });
  const rows = (tag: string) =>
    ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((letter, i) => ({
      // The fourth row is no word: rejected, at its own index.
      letters: i === 3 ? `${tag} ${letter}` : `${tag}${letter}`,
      languageId: f.english,
    }));

  it.each([
    { inFlight: 2, most: 2 },
    { inFlight: undefined, most: 1 },
  ])('inFlight $inFlight: at most $most requests at once, results in the rows’ order', async (c) => {
    bulk.most = 0;
    const tag = c.inFlight ? 'qux' : 'zed';
    const progress: number[] = [];
    const outcome = await upsertRows(client(), word, rows(tag), {
      dryRun: false,
      batchSize: 2,
      inFlight: c.inFlight,
      onProgress: (done) => progress.push(done),
    });
    expect(bulk.most).toBe(c.most);
    expect(outcome.counts).toEqual({ created: 6, updated: 0, unchanged: 0, rejected: 1 });
    expect(outcome.results.map((r) => [r.index, r.status])).toEqual([
      [0, 'created'],
      [1, 'created'],
      [2, 'created'],
      [3, 'rejected'],
      [4, 'created'],
      [5, 'created'],
      [6, 'created'],
    ]);
    expect(outcome.results[3]!.reason).toMatch(/letter/i);
    expect(progress.at(-1)).toBe(7);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    // Every created row is stored under the id its result gives.
    const stored = await api.get(`words/cms/search?letters=${tag}&size=20`);
    const ids = new Map(
      (stored.body.content as Array<{ id: number; letters: string }>).map((w) => [w.letters, w.id]),
    );
    for (const [i, row] of rows(tag).entries()) {
      if (i !== 3) expect(outcome.results[i]!.id).toBe(ids.get(row.letters));
    }
  });
});
