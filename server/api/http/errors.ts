import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { FieldErrors } from '#shared/entities/index.ts';
import type { Logger } from '../../logger.ts';
import { databaseErrorStatus } from './database-errors.ts';
import { unavailableMessage } from '../../http/unavailable.ts';

/** An answer for the client: `{ message, fieldErrors? }` with a 4xx status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  get body(): { message: string; fieldErrors?: FieldErrors } {
    return this.fieldErrors
      ? { message: this.message, fieldErrors: this.fieldErrors }
      : { message: this.message };
  }
}

export const badRequest = (message: string, fieldErrors?: FieldErrors) =>
  new ApiError(400, message, fieldErrors);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);

/** Bounded echo of something a client sent, for messages. */
export function quote(value: string, max = 60): string {
  return JSON.stringify(value.length > max ? `${value.slice(0, max)}…` : value);
}

/** Any path under the API prefix that nothing answered. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No API endpoint ${req.method} ${quote(req.path, 120)}` });
};

// body-parser's error types → what the client is told.
const BODY_ERRORS: Record<string, string> = {
  'entity.parse.failed': 'The body is not valid JSON',
  'entity.too.large': 'The body is too large',
  'encoding.unsupported': 'Unsupported content encoding',
  'charset.unsupported': 'Unsupported charset: send UTF-8 JSON',
  'request.aborted': 'The request was aborted',
  'request.size.invalid': 'The body does not match its Content-Length',
};

/**
 * The API's last handler: every answer is JSON. Client mistakes keep their 4xx status; constraint
 * violations that slipped past the checks (a concurrent write) become 409/400; anything else is a
 * logged 500 naming the request id, never the stack.
 */
export function apiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof ApiError) {
      res.set(error.headers).status(error.status).json(error.body);
      return;
    }
    const type = (error as { type?: unknown }).type;
    const status = Number((error as { status?: unknown }).status);
    if (typeof type === 'string' && status >= 400 && status < 500) {
      res.status(status).json({ message: BODY_ERRORS[type] ?? 'The body could not be read' });
      return;
    }
    const down = unavailableMessage(error);
    if (down) {
      const requestId = String(req.id);
      // The driver's code (SQLITE_BUSY, 57P01…) tells an operator which failure it was.
      const code = (error as { code?: unknown }).code;
      req.log?.warn({ err: { message: (error as Error).message, code }, reqId: req.id }, down);
      res
        .set('Retry-After', '5')
        .status(503)
        .json({ message: `${down} (request ${requestId})`, requestId });
      return;
    }
    const database = databaseErrorStatus(error);
    if (database) {
      res.status(database.status).json({ message: database.message });
      return;
    }
    if (status >= 400 && status < 500) {
      res.status(status).json({ message: (error as Error).message || 'Bad request' });
      return;
    }
    logger.error({ err: error, reqId: req.id }, 'unhandled API error');
    res.status(500).json({ message: `Internal server error (request ${String(req.id)})` });
  };
}
