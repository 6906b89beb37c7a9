import type { IncomingHttpHeaders } from 'node:http';
import type { Request, RequestHandler, Response as ExpressResponse } from 'express';
import { createApiClient, type ChangeSetTag } from '#shared/api-client/index.ts';
import type { PanelContext } from '#shared/panel-context.ts';
import { forward, type ForwardDeps } from '../proxy/forward.ts';
import { statusOf } from '../session/session-data.ts';
import { qrCodeSvg, totpKey } from '../session/qr-code.ts';
import { BufferedResponse } from './buffered-response.ts';
import { PANEL_PREFIX } from './gating.ts';

const DEPS_KEY = 'argusPanelForward';
// Only a label for the in-process fetch below: nothing is ever sent to this host.
const IN_PROCESS_BASE = `http://panel.invalid${PANEL_PREFIX}/api`;
const NO_BODY_STATUS = new Set([101, 204, 205, 304]);

/** Installed by the panel router, so the page renderer can reach the proxy of this request. */
export function providePanelDeps(deps: ForwardDeps): RequestHandler {
  return (_req, res, next) => {
    res.locals[DEPS_KEY] = deps;
    next();
  };
}

/**
 * The loaders' `context` for a page request: the session's status, the QR code (and its manual
 * key) while one is waiting, and an API client bound to the session. The client calls the proxy in-process, so
 * loaders get exactly the browser's rules (allow-list, bearer, refresh-on-401 shared with
 * concurrent requests, session end on a refused refresh) without an extra HTTP hop.
 */
export async function panelRequestContext(
  req: Request,
  res: ExpressResponse,
  changeSet?: ChangeSetTag,
): Promise<PanelContext> {
  const deps = res.locals[DEPS_KEY] as ForwardDeps | undefined;
  const now = deps?.clock() ?? Date.now();
  const sessionFetch = async (input: string | URL | globalThis.Request, init?: RequestInit) => {
    const url = new URL(input instanceof globalThis.Request ? input.url : String(input));
    if (!deps || !url.pathname.startsWith(`${PANEL_PREFIX}/api/`)) {
      return Response.json({ message: 'Not found.' }, { status: 404 });
    }
    const headers: IncomingHttpHeaders = {};
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const body = typeof init?.body === 'string' ? Buffer.from(init.body) : null;
    const outcome = await forward(req, deps, {
      method: (init?.method ?? 'GET').toUpperCase(),
      url: url.pathname.slice(`${PANEL_PREFIX}/api`.length) + url.search,
      headers,
      body,
    });
    if (outcome.endSession) deps.session.clearCookie(res);
    const payload = NO_BODY_STATUS.has(outcome.status) ? null : outcome.body;
    return new BufferedResponse(outcome.status, outcome.headers, payload) as unknown as Response;
  };

  return {
    api: createApiClient({
      baseUrl: IN_PROCESS_BASE,
      fetch: sessionFetch as typeof fetch,
      ...(changeSet ? { changeSet } : {}),
    }),
    session: statusOf(req.session, now),
    qrCodeSvg: await qrCodeSvg(req),
    totpKey: totpKey(req),
  };
}
