import { renderToString } from 'react-dom/server';
import {
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router';
import { PublicConfigProvider } from '#client/public-config.tsx';
import type { PublicConfig } from '#shared/public-config.ts';

/**
 * The React part of a page: the route table's markup for a queried context. One function for the
 * main thread and the render thread (render-thread.ts), so both write the very same HTML.
 */
export function renderApp(
  handler: StaticHandler,
  publicConfig: PublicConfig,
  context: StaticHandlerContext,
  nonce: string,
  hydrate: boolean,
): string {
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <PublicConfigProvider value={publicConfig}>
      <StaticRouterProvider router={router} context={context} nonce={nonce} hydrate={hydrate} />
    </PublicConfigProvider>,
  );
}
