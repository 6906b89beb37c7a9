/**
 * The panel's idle timer logic with a fake clock and a fake server session (the browser test
 * covers the real thing end to end): warning one minute early, logout at zero, throttled
 * keep-alives, following the server's deadline (another tab), clock skew, session ended elsewhere.
 */
import { describe, expect, it } from 'vitest';
import type { SessionStatus } from '../../shared/panel-context.ts';
import {
  CHECK_INTERVAL_MS,
  IdleMonitor,
  KEEP_ALIVE_THROTTLE_MS,
  RESYNC_MS,
  type IdleView,
} from '../../client/admin/session/idle-monitor.ts';

const MINUTE = 60_000;
const TIMEOUT = 15 * MINUTE;

/** A server session with its own clock (`skew` ahead of the tab's) and the monitor under test. */
function setup({ skew = 0 } = {}) {
  let now = 1_700_000_000_000;
  const server = { state: 'logged-in' as SessionStatus['state'], deadline: now + skew + TIMEOUT };
  const calls: string[] = [];
  const views: IdleView[] = [];
  let left = false;
  const status = (): SessionStatus => ({
    state: server.state,
    username: 'admin',
    hasQrCode: false,
    reach: null,
    reachText: null,
    idleDeadline: server.state === 'logged-in' ? server.deadline : null,
    idleTimeoutMs: TIMEOUT,
    serverNow: now + skew,
  });
  const monitor = new IdleMonitor(
    {
      now: () => now,
      status: async () => {
        calls.push('status');
        return status();
      },
      keepAlive: async () => {
        calls.push('keep-alive');
        if (server.state !== 'logged-in') throw Object.assign(new Error('ended'), { status: 401 });
        server.deadline = now + skew + TIMEOUT;
        return status();
      },
      logout: async () => {
        calls.push('logout');
        server.state = 'logged-out';
      },
      leave: () => {
        left = true;
      },
      onView: (view) => views.push(view),
    },
    status(),
  );
  /** Advances the tab's clock second by second, as the interval would, letting promises settle. */
  const advance = async (ms: number) => {
    for (let t = 0; t < ms; t += CHECK_INTERVAL_MS) {
      now += CHECK_INTERVAL_MS;
      monitor.tick();
      await Promise.resolve();
      await Promise.resolve();
    }
  };
  return {
    monitor,
    server,
    sleep: (ms: number) => {
      now += ms;
    },
    calls,
    advance,
    lastView: () => views.at(-1) ?? { warningSecondsLeft: null, atMaximum: false },
    hasLeft: () => left,
    now: () => now,
  };
}

describe('idle monitor', () => {
  it('warns one minute before the deadline and logs out (server too) at zero', async () => {
    const t = setup();
    await t.advance(TIMEOUT - MINUTE - 1_000);
    expect(t.lastView().warningSecondsLeft).toBeNull();
    await t.advance(1_000);
    expect(t.lastView().warningSecondsLeft).toBe(60);
    await t.advance(59_000);
    expect(t.lastView().warningSecondsLeft).toBe(1);
    expect(t.hasLeft()).toBe(false);
    await t.advance(1_000);
    await Promise.resolve();
    expect(t.calls.slice(-2)).toEqual(['status', 'logout']);
    expect(t.hasLeft()).toBe(true);
    expect(t.server.state).toBe('logged-out');
  });

  it('stay() extends the session with a keep-alive and closes the warning', async () => {
    const t = setup();
    await t.advance(TIMEOUT - 30_000);
    expect(t.lastView().warningSecondsLeft).toBe(30);
    t.monitor.stay();
    await t.advance(1_000);
    expect(t.calls).toContain('keep-alive');
    expect(t.lastView().warningSecondsLeft).toBeNull();
    await t.advance(TIMEOUT - 2 * MINUTE);
    expect(t.hasLeft()).toBe(false);
  });

  it('activity resets the timer at once and reaches the server at most once a minute', async () => {
    const t = setup();
    const start = t.now();
    for (let i = 0; i < 10; i++) {
      t.monitor.activity();
      await t.advance(5_000);
    }
    expect(t.calls.filter((c) => c === 'keep-alive')).toHaveLength(1);
    await t.advance(KEEP_ALIVE_THROTTLE_MS);
    // The activity after the first report is sent once the throttle allows (trailing report).
    expect(t.calls.filter((c) => c === 'keep-alive')).toHaveLength(2);
    // The server counts from the trailing report (a minute after the first): the warning comes
    // 14 minutes after that, not 14 minutes after the first report.
    const reported = start + KEEP_ALIVE_THROTTLE_MS;
    await t.advance(reported + TIMEOUT - MINUTE - t.now() - 1_000);
    expect(t.lastView().warningSecondsLeft).toBeNull();
    await t.advance(1_000);
    expect(t.lastView().warningSecondsLeft).toBe(60);
  });

  it('activity held back by the throttle is not reported late after the tab slept', async () => {
    const t = setup();
    t.monitor.activity(); // reported at once
    await t.advance(10_000);
    t.monitor.activity(); // held back by the throttle
    const deadline = t.server.deadline;
    t.sleep(13 * MINUTE); // no ticks: a closed laptop lid
    await t.advance(1_000);
    expect(t.calls.filter((c) => c === 'keep-alive')).toHaveLength(1);
    expect(t.server.deadline).toBe(deadline);
    // The server's deadline stands: the warning comes at its minute.
    await t.advance(deadline - MINUTE - t.now() - 1_000);
    expect(t.lastView().warningSecondsLeft).toBeNull();
    await t.advance(1_000);
    expect(t.lastView().warningSecondsLeft).toBe(60);
  });

  it('activity while the warning shows does not dismiss it: only the answer does', async () => {
    const t = setup();
    await t.advance(TIMEOUT - 20_000);
    t.monitor.activity();
    await t.advance(1_000);
    expect(t.lastView().warningSecondsLeft).toBe(19);
    expect(t.calls).not.toContain('keep-alive');
  });

  it("follows the server's deadline: another tab's activity closes the warning here", async () => {
    const t = setup();
    await t.advance(TIMEOUT - 40_000);
    expect(t.lastView().warningSecondsLeft).toBe(40);
    t.server.deadline = t.now() + TIMEOUT; // the other tab kept the session alive
    await t.advance(10_000); // a re-sync happens within seconds while warning
    expect(t.lastView().warningSecondsLeft).toBeNull();
    expect(t.hasLeft()).toBe(false);
  });

  it('re-reads the deadline every ~30 s and at zero asks the server before logging out', async () => {
    const t = setup();
    await t.advance(RESYNC_MS);
    expect(t.calls).toEqual(['status']);
    t.server.deadline += 5_000; // extended elsewhere just before the end, seen only at the last check
    await t.advance(TIMEOUT - RESYNC_MS - 10_000);
    const syncs = t.calls.length;
    t.server.deadline = t.now() + 3 * MINUTE;
    await t.advance(10_000);
    expect(t.calls.length).toBeGreaterThan(syncs);
    expect(t.calls).not.toContain('logout');
    expect(t.hasLeft()).toBe(false);
  });

  it("corrects the tab's clock by the server's", async () => {
    const t = setup({ skew: 10 * MINUTE }); // the server clock runs 10 minutes ahead
    await t.advance(TIMEOUT - MINUTE - 1_000);
    expect(t.lastView().warningSecondsLeft).toBeNull();
    await t.advance(1_000);
    expect(t.lastView().warningSecondsLeft).toBe(60);
  });

  it('leaves without a logout call when the session ended elsewhere', async () => {
    const t = setup();
    t.server.state = 'logged-out';
    t.monitor.news({ kind: 'unauthorized' });
    await Promise.resolve();
    await Promise.resolve();
    expect(t.hasLeft()).toBe(true);
    expect(t.calls).toEqual(['status']);
  });

  it('takes deadlines from response headers (X-Idle-Deadline)', async () => {
    const t = setup();
    await t.advance(TIMEOUT - 30_000);
    expect(t.lastView().warningSecondsLeft).toBe(30);
    t.monitor.news({ kind: 'deadline', serverDeadline: t.now() + TIMEOUT });
    expect(t.lastView().warningSecondsLeft).toBeNull();
  });

  it('watches a session renewed in place after it ended (the form re-login) as a new one', async () => {
    const t = setup();
    t.server.state = 'logged-out';
    t.monitor.news({ kind: 'unauthorized' });
    await Promise.resolve();
    await Promise.resolve();
    expect(t.hasLeft()).toBe(true);
    await t.advance(TIMEOUT); // ended: nothing happens, nothing is sent
    expect(t.calls).toEqual(['status']);

    t.server.state = 'logged-in';
    t.server.deadline = t.now() + TIMEOUT;
    t.monitor.news({
      kind: 'renewed',
      status: {
        state: 'logged-in',
        username: 'admin',
        hasQrCode: false,
        reach: null,
        reachText: null,
        idleDeadline: t.server.deadline,
        idleTimeoutMs: TIMEOUT,
        serverNow: t.now(),
      },
    });
    await t.advance(TIMEOUT - MINUTE);
    expect(t.lastView().warningSecondsLeft).toBe(60);
    await t.advance(MINUTE);
    await Promise.resolve();
    expect(t.calls.at(-1)).toBe('logout');
  });
});
