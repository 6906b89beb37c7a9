import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type DestinationStream, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { Config } from './config.ts';

export type { Logger };

export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      base: undefined,
      // Belt and braces: nothing that looks like a credential is ever written, whoever logs it.
      redact: {
        paths: [
          '*.password',
          '*.token',
          '*.accessToken',
          '*.refreshToken',
          '*.otp',
          '*.authorization',
          '*.cookie',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * One line per request: id, method, path (no query string), status and duration in ms. Headers
 * are deliberately left out so cookies and bearer tokens can never reach the log.
 */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (_req: IncomingMessage, res: ServerResponse) => {
      const id = randomUUID();
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request',
    customAttributeKeys: { responseTime: 'durationMs' },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
    customLogLevel: (req, res, error) => {
      // A client that went away mid-request is ordinary traffic, not a server error.
      if (!res.writableEnded || (req as IncomingMessage).readableAborted) return 'info';
      // Probes every few seconds would drown the log: only their failures are worth a line.
      if (/^\/(healthz|readyz)(\?|$)/.test(req.url ?? '')) return res.statusCode >= 500 ? 'warn' : 'debug';
      return error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
    },
  });
}
