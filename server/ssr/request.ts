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
  req.on('close', () => controller.abort());
  return new Request(url, { method: req.method, headers, signal: controller.signal });
}
