import type { RequestHandler } from 'express';
import { markActivity, stateOf } from '../session/session-data.ts';

export const PANEL_PREFIX = '/argusma-words-panel';
export const LOGIN_PATH = '/auth/login';
export const QR_CODE_PATH = '/auth/set-qr-code';

/**
 * SPEC §2 "Admin access and gating", on the server for every panel page (GET/HEAD under the
 * prefix, after the session and API routes): logged out → only the login page renders, anything
 * else goes to `/`; two-factor pending → only the QR/code page, anything else goes there;
 * logged in → the panel, and the two access pages lead to the panel home. Mounted at the prefix.
 */
export function panelGating(clock: () => number): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = req.path.replace(/\/+$/, '').toLowerCase();
    switch (stateOf(req.session)) {
      case 'logged-out':
        return path === LOGIN_PATH ? next() : res.redirect(302, '/');
      case 'two-factor':
        return path === QR_CODE_PATH ? next() : res.redirect(302, PANEL_PREFIX + QR_CODE_PATH);
      case 'logged-in':
        if (path === LOGIN_PATH || path === QR_CODE_PATH) return res.redirect(302, PANEL_PREFIX);
        // Moving around the panel is activity, like any API call it makes.
        markActivity(req.session, clock());
        return next();
    }
  };
}
