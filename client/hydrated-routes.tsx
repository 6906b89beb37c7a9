import { Outlet, redirectDocument, type RouteObject } from 'react-router';
import { lazy, Suspense } from 'react';
import { rootErrorBoundary } from '#client/shell/RootErrorBoundary.tsx';
import { adminRoutes } from '#client/admin/routes.tsx';

/**
 * The route table the browser hydrates: the panel only. Public pages are static documents that
 * never load client JavaScript, so their components stay out of the bundle; a client-side
 * navigation to any other address (a link to the site, a typed URL) becomes a full page load,
 * which the server answers with the public page or its 404. Route ids match client/routes.tsx
 * (the hydration data is keyed by them).
 */
const NotFound = lazy(() => import('#client/public/NotFound.tsx'));
const LazyNotFound = () => (
  <Suspense fallback={null}>
    <NotFound />
  </Suspense>
);

export const hydratedRoutes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: Outlet,
    ErrorBoundary: rootErrorBoundary(LazyNotFound),
    children: [
      ...adminRoutes,
      {
        id: 'outside-panel',
        path: '*',
        loader: ({ request }) => {
          throw redirectDocument(request.url);
        },
      },
    ],
  },
];
