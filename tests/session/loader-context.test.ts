import type { RouteObject } from 'react-router';
import { Outlet, useLoaderData } from 'react-router';
import { createElement } from 'react';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes as appRoutes } from '#client/routes.tsx';
import type { PanelContext } from '#shared/panel-context.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { FakeUpstream } from './fake-upstream.ts';
import { CSRF, PANEL, panelCookie, readPanelAuth, secretsOf } from './helpers.ts';

/** A panel page whose loader uses the context the server hands to loaders. */
function ProbePage() {
  const data = useLoaderData<{ state: string; status: string; qr: boolean }>();
  return createElement('p', { id: 'probe' }, `${data.state} ${data.status} ${String(data.qr)}`);
}

const probeRoutes: RouteObject[] = [
  {
    path: PANEL,
    Component: Outlet,
    children: [
      {
        path: 'probe',
        Component: ProbePage,
        loader: async ({ context }) => {
          const panel = context as unknown as PanelContext;
          let status: string;
          try {
            const page = await panel.api.resource('level').search({ page: 1 });
            status = `items:${page.items.length}`;
          } catch (error) {
            status = `error:${(error as { status?: number }).status}`;
          }
          return { state: panel.session.state, status, qr: panel.qrCodeSvg !== null };
        },
      },
      {
        path: 'auth/set-qr-code',
        Component: ProbePage,
        loader: ({ context }) => {
          const panel = context as unknown as PanelContext;
          return {
            state: panel.session.state,
            status: 'none',
            qr: Boolean(panel.qrCodeSvg?.startsWith('<svg')),
          };
        },
      },
    ],
  },
  ...appRoutes,
];

describe('the loaders’ context (panelRequestContext)', () => {
  const upstream = new FakeUpstream();
  let app: TestApp;

  beforeAll(async () => {
    await upstream.start();
    app = await startTestApp({ UPSTREAM_API_URL: upstream.url }, { routes: probeRoutes });
  });
  afterAll(async () => {
    await app?.stop();
    await upstream.stop();
  });

  it('gives loaders the QR code while two-factor is pending', async () => {
    const login = await request(app.handler)
      .post(`${PANEL}/session/login`)
      .set(CSRF)
      .send({ username: 'admin', password: 'pw' });
    const page = await request(app.handler)
      .get(`${PANEL}/auth/set-qr-code`)
      .set('Cookie', panelCookie(login)!);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('two-factor none true');
    const auth = await readPanelAuth(app, panelCookie(login)!);
    for (const secret of secretsOf(auth)) expect(page.text).not.toContain(secret);
  });

  it('gives loaders a session-bound client that refreshes an expired token unnoticed', async () => {
    const login = await request(app.handler)
      .post(`${PANEL}/session/login`)
      .set(CSRF)
      .send({ username: 'admin', password: 'pw' });
    const verify = await request(app.handler)
      .post(`${PANEL}/session/verify-otp`)
      .set(CSRF)
      .set('Cookie', panelCookie(login)!)
      .send({ otp: '123456' });
    const cookie = panelCookie(verify)!;
    upstream.expireAccessTokens();
    const refreshes = upstream.refreshCalls;
    const page = await request(app.handler).get(`${PANEL}/probe`).set('Cookie', cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('logged-in items:0 false');
    expect(upstream.refreshCalls).toBe(refreshes + 1);
    const auth = await readPanelAuth(app, cookie);
    for (const secret of secretsOf(auth)) expect(page.text).not.toContain(secret);
    expect(upstream.seen.at(-1)!.url).toBe('/arguscreative/words/levels/cms/search/?page=0');
  });
});
