import { randomUUID } from 'node:crypto';
import { IncomingMessage, type ServerResponse } from 'node:http';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.ts';

export type { Logger };

/**
 * Lines go to stdout unless a destination is given. They are written asynchronously: every request
 * logs a line (a panel page one, its API calls running in process under it: decision 005), and
 * synchronous writes cost the event loop time on each and stalled it whenever the disk or the pipe
 * was slow. pino flushes what is still buffered when the process exits (process.exit included).
 */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination: DestinationStream = pino.destination({ dest: 1, sync: false }),
): Logger {
  return pino(
    {
      level: config.logLevel,
      base: undefined,
      // Belt and braces: nothing that looks like a credential is ever written, whoever logs it.
      redact: {
        // Top level and one level down (`{ password }` and `{ body: { password } }`).
        paths: ['password', 'token', 'accessToken', 'refreshToken', 'otp', 'authorization', 'cookie'].flatMap(
          (name) => [name, `*.${name}`],
        ),
        censor: '[redacted]',
      },
    },
    destination,
  );
}

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What a request's line (and every line its handlers write through `req.log`) says of it. */
interface RequestFields {
  id: string;
  method: string;
  path: string;
}

declare module 'http' {
  interface IncomingMessage {
    /** This request's id (requestLogger), also sent as X-Request-Id. */
    id: string;
    /** Lines written through it carry the request's id, method and path. */
    log: Logger;
  }
}

type LoggedRequest = IncomingMessage & { originalUrl?: string; [LOG]?: RequestLog };

const LOG = Symbol('request log');
interface RequestLog {
  logger: Logger;
  fields: () => RequestFields;
  child?: Logger;
}

// `req.log` is one getter for every request, made on first use from what requestLogger left on the
// request. A getter defined per request gave each request object a hidden class of its own: under
// load that filled the old space with garbage and forced frequent full collections.
Object.defineProperty(IncomingMessage.prototype, 'log', {
  configurable: true,
  get(this: LoggedRequest) {
    const log = this[LOG];
    return log && (log.child ??= log.logger.child({ req: log.fields() }));
  },
});

/**
 * One line per request: id, method, path (no query string), status and duration in ms, at the
 * level its outcome deserves. Headers are deliberately left out so cookies and bearer tokens can
 * never reach the log. `req.id` is the id (also sent as X-Request-Id) and `req.log` a logger whose
 * lines carry the request's fields.
 *
 * The lines are those pino-http wrote, built directly: it ran on every request (the cached public
 * pages included) and its per-request child loggers, serializers and redaction cost more CPU than
 * sending the page. The request line holds no user data, so it skips redaction; `req.log` keeps it.
 */
export function requestLogger(logger: Logger) {
  const lines = logger.child({}, { redact: [] });
  /** Everything but the response header: returns the id, for a caller that writes its own head. */
  const track = (req: LoggedRequest, res: ServerResponse): string => {
    const started = Date.now();
    const id = randomUUID();
    req.id = id;
    const fields = (): RequestFields => ({
      id,
      method: req.method ?? '',
      path: (req.originalUrl ?? req.url ?? '').split('?')[0]!,
    });
    req[LOG] = { logger, fields };
    const done = () => {
      res.removeListener('finish', done);
      res.removeListener('close', done);
      const level = levelOf(req, res);
      if (!lines.isLevelEnabled(level)) return;
      const line: Record<string, unknown> = { req: fields(), res: { status: res.statusCode } };
      if (res.statusCode >= 500) line.err = new Error(`failed with status code ${res.statusCode}`);
      line.durationMs = Date.now() - started;
      lines[level](line, 'request');
    };
    res.on('finish', done);
    res.on('close', done);
    return id;
  };
  const middleware = (req: LoggedRequest, res: ServerResponse, next: () => void): void => {
    res.setHeader(REQUEST_ID_HEADER, track(req, res));
    next();
  };
  return Object.assign(middleware, { track });
}

function levelOf(req: IncomingMessage, res: ServerResponse): 'debug' | 'info' | 'warn' | 'error' {
  // A client that went away mid-request is ordinary traffic, not a server error.
  if (!res.writableEnded || req.readableAborted) return 'info';
  // Probes every few seconds would drown the log: only their failures are worth a line.
  if (/^\/(healthz|readyz)(\?|$)/.test(req.url ?? '')) return res.statusCode >= 500 ? 'warn' : 'debug';
  return res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
}
