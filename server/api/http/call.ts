import type { Readable } from 'node:stream';
import type { Logger } from '../../logger.ts';
import type { Actor } from '../auth/context.ts';
import type { ChangeSetTag } from '../audit/change-set.ts';

/**
 * The content API as plain data (docs/decisions/005-one-way-to-the-content-api.md): every route is
 * a method, a path and steps over an ApiContext, answering an ApiAnswer. Express serves the table
 * to HTTP clients (express-routes.ts); the panel calls the same table in process (in-process.ts).
 * Both ways run the same steps: validation, authorization, rate limits, audit.
 */

/** A request's body as read: its bytes, or why it could not be read (too large, aborted…). */
export type RawBody = { bytes: Buffer | null } | { error: { status: number; type: string } };

export interface ApiContext {
  method: string;
  /** The path under the API prefix, as sent (percent-encoded). */
  path: string;
  /** The path's `:name` parts, decoded. */
  params: Record<string, string>;
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
}

/**
 * One step of a route: answers (and the route ends there), or returns nothing and the next step
 * runs. A route whose last step answers nothing declines: the next matching route is tried.
 */
export type Step = (ctx: ApiContext) => ApiAnswer | void | Promise<ApiAnswer | void>;

export type Method = 'get' | 'post' | 'put' | 'delete';

export interface ApiRoute {
  /** Under the API prefix, in Express's syntax (`/words/cms/:id`). */
  path: string;
  methods: Partial<Record<Method, Step[]>>;
  /** Declining is allowed, and other methods pass on instead of being 405 (see solvability). */
  passThrough?: boolean;
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): ApiAnswer => ({
  status,
  headers,
  json: body,
});

export const noContent = (): ApiAnswer => ({ status: 204, headers: {} });

/** The methods a path answers, as `Allow` says them (GET brings HEAD). */
export function allowOf(route: ApiRoute): string {
  const methods = Object.keys(route.methods) as Method[];
  return [...methods, ...(route.methods.get ? ['head'] : [])].map((m) => m.toUpperCase()).join(', ');
}

/** Every route of `routes` under `prefix`, each method's steps preceded by `steps`. */
export function under(prefix: string, steps: Step[], routes: ApiRoute[]): ApiRoute[] {
  return routes.map((route) => ({
    ...route,
    path: route.path === '/' ? prefix : `${prefix}${route.path}`,
    methods: Object.fromEntries(
      Object.entries(route.methods).map(([method, own]) => [method, [...steps, ...own]]),
    ),
  }));
}
