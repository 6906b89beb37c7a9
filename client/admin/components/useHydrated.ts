import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while the server renders and while React hydrates its markup, true afterwards. What only
 * the browser knows (a navigation's state, which survives a reload in the tab's history) must wait
 * for it, or the first client render would differ from the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
