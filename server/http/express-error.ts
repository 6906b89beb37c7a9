import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler, Express, Request, Response } from 'express';

/**
 * A request a lane took (see fast-lane.ts) that failed after all, answered as Express would: the
 * app's request and response prototypes put on it, the headers the lane had set so far, then the
 * app's error handlers in order.
 */
export function answerError(
  app: Express,
  errors: ErrorRequestHandler[],
  error: unknown,
  req: IncomingMessage,
  res: ServerResponse,
  head: string[],
): void {
  Object.setPrototypeOf(req, app.request);
  Object.setPrototypeOf(res, app.response);
  const request = Object.assign(req as Request, { res });
  const response = Object.assign(res as Response, { req: request, locals: Object.create(null) });
  for (let i = 0; i < head.length; i += 2) response.setHeader(head[i]!, head[i + 1]!);
  const run = (at: number, reason: unknown): void => {
    const handle = errors[at];
    if (!handle) return void response.destroy();
    handle(reason, request, response, (next?: unknown) => run(at + 1, next ?? reason));
  };
  run(0, error);
}
