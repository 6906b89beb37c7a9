import compression from 'compression';
import type { RequestHandler } from 'express';

/**
 * compression() for requests that accept an encoding. The others (the CLI, scripts, a load
 * balancer's probe) get the body as is, marked `Vary: Accept-Encoding` so a shared cache keeps it
 * apart from a compressed copy, without compression wrapping every write of their answers.
 */
export function compressWhenAccepted(): RequestHandler {
  const compress = compression();
  return (req, res, next) => {
    if (req.headers['accept-encoding']) return compress(req, res, next);
    res.vary('Accept-Encoding');
    next();
  };
}
