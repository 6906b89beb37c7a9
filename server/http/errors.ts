import type { ErrorRequestHandler } from 'express';
import type { Logger } from '../logger.ts';
import { unavailableMessage } from './unavailable.ts';

const GONE = new Set(['ECONNABORTED', 'ECONNRESET', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * Last resort for errors outside page rendering. Client errors (malformed URLs, bad bodies) keep
 * their 4xx status and a short message; anything else is a 500 that names the request id, never
 * the stack.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    const code = (error as { code?: unknown }).code;
    if (req.destroyed || res.destroyed || (typeof code === 'string' && GONE.has(code))) {
      // The client went away (closed the tab, timed out): nothing to answer, nothing wrong here.
      logger.info({ reqId: req.id, code }, 'client disconnected before the answer');
      if (!res.headersSent && !res.destroyed) res.destroy();
      return;
    }
    if (res.headersSent) return next(error);
    const down = unavailableMessage(error);
    if (down) {
      // A dependency is down (database, session store): the request fails, the process goes on.
      // The driver's code (SQLITE_BUSY_SNAPSHOT, 57P01…) tells an operator which failure it was.
      logger.warn({ err: { message: (error as Error).message, code }, reqId: req.id }, down);
      const message = `${down}. Please try again in a moment. (request ${String(req.id)})`;
      res.set('Retry-After', '5').status(503);
      if (
        req.accepts(['html', 'json']) === 'json' ||
        req.path.includes('/session/') ||
        req.path.includes('/api/')
      ) {
        res.json({ message, requestId: String(req.id) });
      } else {
        res.type('text/plain').send(message);
      }
      return;
    }
    const status = Number(
      (error as { status?: number }).status ?? (error as { statusCode?: number }).statusCode,
    );
    const clientError = status >= 400 && status < 500;
    if (!clientError) logger.error({ err: error, reqId: req.id }, 'unhandled error');
    res
      .status(clientError ? status : 500)
      .type('text/plain')
      .send(
        clientError ? (error as Error).message || 'Bad request' : `Internal server error (request ${req.id})`,
      );
  };
}
