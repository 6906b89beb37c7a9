import type { ErrorRequestHandler } from 'express';
import type { Logger } from '../logger.ts';

/**
 * Last resort for errors outside page rendering. Client errors (malformed URLs, bad bodies) keep
 * their 4xx status and a short message; anything else is a 500 that names the request id, never
 * the stack.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
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
