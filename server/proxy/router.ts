import { pipeline } from 'node:stream/promises';
import express, { Router, type ErrorRequestHandler } from 'express';
import { BULK_BODY_LIMIT } from '../api/http/json-body.ts';
import { safeError, sessionStatus } from '../session/http.ts';
import { forward, type ForwardDeps } from './forward.ts';

/**
 * `/argusma-words-panel/api/*`: the browser's door to the content API (see forward.ts). Bodies
 * are read raw, up to the content API's own largest limit (bulk), so a retry after a token
 * refresh sends exactly the same bytes. CSRF is checked before this router.
 */
export function proxyRouter(deps: ForwardDeps): Router {
  const router = Router();
  router.use(express.raw({ type: () => true, limit: BULK_BODY_LIMIT }));
  router.use(async (req, res, next) => {
    try {
      const body = Buffer.isBuffer(req.body) && req.body.length > 0 ? req.body : null;
      const outcome = await forward(req, deps, {
        method: req.method,
        url: req.url,
        headers: req.headers,
        body,
      });
      if (outcome.endSession) deps.session.clearCookie(res);
      sessionStatus(req, res, deps.clock());
      res.status(outcome.status).set(outcome.headers);
      if (!outcome.stream) return void res.send(outcome.body);
      // An export: relayed chunk by chunk with the client's pace (a failure midway cuts it short,
      // which the browser shows as a failed download, never as a whole one).
      await pipeline(outcome.stream, res).catch((error: unknown) => {
        req.log?.warn({ err: safeError(error) }, 'panel export relay ended early');
      });
    } catch (error) {
      next(error);
    }
  });
  router.use(proxyErrors);
  return router;
}

// Oversized or unreadable bodies are the client's fault; anything else is a 500 naming the request id.
const proxyErrors: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) return next(error);
  const status = Number((error as { status?: number }).status);
  if (status === 413) return res.status(413).json({ message: 'Request body is too large.' });
  if (status >= 400 && status < 500) return res.status(status).json({ message: 'Bad request.' });
  req.log?.error({ err: safeError(error) }, 'panel proxy failed');
  res.status(500).json({ message: 'Internal server error.', requestId: String(req.id) });
};
