import type { RequestHandler } from 'express';
import { gateRedirect, PANEL_PATH } from '#shared/panel-paths.ts';
import { markActivity, stateOf } from '../session/session-data.ts';

export const PANEL_PREFIX = PANEL_PATH;

/**
 * SPEC §2 "Admin access and gating", on the server for every panel page (GET/HEAD under the
 * prefix, after the session and API routes), with the same rule the panel's loaders apply to
 * client-side navigations (`gateRedirect`). Mounted at the prefix.
 */
export function panelGating(clock: () => number): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const state = stateOf(req.session);
    const target = gateRedirect(state, PANEL_PATH + req.path);
    if (target) return res.redirect(302, target);
    // Moving around the panel is activity, like any API call it makes.
    if (state === 'logged-in') markActivity(req.session, clock());
    next();
  };
}
