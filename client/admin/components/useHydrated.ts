import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

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

/**
 * The navigation's state (what a form handed over: its message, the record it saved), null while
 * the server renders and while React hydrates, like `useHydrated`. Unlike it, a page that carries no
 * state renders once: React renders again after hydration only when the two snapshots differ, and
 * a list re-rendered whole for nothing, outside the hydration's time slices, blocked the phone's
 * main thread for the length of a render.
 */
export function useArrivalState(): unknown {
  const state: unknown = useLocation().state;
  return useSyncExternalStore(
    never,
    () => state ?? null,
    () => null,
  );
}
