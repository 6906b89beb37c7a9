import express, { type Express, type RequestHandler, type Router } from 'express';
import type { Config } from '../config.ts';
import { errorHandler } from '../http/errors.ts';
import type { Logger } from '../logger.ts';
import { internalClientIp } from './internal-client-ip.ts';

/**
 * What the panel proxy's in-process calls are handed to (see in-process.ts): the embedded API as
 * the private listener serves it, with the same request log line, metrics, internal client IP,
 * API router (its own 404, 405 and errors) and final error handler, and with the app's settings.
 * Left out is only what shapes a browser's answer and never reaches one through the proxy, which
 * relays a handful of response headers (forward.ts): security headers and CSP nonce, compression
 * (never asked for: Accept-Encoding is not forwarded), static files and pages. That is about 80 µs
 * of CPU per proxied call.
 */
export function embeddedApiApp(deps: {
  config: Config;
  logger: Logger;
  /** The app's own request logger and metrics, so the call is logged and counted as before. */
  observe: RequestHandler[];
  prefix: string;
  internalKey: string;
  api: Router;
}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');
  app.set('trust proxy', deps.config.trustProxy);
  app.use(...deps.observe);
  app.use(deps.prefix, internalClientIp(deps.internalKey), deps.api);
  app.use(errorHandler(deps.logger));
  return app;
}
