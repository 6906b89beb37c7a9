import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as it reached the server. */
export interface Recorded {
  method: string;
  /** The URL's path, as sent (still percent-encoded). */
  path: string;
  query: URLSearchParams;
  /** The body's text; '' when none was sent. */
  body: string;
  headers: IncomingHttpHeaders;
}

/**
 * An answer every client method can read: a page (`content`, `last`), a token pair, a draft
 * (`diff`). The client's reading of answers is not under test here, only what it asks.
 */
const ANSWER = JSON.stringify({
  content: [],
  last: true,
  accessToken: 'access',
  token: 'access',
  refreshToken: 'refresh',
  diff: null,
});

/**
 * A real HTTP server on a random port that records every request and answers it with ANSWER (an
 * export with an empty JSON Lines stream), for driving the API client without the API.
 */
export async function startRecorder(basePath: string) {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://recorder');
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        body: Buffer.concat(chunks).toString('utf8'),
        headers: req.headers,
      });
      if (url.pathname.endsWith('/export')) {
        res.writeHead(200, { 'Content-Type': 'application/x-ndjson' }).end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json', ETag: '"v1"' }).end(ANSWER);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${basePath}`,
    /** The requests recorded since the last take. */
    take: (): Recorded[] => requests.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
