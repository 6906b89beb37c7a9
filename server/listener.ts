import { createServer, type Server } from 'node:http';
import type { AppHandle } from './app.ts';

/**
 * The public HTTP server for an app: `handle.handler` and nothing else, so what the tests drive
 * (they take the same handler) is what production listens with (server/index.ts).
 */
export function listener(handle: Pick<AppHandle, 'handler'>): Server {
  const server = createServer(handle.handler);
  // An idle keep-alive connection stays open longer than a client pauses between two requests
  // (the CLI computing links for a minute): Node's 5 s default closes it under the client's next
  // request ("other side closed"). Headers must still arrive within the usual bound.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}
