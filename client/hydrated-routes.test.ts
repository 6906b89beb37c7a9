import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { hydratedRoutes } from './hydrated-routes.tsx';
import { routes } from './routes.tsx';

/** Every route with its id, depth first. */
const walk = (table: RouteObject[]): RouteObject[] => table.flatMap((r) => [r, ...walk(r.children ?? [])]);

describe('the route table the browser hydrates', () => {
  it('names every panel route explicitly, with the same ids as the server table', () => {
    // The hydration data is keyed by route id; generated ids depend on the table's shape, which
    // differs between the server's table (public pages included) and the browser's.
    const panel = walk(hydratedRoutes).filter((r) => r.id !== 'outside-panel');
    for (const route of panel) expect(route.id, `route ${route.path ?? '(index)'}`).toMatch(/^[a-z]/);
    const serverIds = new Set(walk(routes).map((r) => r.id));
    for (const route of panel) expect(serverIds.has(route.id), route.id).toBe(true);
  });

  it('leaves the public pages out: any other address is a full page load', () => {
    const paths = walk(hydratedRoutes).map((r) => r.path);
    expect(paths).not.toContain('terms-of-service');
    expect(paths).toContain('*');
  });
});
