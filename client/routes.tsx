import type { RouteObject } from 'react-router';
import { Outlet } from 'react-router';
import { rootErrorBoundary } from '#client/shell/RootErrorBoundary.tsx';
import NotFound from '#client/public/NotFound.tsx';
import Landing, { handle as landingHandle } from '#client/public/Landing.tsx';
import Terms, { handle as termsHandle } from '#client/public/Terms.tsx';
import Privacy, { handle as privacyHandle } from '#client/public/Privacy.tsx';
import About, { handle as aboutHandle } from '#client/public/About.tsx';
import { adminRoutes } from '#client/admin/routes.tsx';
import { PUBLIC_PAGES, type PublicPath } from '#shared/public-pages.ts';

/** Each public page's screen (a page missing here is a type error: shared/public-pages.ts lists them). */
const PUBLIC_SCREENS: Record<PublicPath, Pick<RouteObject, 'Component' | 'handle'>> = {
  '/': { Component: Landing, handle: landingHandle },
  '/terms-of-service': { Component: Terms, handle: termsHandle },
  '/privacy-policy': { Component: Privacy, handle: privacyHandle },
  '/about-us': { Component: About, handle: aboutHandle },
};

/**
 * The one route table: the server renders it with a static handler, the client hydrates it with a
 * browser router. Public pages are marked `static` in their handle (no client JavaScript); the
 * admin panel (client/admin/routes.tsx) is rendered per request and hydrated.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: Outlet,
    ErrorBoundary: rootErrorBoundary(NotFound),
    children: [
      ...PUBLIC_PAGES.map(({ path }): RouteObject =>
        path === '/'
          ? { index: true, ...PUBLIC_SCREENS[path] }
          : { path: path.slice(1), ...PUBLIC_SCREENS[path] },
      ),
      ...adminRoutes,
    ],
  },
];
