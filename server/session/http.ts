import type { Request, Response } from 'express';
import type { SessionStatus } from '#shared/panel-context.ts';
import { statusOf } from './session-data.ts';

export const IDLE_DEADLINE_HEADER = 'X-Idle-Deadline';

/** The session's status as the browser may see it; sets X-Idle-Deadline while logged in. */
export function sessionStatus(req: Request, res: Response, now: number): SessionStatus {
  const status = statusOf(req.session, now);
  if (status.state === 'logged-in' && status.idleDeadline !== null) {
    res.setHeader(IDLE_DEADLINE_HEADER, String(status.idleDeadline));
  } else {
    res.removeHeader(IDLE_DEADLINE_HEADER);
  }
  return status;
}

export function sendMessage(res: Response, status: number, message: string): void {
  res.status(status).json({ message });
}

export const UPSTREAM_DOWN = 'The content API is unavailable. Please try again in a moment.';
export const UPSTREAM_SLOW = 'The content API did not answer in time. Please try again in a moment.';

/** 502 (down or failing) or 504 (too slow) with the request id, for any call the panel relays. */
export function sendUpstreamDown(req: Request, res: Response, timeout: boolean): void {
  const requestId = String(req.id);
  res
    .status(timeout ? 504 : 502)
    .json({ message: `${timeout ? UPSTREAM_SLOW : UPSTREAM_DOWN} (request ${requestId})`, requestId });
}

/**
 * An error as it may be logged: name, message and stack only. pino's default serializer copies
 * every enumerable property, and an API error's `body` has no business in a log line.
 */
export function safeError(error: unknown): { type: string; message: string; stack?: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: 'non-error thrown' };
  return { type: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}) };
}
