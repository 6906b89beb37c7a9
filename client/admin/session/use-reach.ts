import { useRouteLoaderData } from 'react-router';
import { FULL_REACH, type Reach } from '#shared/permissions.ts';
import type { AdminLayoutData } from '../layout/AdminLayout.tsx';

/**
 * What the signed-in account may reach (issue 33), from the session the panel's frame loaded, and
 * the same in words. Screens use it to offer only what will be allowed, and to say why not; the
 * content API enforces it either way.
 */
export function useReach(): { reach: Reach; text: string } {
  const data = useRouteLoaderData('admin') as AdminLayoutData | undefined;
  return {
    reach: data?.session.reach ?? FULL_REACH,
    text: data?.session.reachText ?? FULL_REACH.permissions,
  };
}
