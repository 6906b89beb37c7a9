import type { SessionStatus } from '#shared/panel-context.ts';
import type { IdleNews } from './idle-feed.ts';

/** SPEC §4/§9: the remaining time is checked every second; the prompt comes one minute early. */
export const CHECK_INTERVAL_MS = 1_000;
export const WARNING_MS = 60_000;
/** Activity is reported to the server at most this often (the report itself extends the session). */
export const KEEP_ALIVE_THROTTLE_MS = 60_000;
/** How often the deadline is re-read from the server, so tabs agree; faster while warning. */
export const RESYNC_MS = 30_000;
export const WARNING_RESYNC_MS = 5_000;

export interface IdleView {
  /** Whole seconds left while the 'Stay logged in?' prompt should show, else null. */
  warningSecondsLeft: number | null;
  /** The session cannot be extended any further (its absolute lifetime ends first). */
  atMaximum: boolean;
}

export interface IdleMonitorDeps {
  now(): number;
  status(): Promise<SessionStatus>;
  keepAlive(): Promise<SessionStatus>;
  logout(): Promise<unknown>;
  /** Leaves the panel with a full page load of the site root. */
  leave(): void;
  onView(view: IdleView): void;
}

/**
 * The panel's idle timer. The server owns the idle deadline (so every tab of the session agrees);
 * this keeps a copy in the tab's own clock, corrected by the server's clock in each status. Local
 * activity counts at once and is reported with a throttled keep-alive; while a report is pending
 * the deadline is at least the last activity plus the timeout.
 */
export class IdleMonitor {
  private offset = 0; // server clock minus this tab's clock
  private deadline: number | null = null; // in this tab's clock
  private timeoutMs: number;
  private lastActivity = -Infinity;
  private reportedUntil = -Infinity; // activity up to here is known to the server
  private lastKeepAliveAttempt = -Infinity;
  private lastSync: number;
  private inFlight = false;
  private ended = false;
  private atMaximum = false;
  private view: IdleView = { warningSecondsLeft: null, atMaximum: false };

  constructor(
    private readonly deps: IdleMonitorDeps,
    initial: SessionStatus,
  ) {
    this.timeoutMs = initial.idleTimeoutMs;
    this.lastSync = deps.now();
    this.applyStatus(initial);
  }

  /** Pointer, key, scroll or touch. While the prompt shows, only its answer counts. */
  activity(): void {
    if (this.ended || this.view.warningSecondsLeft !== null) return;
    this.lastActivity = this.deps.now();
    if (this.lastActivity - this.lastKeepAliveAttempt >= KEEP_ALIVE_THROTTLE_MS) this.sendKeepAlive();
  }

  /** The prompt's 'Stay logged in' (or Escape): extend now, whatever the throttle. */
  stay(): void {
    if (this.ended) return;
    this.lastActivity = this.deps.now();
    this.sendKeepAlive();
    this.tick();
  }

  /** A fresh status from elsewhere (the panel layout's loader). */
  update(status: SessionStatus): void {
    if (this.ended) return;
    this.applyStatus(status);
    this.tick();
  }

  news(news: IdleNews): void {
    if (news.kind === 'renewed') {
      this.renew(news.status);
      return;
    }
    if (this.ended) return;
    if (news.kind === 'deadline') this.deadline = news.serverDeadline - this.offset;
    else this.sync();
    this.tick();
  }

  /** Run every CHECK_INTERVAL_MS, and on returning to the tab. */
  tick(): void {
    if (this.ended) return;
    const now = this.deps.now();
    const pending = this.lastActivity > this.reportedUntil;
    if (pending && now - this.lastKeepAliveAttempt >= KEEP_ALIVE_THROTTLE_MS) {
      // The trailing report of activity the throttle held back. If this check comes late (a
      // sleeping laptop, a background tab), the activity is old: reporting it now would extend the
      // session from now, so it is dropped and the server's deadline stands.
      if (now - this.lastActivity < KEEP_ALIVE_THROTTLE_MS) this.sendKeepAlive();
      else this.reportedUntil = this.lastActivity;
    }
    const warning = this.view.warningSecondsLeft !== null;
    if (now - this.lastSync >= (warning ? WARNING_RESYNC_MS : RESYNC_MS)) this.sync();

    const remaining = this.effectiveDeadline() - now;
    if (remaining <= 0) {
      void this.expire();
      return;
    }
    this.show({
      warningSecondsLeft: remaining <= WARNING_MS ? Math.ceil(remaining / 1000) : null,
      atMaximum: this.atMaximum && remaining <= WARNING_MS,
    });
  }

  /** A new session for this tab (a login in place after the old one ended): watch it from now. */
  private renew(status: SessionStatus): void {
    if (status.state !== 'logged-in') return;
    this.ended = false;
    this.atMaximum = false;
    this.lastActivity = -Infinity;
    this.reportedUntil = -Infinity;
    this.lastSync = this.deps.now();
    this.applyStatus(status);
    this.tick();
  }

  /** Re-reads the deadline (another tab may have extended or ended the session). */
  sync(): void {
    if (this.inFlight || this.ended) return;
    this.inFlight = true;
    this.lastSync = this.deps.now();
    this.deps.status().then(
      (status) => this.settle(() => this.applyStatus(status)),
      () => this.settle(() => undefined), // offline for a moment: the next sync will tell
    );
  }

  private effectiveDeadline(): number {
    const server = this.deadline ?? -Infinity;
    const pending = this.lastActivity > this.reportedUntil;
    return pending ? Math.max(server, this.lastActivity + this.timeoutMs) : server;
  }

  private sendKeepAlive(): void {
    if (this.inFlight) {
      // A sync is on its way; the next tick sends the report.
      this.lastKeepAliveAttempt = -Infinity;
      return;
    }
    this.inFlight = true;
    const covering = this.lastActivity;
    this.lastKeepAliveAttempt = this.deps.now();
    this.deps.keepAlive().then(
      (status) =>
        this.settle(() => {
          this.reportedUntil = Math.max(this.reportedUntil, covering);
          this.applyStatus(status);
          const left = (this.deadline ?? 0) - this.deps.now();
          // A fresh deadline shorter than the timeout: the session's absolute lifetime ends first.
          this.atMaximum = left < this.timeoutMs - 5_000;
        }),
      (error: unknown) =>
        this.settle(() => {
          if ((error as { status?: unknown }).status === 401) this.leaveNow();
        }),
    );
  }

  private settle(apply: () => void): void {
    this.inFlight = false;
    if (this.ended) return;
    apply();
    this.tick();
  }

  private applyStatus(status: SessionStatus): void {
    if (status.state !== 'logged-in' || status.idleDeadline === null) {
      this.leaveNow();
      return;
    }
    this.offset = status.serverNow - this.deps.now();
    this.timeoutMs = status.idleTimeoutMs;
    this.deadline = status.idleDeadline - this.offset;
  }

  /** Time is up here; a last look at the server first, in case another tab kept the session. */
  private async expire(): Promise<void> {
    this.ended = true;
    this.show({ warningSecondsLeft: null, atMaximum: false });
    try {
      const status = await this.deps.status();
      const offset = status.serverNow - this.deps.now();
      if (
        status.state === 'logged-in' &&
        status.idleDeadline !== null &&
        status.idleDeadline > status.serverNow
      ) {
        this.ended = false;
        this.offset = offset;
        this.deadline = status.idleDeadline - offset;
        this.lastActivity = -Infinity;
        this.tick();
        return;
      }
    } catch {
      // Unknown: log out to be safe.
    }
    await this.deps.logout().catch(() => undefined); // already gone, or unreachable: leave anyway
    this.deps.leave();
  }

  private leaveNow(): void {
    if (this.ended) return;
    this.ended = true;
    this.show({ warningSecondsLeft: null, atMaximum: false });
    this.deps.leave();
  }

  private show(view: IdleView): void {
    if (view.warningSecondsLeft === this.view.warningSecondsLeft && view.atMaximum === this.view.atMaximum)
      return;
    this.view = view;
    this.deps.onView(view);
  }
}
