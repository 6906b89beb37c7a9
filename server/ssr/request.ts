import type { Request as ExpressRequest } from 'express';

/** Turns an Express request into the Fetch API Request that react-router's static handler expects. */
export function toFetchRequest(req: ExpressRequest, origin: string): Request {
  const url = new URL(req.originalUrl, origin);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const controller = new AbortController();
  // Loaders stop when the browser goes away before its answer. A request also closes after a
  // complete answer, when aborting would only build a DOMException (on every page) for nothing.
  req.on('close', () => {
    if (!req.res?.writableEnded) controller.abort();
  });
  return new Request(url, { method: req.method, headers, signal: controller.signal });
}
