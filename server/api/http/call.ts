import type { Readable } from 'node:stream';
import type { Logger } from '../../logger.ts';
import type { Actor } from '../auth/context.ts';
import type { ChangeSetTag } from '../audit/change-set.ts';

/**
 * What every operation of the content API works on (docs/decisions/005-one-way-to-the-content-api.md):
 * a plain context in, an ApiAnswer out. Operations are declared once (operation.ts) and run by one
 * dispatcher (dispatch.ts), for Express's requests and the panel's calls in process alike: the same
 * validation, authorization, rate limits and audit either way.
 */

/** A request's body as read: its bytes, or why it could not be read (too large, aborted…). */
export type RawBody = { bytes: Buffer | null } | { error: { status: number; type: string } };

/** The request's parts as the operation's schemas parsed them (operation.ts). */
export interface Input {
  params: unknown;
  query: unknown;
  body: unknown;
}

export interface ApiContext<I extends Input = Input> {
  method: string;
  /** The path under the API prefix, as sent (percent-encoded). */
  path: string;
  /** The path's `:name` parts, decoded. */
  params: Record<string, string>;
  /** Params, query and body as the declaration's schemas parsed them (set before the operation's steps). */
  input: I;
  /** The query string, parsed as Express's default (`simple`) parser does. */
  query: Record<string, string | string[] | undefined>;
  /** A request header (name in any case). */
  header(name: string): string | undefined;
  /** Reads the body, at most `limit` bytes; only routes that take one call it. */
  readBody(limit: number): Promise<RawBody>;
  /** Set by jsonBody(). */
  body?: unknown;
  /** The client's address (for the panel's calls: the browser's). */
  ip: string;
  /** The request id the logs and error messages name. */
  id: string;
  log: Logger;
  /** The API prefix, `/arguscreative/{product}`, for Location headers. */
  prefix: string;
  /** Set by requireAdmin. */
  actor?: Actor;
  /** Set by changeSetHeader: the change set the request's writes join. */
  changeSet?: ChangeSetTag;
  /** Run on the answer before it is sent (a header that depends on what the steps did). */
  finishing: Array<(answer: ApiAnswer) => void>;
}

export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  /** A JSON value; absent: no body (204). */
  json?: unknown;
  /** A body written as it is produced (exports); `json` is then absent. */
  stream?: Readable;
  /**
   * The body's bytes are final (a release bundle in the encoding the client chose, compressed
   * once when it was published): never compressed again per request.
   */
  final?: boolean;
}

/**
 * One step of an operation: answers (and the operation ends there), or returns nothing and the
 * next step runs.
 */
export type Step<I extends Input = Input> = (
  ctx: ApiContext<I>,
) => ApiAnswer | void | Promise<ApiAnswer | void>;

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): ApiAnswer => ({
  status,
  headers,
  json: body,
});

export const noContent = (): ApiAnswer => ({ status: 204, headers: {} });
