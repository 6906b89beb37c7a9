import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, Request, RequestHandler, Response } from 'express';

/** What the fast lane sends: a response built from memory, or undefined to leave it to Express. */
export type FastResponder = (path: string) => ((req: Request, res: Response) => void) | undefined;

/**
 * The public pages are pre-rendered bytes, yet Express's router costs more per request than the
 * page itself (its own overhead alone halves a bare server's throughput). A GET for a page the
 * responder already holds skips the router: Express's request and response objects are set up as
 * `app.handle` does, the same middleware instances that would run first (request log, metrics,
 * nonce, security headers) run in the same order, and the stored bytes are sent. Anything else
 * (other methods, percent-encoded or absolute-form paths, pages not yet rendered) goes to Express.
 */
export function withFastLane(app: Express, steps: RequestHandler[], respond: FastResponder) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const send =
      (req.method === 'GET' || req.method === 'HEAD') && path.startsWith('/') && !path.includes('%')
        ? respond(path)
        : undefined;
    if (!send) {
      app(req, res);
      return;
    }
    const request = req as Request;
    const response = res as Response;
    request.res = response;
    response.req = request;
    Object.setPrototypeOf(request, app.request);
    Object.setPrototypeOf(response, app.response);
    response.locals = Object.create(null) as Response['locals'];
    request.originalUrl = url;
    // Each step is synchronous middleware that calls next() before returning.
    for (const step of steps) {
      let passed = false;
      void step(request, response, (error?: unknown) => {
        passed = error === undefined;
      });
      if (!passed) {
        response.status(500).end();
        return;
      }
    }
    send(request, response);
  };
}
