import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler } from 'express';
import type { Upstream } from '../proxy/upstream.ts';
import { SESSION_ENDED } from '../proxy/forward.ts';
import { unavailableMessage } from '../http/unavailable.ts';
import { safeError, sendMessage, sessionStatus } from './http.ts';
import { loginRoute } from './panel-login-route.ts';
import type { PanelSession } from './middleware.ts';
import { qrCodeSvg, totpKey } from './qr-code.ts';
import { markActivity, stateOf } from './session-data.ts';
import { verifyOtpRoute } from './panel-verify-otp-route.ts';
import { enrolRoute } from './enrol-route.ts';

export interface SessionRouteDeps {
  session: PanelSession;
  upstream: Upstream;
  clock: () => number;
  /** A session's absolute lifetime (REFRESH_TOKEN_TTL): the API's token family ends then too. */
  sessionLifetimeMs: number;
  /** Revokes the session's refresh token upstream (best effort: failures are logged). */
  revoke(req: Request): Promise<void>;
}

const jsonOnly: RequestHandler = (req, res, next) => {
  if (!req.is('application/json')) return sendMessage(res, 415, 'Content-Type must be application/json');
  next();
};

const wrap =
  (handler: RequestHandler): RequestHandler =>
  async (req, res, next) => {
    try {
      await handler(req, res, next);
    } catch (error) {
      next(error);
    }
  };

/**
 * `/argusma-words-panel/session`: the browser-facing auth endpoints (contract F, docs/api.md
 * "The panel's session endpoints"). Every answer is JSON (the QR code SVG aside) and never holds a token.
 */
export function sessionRouter(deps: SessionRouteDeps): Router {
  const { session, clock } = deps;
  const router = Router();
  router.use(express.json({ limit: '16kb' }));

  // Reading the status does not count as activity: polling it must not keep a session alive.
  router.get('/', (req, res) => {
    res.json(sessionStatus(req, res, clock()));
  });

  router.get(
    '/qr-code.svg',
    wrap(async (req, res) => {
      const svg = await qrCodeSvg(req);
      if (svg === null) return sendMessage(res, 404, 'No QR code is waiting to be scanned.');
      res.type('image/svg+xml').send(svg);
    }),
  );

  // The manual key under the QR code, for apps that cannot scan (while enrolling only).
  router.get('/totp-key', (req, res) => {
    const key = totpKey(req);
    if (key === null) return sendMessage(res, 404, 'No enrolment is waiting for its first code.');
    res.json({ key });
  });

  router.post('/login', jsonOnly, wrap(loginRoute(deps)));
  router.post('/verify-otp', jsonOnly, wrap(verifyOtpRoute(deps)));
  router.post('/enrol', jsonOnly, wrap(enrolRoute(deps)));

  router.post(
    '/keep-alive',
    wrap(async (req, res) => {
      if (stateOf(req.session) === 'logged-out') return sendMessage(res, 401, SESSION_ENDED);
      markActivity(req.session, clock());
      res.json(sessionStatus(req, res, clock()));
    }),
  );

  router.post(
    '/logout',
    wrap(async (req, res) => {
      await deps.revoke(req);
      await session.end(req, res);
      res.status(204).end();
    }),
  );

  router.use(sessionErrors);
  return router;
}

const sessionErrors: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) return next(error);
  const status = Number((error as { status?: number }).status);
  if (status === 413) return sendMessage(res, 413, 'Request body is too large.');
  if (status >= 400 && status < 500) return sendMessage(res, 400, 'Request body is not valid JSON.');
  // The session store or the database is down: 503 naming it, handled by the app's last handler.
  if (unavailableMessage(error)) return next(error);
  req.log?.error({ err: safeError(error) }, 'panel session endpoint failed');
  res.status(500).json({ message: 'Internal server error.', requestId: String(req.id) });
};
