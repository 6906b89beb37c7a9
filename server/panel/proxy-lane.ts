import type { IncomingMessage, ServerResponse } from 'node:http';
import etag from 'etag';
import type { ErrorRequestHandler, Express } from 'express';
import { answerError } from '../http/express-error.ts';
import type { Observer } from '../http/fast-lane.ts';
import { matchAllowedCall, upstreamUrl, type AllowedCall } from '../proxy/allowed-routes.ts';
import { browserHeaders, relay, unanswered, type ProxyOutcome } from '../proxy/forward.ts';
import { UpstreamError, type Upstream } from '../proxy/upstream.ts';
import { IDLE_DEADLINE_HEADER } from '../session/http.ts';
import type { PanelSession } from '../session/middleware.ts';
import { activityIsCurrent, expiresAt, isExpired, stateOf } from '../session/session-data.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface ProxyLaneOptions {
  /** Where every request the lane does not answer goes (Express, or a lane in front of it). */
  next: Handler;
  /** `{PANEL_PREFIX}/api`. */
  prefix: string;
  session: Pick<PanelSession, 'peek'>;
  upstream: Pick<Upstream, 'base' | 'send'>;
  clock: () => number;
  /** Whether the content API holds this access token for a live admin now (it will not answer 401). */
  knownToken: (token: string) => boolean;
  /** The browser's IP as Express reads it (trust proxy): the proxy passes it on to the API. */
  ipOf: (req: IncomingMessage) => string | undefined;
  /** The request log: `track` does what its middleware does but set the id header. */
  log: { track(req: IncomingMessage, res: ServerResponse): string };
  /** Synchronous middleware that only watches the response (metrics), run as Express would. */
  observe: Observer[];
  /** The security headers with a fresh nonce, name and value alternating (withSecurityHeaders). */
  security: () => string[];
  /** compression(), for a request that accepts an encoding (as compressWhenAccepted runs it). */
  compress: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  /** The app and the error handlers a session store failure goes through there, in order. */
  app: Express;
  errors: ErrorRequestHandler[];
}

interface Taken {
  allowed: AllowedCall;
  headers: Record<string, string>;
}

// Conditional answers are left to Express: its freshness check runs on the panel's side as well.
const DECLINED = ['if-none-match', 'if-modified-since'];

/**
 * The panel's reads (every list, form and search the browser fetches) cost more in Express than
 * in the content API: some thirty layers, express-session's hashes and wrappers, the raw-body
 * parser on an empty GET, res.send's checks. The lane answers `GET {PANEL_PREFIX}/api/...` itself
 * when its outcome is already known up to the API's answer: an allowed call that is not an export,
 * no conditional headers, a logged-in session whose activity is recent enough that nothing would
 * be saved (markActivity), and an access token the API already holds for a live admin. It reads
 * the session from the store as express-session would, makes the same in-process call to the API
 * (upstream.send, so the API logs and measures it as before) and writes the same status, headers
 * in the same order and body as the proxy router: one log line and one metric for the panel call.
 * Anything else is handed to Express before the lane has done anything; a 401 (the token ended
 * since) or an unexpected failure is handed over after, and Express neither logs nor measures the
 * request a second time.
 */
export function withProxyLane(options: ProxyLaneOptions): Handler {
  const { next, prefix, session, clock, knownToken } = options;
  const take = (req: IncomingMessage): Taken | null => {
    if (req.method !== 'GET') return null;
    const url = req.url ?? '';
    if (!url.startsWith(prefix) || url.charCodeAt(prefix.length) !== 47 /* / */) return null;
    for (const name of DECLINED) if (req.headers[name] !== undefined) return null;
    // A body on a GET is read (and its size limit enforced) by the proxy router: Express's.
    const length = req.headers['content-length'];
    if ((length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined)
      return null;
    let allowed: AllowedCall | null;
    try {
      allowed = matchAllowedCall('GET', url.slice(prefix.length));
    } catch {
      return null; // Express answers the 400, naming the parameter.
    }
    const headers = browserHeaders(req.headers);
    return allowed && !allowed.stream && typeof headers !== 'string' ? { allowed, headers } : null;
  };

  return (req, res) => {
    const taken = take(req);
    if (!taken) return next(req, res);
    session.peek(req).then(
      (data) => {
        const now = clock();
        const token = data?.auth?.accessToken;
        const ready =
          data &&
          token &&
          stateOf(data) === 'logged-in' &&
          !isExpired(data, now) &&
          activityIsCurrent(data, now) &&
          knownToken(token);
        if (!ready) return next(req, res);
        answer(options, req, res, taken, token, expiresAt(data)!);
      },
      // Answered here: Express would wait for the failing store a second time.
      (error: unknown) => storeFailed(options, req, res, error),
    );
  };
}

/** The log line, the metrics and the headers the app and the panel router set before the proxy. */
function track(options: ProxyLaneOptions, req: IncomingMessage, res: ServerResponse) {
  const request = Object.assign(req, { originalUrl: req.url ?? '', ip: options.ipOf(req) });
  const id = options.log.track(request, res);
  for (const step of options.observe) step(request, res, noop);
  // As compressWhenAccepted: a request that accepts no encoding gets Vary here, compression's otherwise.
  const encoded = req.headers['accept-encoding'] !== undefined;
  const head: Array<string | number> = ['X-Request-Id', id, ...options.security()];
  if (!encoded) head.push('Vary', 'Accept-Encoding');
  head.push('Cache-Control', 'no-store');
  return { request, id, head, encoded };
}

/** The session store failed (Redis down): the app's error handler answers its 503, as in Express. */
function storeFailed(options: ProxyLaneOptions, req: IncomingMessage, res: ServerResponse, error: unknown) {
  const { head, encoded } = track(options, req, res);
  const run = () => answerError(options.app, options.errors, error, req, res, head as string[]);
  if (encoded) options.compress(req, res, run);
  else run();
}

function answer(
  options: ProxyLaneOptions,
  req: IncomingMessage,
  res: ServerResponse,
  taken: Taken,
  token: string,
  idleDeadline: number,
): void {
  const { next, upstream } = options;
  const tracked = track(options, req, res);
  const { request, id } = tracked;
  const headers = { ...taken.headers, 'x-request-id': id, authorization: `Bearer ${token}` };
  const url = upstreamUrl(upstream.base(request), taken.allowed);
  upstream
    .send(request, { method: 'GET', url, headers, body: null })
    .then(
      (answer) =>
        answer.status === 401
          ? next(req, res)
          : write(options, req, res, tracked, relay(answer, id), idleDeadline),
      (error: unknown) =>
        error instanceof UpstreamError
          ? write(options, req, res, tracked, unanswered(error, id), idleDeadline)
          : next(req, res),
    )
    .catch((error: unknown) => (res.headersSent ? res.destroy(error as Error) : next(req, res)));
}

/** The proxy router's answer: the app's headers, the session's deadline, the relayed ones, res.send's. */
function write(
  options: ProxyLaneOptions,
  req: IncomingMessage,
  res: ServerResponse,
  { head, encoded }: ReturnType<typeof track>,
  outcome: ProxyOutcome,
  idleDeadline: number,
): void {
  head.push(IDLE_DEADLINE_HEADER, String(idleDeadline));
  for (const [name, value] of Object.entries(outcome.headers)) head.push(name, value);
  head.push('Content-Length', outcome.body.length);
  if (outcome.headers.etag === undefined) head.push('ETag', etag(outcome.body));
  if (!encoded) return void res.writeHead(outcome.status, head as string[]).end(outcome.body);
  options.compress(req, res, () => {
    for (let i = 0; i < head.length; i += 2) res.setHeader(head[i] as string, head[i + 1]!);
    res.statusCode = outcome.status;
    res.end(outcome.body);
  });
}

const noop = () => undefined;
