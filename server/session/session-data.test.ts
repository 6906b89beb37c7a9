import type { Session, SessionData } from 'express-session';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_RESOLUTION_MS, expiresAt, IDLE_TIMEOUT_MS, markActivity } from './session-data.ts';

type Stored = Session & Partial<SessionData>;

describe('markActivity', () => {
  it('records a burst of calls once, and the next call a second later', () => {
    const start = 1_700_000_000_000;
    const session = {} as Stored;
    markActivity(session, start);
    expect(session).toMatchObject({ createdAt: start, lastActivityAt: start });
    // The calls of one screen: nothing to write back to the store.
    markActivity(session, start + 10);
    markActivity(session, start + ACTIVITY_RESOLUTION_MS - 1);
    expect(session.lastActivityAt).toBe(start);
    markActivity(session, start + ACTIVITY_RESOLUTION_MS);
    expect(session.lastActivityAt).toBe(start + ACTIVITY_RESOLUTION_MS);
    expect(session.createdAt).toBe(start);
  });

  it('never lets the idle deadline trail the last call by more than the resolution', () => {
    const start = 1_700_000_000_000;
    const session = {} as Stored;
    markActivity(session, start);
    for (let now = start; now < start + 10_000; now += 137) {
      markActivity(session, now);
      const deadline = expiresAt(session)!;
      expect(deadline).toBeLessThanOrEqual(now + IDLE_TIMEOUT_MS);
      expect(deadline).toBeGreaterThan(now + IDLE_TIMEOUT_MS - ACTIVITY_RESOLUTION_MS);
    }
  });

  it('takes a clock that went back (a test clock, a corrected system clock) as it is', () => {
    const session = {} as Stored;
    markActivity(session, 5_000_000);
    markActivity(session, 4_999_500);
    expect(session.lastActivityAt).toBe(4_999_500);
  });
});
