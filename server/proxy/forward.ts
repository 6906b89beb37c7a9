import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { Request } from 'express';
import type { PanelSession } from '../session/middleware.ts';
import { markActivity, stateOf } from '../session/session-data.ts';
import type { TokenRefresher } from '../session/token-refresh.ts';
import { BadProxyQuery, matchAllowedCall, type AllowedCall } from './allowed-routes.ts';
import { UpstreamError, type Upstream, type UpstreamAnswer } from './upstream.ts';
import { UPSTREAM_DOWN, UPSTREAM_SLOW } from '../session/http.ts';

export const SESSION_ENDED = 'Your session has ended. Please log in again.';

/** What a browser call asks for, independent of where it came from (HTTP or a server loader). */
export interface BrowserCall {
  method: string;
  /** Path and query under the proxy prefix, raw (as sent), e.g. `/levels/cms/search/?page=0`. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer | null;
  /** A JSON answer is wanted as its value (`json`) where the API can hand it over so (loaders). */
  value?: boolean;
}

export interface ProxyOutcome {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** An export's body, relayed as it arrives (see router.ts); `body` is then empty. */
  stream?: Readable;
  /** With `value`, a JSON answer as the embedded API made it; `body` is then empty. */
  json?: unknown;
  /** The session is over: the caller clears the cookie (the store entry is already gone). */
  endSession?: boolean;
}

// Forwarded from the browser: nothing that identifies or authenticates it (Cookie, Authorization,
// X-Forwarded-*, Origin) and nothing hop-by-hop. If-Match carries the version a form read (issue 12);
// the change-set pair groups a panel import's writes (validated by the API).
const REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'if-match',
  'if-none-match',
  'if-modified-since',
  'x-change-set',
  'x-change-set-command',
];
// Returned to the browser: never Set-Cookie, Location (an upstream URL) or server details. The
// recorded count tells a panel action whether its change set holds anything.
const RESPONSE_HEADERS = [
  'content-type',
  'content-language',
  'etag',
  'last-modified',
  'retry-after',
  'x-change-set-recorded',
];
const UNSAFE_VALUE = /[\r\n\0]/;

const json = (status: number, body: unknown, extra: Partial<ProxyOutcome> = {}): ProxyOutcome => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: Buffer.from(JSON.stringify(body)),
  ...extra,
});

export interface ForwardDeps {
  upstream: Upstream;
  session: PanelSession;
  refresher: TokenRefresher;
  clock: () => number;
}

/**
 * The backend-for-frontend: checks the call against the allow-list, sends it to the content API
 * with the session's bearer token, refreshes once on 401 (the body is kept for the retry) and
 * relays the answer. Nothing reaches the content API unless the call matched.
 */
export async function forward(req: Request, deps: ForwardDeps, call: BrowserCall): Promise<ProxyOutcome> {
  let allowed: AllowedCall | null;
  try {
    allowed = matchAllowedCall(call.method, call.url);
  } catch (error) {
    if (error instanceof BadProxyQuery) return json(400, { message: error.message });
    throw error;
  }
  if (!allowed) return json(404, { message: 'Not found.' });
  if (!req.session || stateOf(req.session) !== 'logged-in') return json(401, { message: SESSION_ENDED });

  const headers = browserHeaders(call.headers);
  if (typeof headers === 'string')
    return json(400, { message: `The ${headers} header holds control characters.` });
  // A body goes on only to an operation that takes one (the API refuses it elsewhere).
  const hasBody = allowed.spec.body !== undefined;
  if (hasBody && !/^application\/json\s*(;|$)/i.test(headers['content-type'] ?? '')) {
    return json(415, { message: 'Content-Type must be application/json' });
  }
  if (!hasBody) delete headers['content-type'];
  headers['x-request-id'] = String(req.id);

  const send = (accessToken: string): Promise<UpstreamAnswer> =>
    deps.upstream.send(req, {
      method: allowed.method,
      path: allowed.path,
      query: allowed.query,
      headers: { ...headers, authorization: `Bearer ${accessToken}` },
      body: hasBody ? (call.body ?? Buffer.alloc(0)) : null,
      ...(allowed.stream ? { stream: true } : {}),
      ...(call.value ? { value: true } : {}),
    });

  try {
    const token = req.session.auth!.accessToken!;
    let answer = await send(token);
    if (answer.status === 401) {
      if ((await deps.refresher.refresh(req, token)) === 'ended') {
        await deps.session.end(req, null);
        return json(401, { message: SESSION_ENDED }, { endSession: true });
      }
      answer = await send(req.session.auth!.accessToken!);
      if (answer.status === 401) {
        await deps.session.end(req, null);
        return json(401, { message: SESSION_ENDED }, { endSession: true });
      }
    }
    markActivity(req.session, deps.clock());
    return relay(answer, String(req.id));
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return unanswered(error, String(req.id));
  }
}

/**
 * The headers a browser call passes on (REQUEST_HEADERS), or the name of the first one that holds
 * control characters (the call is then refused).
 */
export function browserHeaders(given: IncomingHttpHeaders): Record<string, string> | string {
  const headers: Record<string, string> = {};
  for (const name of REQUEST_HEADERS) {
    const value = given[name];
    if (typeof value !== 'string') continue;
    if (UNSAFE_VALUE.test(value)) return name;
    headers[name] = value;
  }
  return headers;
}

/** A call the content API never answered: 504 when it was too slow, else 502, naming the request. */
export function unanswered(error: UpstreamError, requestId: string): ProxyOutcome {
  const timeout = error.kind === 'timeout';
  const message = error.kind === 'too-large' ? error.message : timeout ? UPSTREAM_SLOW : UPSTREAM_DOWN;
  return json(timeout ? 504 : 502, { message: `${message} (request ${requestId})`, requestId });
}

/**
 * An upstream 5xx body is never relayed (an HTML page, a stack trace, internals): our own JSON
 * names the request. A short one-line `{message}` from a 503 says which component is down
 * ("The database is unavailable") and is kept.
 */
function upstreamFailure(answer: UpstreamAnswer, requestId: string): ProxyOutcome {
  let message = answer.status === 503 ? UPSTREAM_DOWN : `The content API failed (status ${answer.status}).`;
  if (answer.status === 503) {
    try {
      const body = ('json' in answer ? answer.json : JSON.parse(answer.body.toString('utf8'))) as {
        message?: unknown;
      } | null;
      if (typeof body?.message === 'string' && /^[^\n<>{}]{1,120}$/.test(body.message))
        message = body.message;
    } catch {
      // not JSON: the generic message
    }
  }
  message = message.replace(/\s*\(request [^)]*\)\s*$/, '');
  const outcome = json(answer.status >= 502 ? answer.status : 502, {
    message: `${message} (request ${requestId})`,
    requestId,
  });
  const retryAfter = answer.headers['retry-after'];
  if (typeof retryAfter === 'string' && /^\d{1,5}$/.test(retryAfter))
    outcome.headers['retry-after'] = retryAfter;
  return outcome;
}

/** The content API's answer as the browser gets it (see upstreamFailure for 5xx). */
export function relay(answer: UpstreamAnswer, requestId: string): ProxyOutcome {
  if (answer.status >= 500) return upstreamFailure(answer, requestId);
  if (answer.status >= 300 && answer.status < 400 && answer.status !== 304) {
    return json(502, {
      message: 'The content API answered with a redirect, which is not followed.',
      requestId,
    });
  }
  const headers: Record<string, string> = {};
  for (const name of answer.stream ? [...RESPONSE_HEADERS, 'content-disposition'] : RESPONSE_HEADERS) {
    const value = answer.headers[name];
    if (typeof value === 'string' && !UNSAFE_VALUE.test(value)) headers[name] = value;
  }
  return {
    status: answer.status,
    headers,
    body: answer.body,
    ...(answer.stream ? { stream: answer.stream } : {}),
    ...('json' in answer ? { json: answer.json } : {}),
  };
}
