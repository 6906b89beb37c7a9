import { createServer, request, type Server } from 'node:http';

export interface NoBulkProxy {
  /** The proxy's API base URL (same path as the app's). */
  api: string;
  /** `METHOD /path` of every request that reached the app, in order. */
  forwarded: string[];
  close(): Promise<void>;
}

/**
 * A backend without the bulk extension: a real HTTP proxy in front of the app that answers 404 to
 * every `…/cms/bulk` (as a contract-only backend would) and forwards everything else unchanged.
 */
export async function startNoBulkProxy(appUrl: string, apiPath: string): Promise<NoBulkProxy> {
  const target = new URL(appUrl);
  const forwarded: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (/\/cms\/bulk\/?(\?|$)/.test(url)) {
      req.resume();
      res
        .writeHead(404, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ message: 'Not found' }));
      return;
    }
    forwarded.push(`${req.method} ${url.split('?')[0]}`);
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    api: `http://127.0.0.1:${port}${apiPath}`,
    forwarded,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
