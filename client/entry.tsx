import { startTransition, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { PublicConfigProvider } from '#client/public-config.tsx';
import { hydratedRoutes } from '#client/hydrated-routes.tsx';
import type { PublicConfig } from '#shared/public-config.ts';

/**
 * Loads the lazy route modules of the page being hydrated before the router starts: with a lazy
 * route still unresolved the router would render its fallback instead of the server's markup.
 */
async function resolveLazyMatches(table: RouteObject[], location: Location): Promise<void> {
  const lazyRoutes = (matchRoutes(table, location) ?? [])
    .map((match) => match.route)
    .filter((route) => typeof route.lazy === 'function');
  await Promise.all(
    lazyRoutes.map(async (route) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, await load());
      delete route.lazy;
    }),
  );
}

/** Marks the document once hydrated (`<html data-hydrated>`): tests wait for it before typing. */
function HydrationMark({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return children;
}

/**
 * Hydrates pages rendered per request (the admin panel). Public pages never load this file. The
 * server puts the router's hydration data and the public settings into nonce'd script tags.
 */
const publicConfig = JSON.parse(document.getElementById('public-config')!.textContent!) as PublicConfig;
await resolveLazyMatches(hydratedRoutes, window.location);
const router = createBrowserRouter(hydratedRoutes, { hydrationData: window.__staticRouterHydrationData });

/**
 * Every error React recovers from (a hydration mismatch re-rendered on the client among them), catches
 * in an error boundary or cannot handle is written to the console with its component stack: a
 * mismatch is never silent, and the browser tests fail on any such line.
 */
const report =
  (kind: string) =>
  (error: unknown, info: { componentStack?: string }): void => {
    console.error(`React ${kind}:`, error, info.componentStack ?? '');
  };

// Hydrating in a transition lets React yield to the browser every few milliseconds instead of
// holding the main thread for the whole page: a tap during hydration is answered at once.
startTransition(() => {
  hydrateRoot(
    document.getElementById('root')!,
    <HydrationMark>
      <PublicConfigProvider value={publicConfig}>
        <RouterProvider router={router} />
      </PublicConfigProvider>
    </HydrationMark>,
    {
      onRecoverableError: report('recoverable error'),
      onCaughtError: report('error caught by a boundary'),
      onUncaughtError: report('uncaught error'),
    },
  );
});
