import type { FieldErrors } from '#shared/entities/index.ts';
import type { Logger } from '../../logger.ts';
import { databaseErrorStatus } from './database-errors.ts';
import { unavailableMessage } from '../../http/unavailable.ts';
import { json, type ApiAnswer } from './call.ts';

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

/**
 * A refusal of the whole request (the write gate, a change set of another account): never caught
 * as one row's rejection, so the transaction it happens in rolls back and nothing is kept.
 */
export class Refusal extends ApiError {}

/**
 * Whether an error refuses one row of a bulk request (the row is listed as rejected or refused,
 * the others go on): a 4xx found before that row was written. Anything else ends the request.
 */
export const isRowRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && !(error instanceof Refusal);

export const badRequest = (message: string, fieldErrors?: FieldErrors) =>
  new ApiError(400, message, fieldErrors);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);

/** Bounded echo of something a client sent, for messages. */
export function quote(value: string, max = 60): string {
  return JSON.stringify(value.length > max ? `${value.slice(0, max)}…` : value);
}

/** Any path under the API prefix that nothing answered. */
export const notFoundAnswer = (method: string, path: string): ApiAnswer =>
  json({ message: `No API endpoint ${method} ${quote(path, 120)}` }, 404);

/** A method the path does not answer: 405 naming the ones it does. */
export const notAllowedAnswer = (method: string, allow: string): ApiAnswer =>
  json({ message: `${method} is not allowed here; use ${allow}` }, 405, { Allow: allow });

// body-parser's error types → what the client is told.
export const BODY_ERRORS: Record<string, string> = {
  'entity.parse.failed': 'The body is not valid JSON',
  'entity.too.large': 'The body is too large',
  'encoding.unsupported': 'Unsupported content encoding',
  'charset.unsupported': 'Unsupported charset: send UTF-8 JSON',
  'request.aborted': 'The request was aborted',
  'request.size.invalid': 'The body does not match its Content-Length',
  'request.timeout': 'The body did not arrive within 10 seconds',
};

/**
 * What a failed step answers: client mistakes keep their 4xx status; constraint violations that
 * slipped past the checks (a concurrent write) become 409/400; a database that is down is a 503
 * naming the request; anything else is a logged 500 naming the request id, never the stack.
 */
export function errorAnswer(error: unknown, request: { id: string; log: Logger }): ApiAnswer {
  if (error instanceof ApiError) return json(error.body, error.status, error.headers);
  const type = (error as { type?: unknown }).type;
  const status = Number((error as { status?: unknown }).status);
  if (type === 'request.timeout')
    return json({ message: `${BODY_ERRORS[type]} (request ${request.id})`, requestId: request.id }, 408);
  if (typeof type === 'string' && status >= 400 && status < 500) {
    return json({ message: BODY_ERRORS[type] ?? 'The body could not be read' }, status);
  }
  const down = unavailableMessage(error);
  if (down) {
    // The driver's code (SQLITE_BUSY, 57P01…) tells an operator which failure it was.
    const code = (error as { code?: unknown }).code;
    request.log.warn({ err: { message: (error as Error).message, code }, reqId: request.id }, down);
    return json({ message: `${down} (request ${request.id})`, requestId: request.id }, 503, {
      'Retry-After': '5',
    });
  }
  const database = databaseErrorStatus(error);
  if (database) return json({ message: database.message }, database.status);
  if (status >= 400 && status < 500) {
    return json({ message: (error as Error).message || 'Bad request' }, status);
  }
  request.log.error({ err: error, reqId: request.id }, 'unhandled API error');
  return json({ message: `Internal server error (request ${request.id})` }, 500);
}
