import type { SessionStatus } from '#shared/panel-context.ts';

/**
 * News about the server session that any panel request may bring, for the idle monitor: every
 * session and proxied response carries the server's idle deadline (`X-Idle-Deadline`), and a 401
 * from the proxy means the session has ended elsewhere (another tab logged out, or it expired).
 * A tiny module-level channel, so the API client needs no reference to React state.
 */
export type IdleNews =
  | { kind: 'deadline'; serverDeadline: number }
  | { kind: 'unauthorized' }
  // A new login in place (the re-auth dialog of a form holding input): the timer starts again.
  | { kind: 'renewed'; status: SessionStatus };

type Listener = (news: IdleNews) => void;

const listeners = new Set<Listener>();

export function publishIdleNews(news: IdleNews): void {
  for (const listener of listeners) listener(news);
}

/** Returns the unsubscribe function. */
export function subscribeIdleNews(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const IDLE_DEADLINE_HEADER = 'X-Idle-Deadline';

/** Reads the deadline header and the 401 signal of a panel response and passes them on. */
export function noteResponse(response: Response): void {
  const deadline = Number(response.headers.get(IDLE_DEADLINE_HEADER));
  if (Number.isFinite(deadline) && deadline > 0)
    publishIdleNews({ kind: 'deadline', serverDeadline: deadline });
  if (response.status === 401) publishIdleNews({ kind: 'unauthorized' });
}
