import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { PublicConfigProvider } from '#client/public-config.tsx';
import { routes } from '#client/routes.tsx';
import type { PublicConfig } from '#shared/public-config.ts';

/**
 * Hydrates pages rendered per request (the admin panel). Public pages never load this file. The
 * server puts the router's hydration data and the public settings into nonce'd script tags.
 */
const publicConfig = JSON.parse(document.getElementById('public-config')!.textContent!) as PublicConfig;
const router = createBrowserRouter(routes, { hydrationData: window.__staticRouterHydrationData });

hydrateRoot(
  document.getElementById('root')!,
  <PublicConfigProvider value={publicConfig}>
    <RouterProvider router={router} />
  </PublicConfigProvider>,
);
