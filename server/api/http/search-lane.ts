import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import etag from 'etag';
import type { ErrorRequestHandler, Express } from 'express';
import type { AnyEntity } from '#shared/entities/index.ts';
import type { Actor } from '../auth/context.ts';
import { answerError } from '../../http/express-error.ts';
import type { Observer } from '../../http/fast-lane.ts';
import { parseSearchQuery, type SearchRequest } from '../resources/search-query.ts';

/** The content API's list searches, as the lane needs them (server/api/index.ts gives them). */
export interface SearchReads {
  /** The entity answered at `{resource}/cms/search` by the plain search route, if any. */
  entity(resource: string): AnyEntity | undefined;
  /** requireAdmin's verdict on a bearer token when it is known without reading the database. */
  rememberedActor(token: string): Actor | null;
  search(entity: AnyEntity, request: SearchRequest): Promise<unknown>;
}

export interface SearchLaneOptions {
  /** Where every request the lane does not take goes (the app, or a lane in front of it). */
  next: (req: IncomingMessage, res: ServerResponse) => void;
  /** The Express app that serves the API: its request and response for a failed search. */
  app: Express;
  /** `/arguscreative/{product}`. */
  prefix: string;
  reads: SearchReads;
  /** The request log: `track` does what its middleware does but set the id header. */
  log: { track(req: IncomingMessage, res: ServerResponse): string };
  /** Synchronous middleware that only watches the response (metrics), run as Express would. */
  observe: Observer[];
  /** What the app's own middleware sets before the API's (security headers with a fresh nonce,
   * Vary), name and value alternating; none for the embedded API's in-process calls. */
  headers?: () => string[];
  /** Synchronous middleware the app's mount runs first (the internal client IP). */
  before?: Observer;
  /** The error handlers a failed search goes through in the app, in order. */
  errors: ErrorRequestHandler[];
}

const SEARCH = /^\/([a-z]+(?:-[a-z]+)*)\/cms\/search\/?$/;
const BEARER = /^Bearer\s+([A-Za-z0-9_-]{1,200})\s*$/i;
// Whatever these ask for (a change set, compression, a conditional answer) is left to Express.
const DECLINED = [
  'x-change-set',
  'x-change-set-command',
  'accept-encoding',
  'if-none-match',
  'if-modified-since',
];

/**
 * A list search with a known admin token is the API's hottest read (every panel list, every CLI
 * page, P3/P4 of the bench), and Express's part of it (two prototype swaps, a walk of some thirty
 * layers, a dozen setHeader calls, res.json's own checks) cost about as much as the query. The
 * lane answers `GET {prefix}/{resource}/cms/search[/]` itself when everything about the request is
 * already known to succeed up to the query: a remembered admin token, a query that parses, nothing
 * asked of compression, change sets or conditional answers. It writes the same status, headers in
 * the same order, body and ETag, the same log line and metrics, with one writeHead. Anything else,
 * including a token not yet remembered, is handed to Express untouched, before the lane has done
 * anything; a search that fails goes through the app's own error handlers.
 */
export function withSearchLane(options: SearchLaneOptions) {
  const { next, app, prefix, reads, log, observe, headers, before, errors } = options;
  const take = (req: IncomingMessage): { entity: AnyEntity; request: SearchRequest } | null => {
    if (req.method !== 'GET') return null;
    const url = req.url ?? '';
    if (!url.startsWith(prefix) || url.charCodeAt(prefix.length) !== 47 /* / */) return null;
    const mark = url.indexOf('?');
    const path = url.slice(prefix.length, mark === -1 ? undefined : mark);
    const resource = SEARCH.exec(path)?.[1];
    const entity = resource === undefined ? undefined : reads.entity(resource);
    if (!entity) return null;
    for (const name of DECLINED) if (req.headers[name] !== undefined) return null;
    const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !reads.rememberedActor(token)) return null;
    try {
      return {
        entity,
        request: parseSearchQuery(entity, parseQuery(mark === -1 ? '' : url.slice(mark + 1))),
      };
    } catch {
      return null; // Express answers the 400, naming the parameter.
    }
  };

  return (req: IncomingMessage, res: ServerResponse): void => {
    const taken = take(req);
    if (!taken) {
      next(req, res);
      return;
    }
    const request = Object.assign(req, { originalUrl: req.url ?? '' });
    before?.(request, res, noop);
    const id = log.track(request, res);
    for (const step of observe) step(request, res, noop);
    const head: Array<string | number> = [
      'X-Request-Id',
      id,
      ...(headers?.() ?? []),
      'Cache-Control',
      'no-store',
    ];
    reads.search(taken.entity, taken.request).then(
      (answer) => {
        const body = Buffer.from(JSON.stringify(answer));
        head.push('Content-Type', 'application/json; charset=utf-8', 'Content-Length', body.length);
        head.push('ETag', etag(body));
        res.writeHead(200, head as string[]).end(body);
      },
      (error: unknown) => answerError(app, errors, error, req, res, head as string[]),
    );
  };
}

const noop = () => undefined;
