import type { IncomingHttpHeaders } from 'node:http';
import type { Request, RequestHandler, Response as ExpressResponse } from 'express';
import { createApiClient, type ChangeSetTag } from '#shared/api-client/index.ts';
import type { Wire } from '#shared/api-client/wire.ts';
import type { PanelContext } from '#shared/panel-context.ts';
import { forward, type ForwardDeps } from '../proxy/forward.ts';
import { statusOf } from '../session/session-data.ts';
import { qrCodeSvg, totpKey } from '../session/qr-code.ts';
import { wireAnswer } from './wire-answer.ts';

const DEPS_KEY = 'argusPanelForward';

/** Installed by the panel router, so the page renderer can reach the proxy of this request. */
export function providePanelDeps(deps: ForwardDeps): RequestHandler {
  return (_req, res, next) => {
    res.locals[DEPS_KEY] = deps;
    next();
  };
}

/**
 * The loaders' `context` for a page request: the session's status, the QR code (and its manual
 * key) while one is waiting, and an API client bound to the session. The client calls the proxy in process, so
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
  // The proxy called with the call's parts: no URL, no Fetch objects, a JSON answer as its value.
  const wire: Wire = async (call) => {
    if (!deps) return { status: 404, headers: new Headers(), body: { message: 'Not found.' } };
    const headers: IncomingHttpHeaders = {};
    for (const [name, value] of Object.entries(call.headers)) headers[name.toLowerCase()] = value;
    const outcome = await forward(req, deps, {
      method: call.method,
      url: `/${call.path}${call.query ? `?${call.query}` : ''}`,
      headers,
      body: call.body === undefined ? null : Buffer.from(call.body),
      value: true,
    });
    if (outcome.endSession) deps.session.clearCookie(res);
    return wireAnswer(outcome);
  };

  return {
    api: createApiClient({
      wire,
      ...(changeSet ? { changeSet } : {}),
    }),
    session: statusOf(req.session, now),
    qrCodeSvg: await qrCodeSvg(req),
    totpKey: totpKey(req),
  };
}
