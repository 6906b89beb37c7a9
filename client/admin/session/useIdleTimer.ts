import { useEffect, useRef, useState } from 'react';
import type { SessionStatus } from '#shared/panel-context.ts';
import { sessionApi } from '../session-api.ts';
import { subscribeIdleNews } from './idle-feed.ts';
import { sessionEndHeld } from './session-hold.ts';
import type { IdleMonitor, IdleView } from './idle-monitor.ts';

/** What counts as the administrator being there (SPEC §4: any user activity resets the timer). */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

export interface IdleTimer {
  view: IdleView;
  /** The prompt's answer: keep the session. */
  stay(): void;
  /** The prompt's other answer: end it now. */
  logoutNow(): void;
}

/** Leaving the panel is always a full page load of the site root (SPEC §4). */
export function leavePanel(): void {
  window.location.assign('/');
}

/** Feeds the monitor its clock, the activity events, tab visibility and the panel's responses. */
function watch(monitor: IdleMonitor, interval: number): () => void {
  const onActivity = () => monitor.activity();
  for (const type of ACTIVITY_EVENTS) {
    window.addEventListener(type, onActivity, { capture: true, passive: true });
  }
  const onVisibility = () => {
    if (document.visibilityState === 'visible') monitor.sync();
  };
  document.addEventListener('visibilitychange', onVisibility);
  const unsubscribe = subscribeIdleNews((news) => monitor.news(news));
  const timer = window.setInterval(() => monitor.tick(), interval);
  return () => {
    window.clearInterval(timer);
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisibility);
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
  };
}

/**
 * Runs the idle monitor for a logged-in panel page: a one-second check, the activity listeners,
 * the deadlines every panel response brings, and a re-sync when the tab becomes visible again
 * (background tabs run their timers rarely).
 */
export function useIdleTimer(status: SessionStatus): IdleTimer {
  const [view, setView] = useState<IdleView>({ warningSecondsLeft: null, atMaximum: false });
  const monitorRef = useRef<IdleMonitor | null>(null);
  // The status the monitor starts from once its code has loaded (the loader may re-read it first).
  const latestStatus = useRef(status);

  useEffect(() => {
    // The monitor's code is fetched after hydration: the page is interactive without it, and the
    // login screen, which shares this layout, never loads it.
    let stop: (() => void) | undefined;
    let ended = false;
    void import('./idle-monitor.ts')
      .then(({ IdleMonitor, CHECK_INTERVAL_MS }) => {
        if (ended) return;
        const monitor = new IdleMonitor(
          {
            now: () => Date.now(),
            status: sessionApi.status,
            keepAlive: sessionApi.keepAlive,
            logout: sessionApi.logout,
            // A form holding unsaved input keeps the page and asks for the login in place.
            leave: () => {
              if (!sessionEndHeld()) leavePanel();
            },
            onView: setView,
          },
          latestStatus.current,
        );
        monitorRef.current = monitor;
        stop = watch(monitor, CHECK_INTERVAL_MS);
      })
      // Not silent: without it the page would never warn before the session ends.
      .catch((error: unknown) => console.error('The idle monitor did not load:', error));
    return () => {
      ended = true;
      stop?.();
      monitorRef.current = null;
    };
  }, []);

  // The layout's loader re-reads the status on some navigations: the fresher, the better.
  useEffect(() => {
    latestStatus.current = status;
    monitorRef.current?.update(status);
  }, [status]);

  return {
    view,
    stay: () => monitorRef.current?.stay(),
    logoutNow: () => {
      void sessionApi
        .logout()
        .catch(() => undefined)
        .finally(leavePanel);
    },
  };
}
