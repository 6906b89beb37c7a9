import type { Session, SessionData } from 'express-session';
import type { SessionState, SessionStatus } from '#shared/panel-context.ts';
import { FULL_REACH, type Reach } from '#shared/permissions.ts';

/**
 * What the panel's server-side session holds (SPEC §3 "Session"). None of it ever leaves the
 * server: the browser only sees `statusOf()`.
 */
export interface PanelAuth {
  /** Bumped on every change, so a stale concurrent save can never undo a token refresh or logout step. */
  version: number;
  username: string | null;
  /** Short-lived token of the content API's login, good only for verify-otp. */
  twoFactorToken: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  twoFaEnabled: boolean;
  twoFaVerified: boolean;
  /** The otpauth:// URL to show as a QR code while the admin has not enrolled yet. */
  qrCodeUrl: string | null;
  /** Wrong codes given for the pending two-factor token (absent in sessions stored before). */
  otpFailures?: number;
  /** What the account may reach, read from the content API at login (absent: everything). */
  reach?: Reach;
  reachText?: string;
}

declare module 'express-session' {
  interface SessionData {
    auth: PanelAuth;
    /** Epoch ms (injected clock) of the password step: the absolute lifetime counts from here. */
    createdAt: number;
    /** The absolute lifetime set at login: REFRESH_TOKEN_TTL, as the API's token family ends then. */
    absoluteLifetimeMs?: number;
    /** Epoch ms of the last request that counts as activity: the idle timeout counts from here. */
    lastActivityAt: number;
  }
}

export const IDLE_TIMEOUT_MS = 15 * 60 * 1000;
/** The default absolute lifetime (REFRESH_TOKEN_TTL's default); a session stores its own. */
export const ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;

type Stored = Partial<SessionData>;

export function emptyAuth(): PanelAuth {
  return {
    version: 0,
    username: null,
    twoFactorToken: null,
    accessToken: null,
    refreshToken: null,
    twoFaEnabled: false,
    twoFaVerified: false,
    qrCodeUrl: null,
  };
}

/** Logged in only with an access token after a verified second factor (SPEC §2 gating). */
export function stateOf(data: Stored | undefined): SessionState {
  const auth = data?.auth;
  if (!auth) return 'logged-out';
  if (auth.accessToken && auth.twoFaEnabled && auth.twoFaVerified) return 'logged-in';
  if (auth.twoFactorToken && auth.twoFaEnabled && !auth.twoFaVerified) return 'two-factor';
  return 'logged-out';
}

/** When the session ends: the idle deadline, or the absolute lifetime if that comes first. */
export function expiresAt(data: Stored): number | null {
  if (data.lastActivityAt === undefined || data.createdAt === undefined) return null;
  return Math.min(
    data.lastActivityAt + IDLE_TIMEOUT_MS,
    data.createdAt + (data.absoluteLifetimeMs ?? ABSOLUTE_LIFETIME_MS),
  );
}

export function isExpired(data: Stored, now: number): boolean {
  const end = expiresAt(data);
  return end !== null && now >= end;
}

export function statusOf(data: Stored | undefined, now: number): SessionStatus {
  const state = stateOf(data);
  return {
    state,
    username: state === 'logged-out' ? null : (data?.auth?.username ?? null),
    hasQrCode: state === 'two-factor' && Boolean(data?.auth?.qrCodeUrl),
    idleDeadline: state === 'logged-out' || !data ? null : expiresAt(data),
    idleTimeoutMs: IDLE_TIMEOUT_MS,
    serverNow: now,
    reach: state === 'logged-in' ? (data?.auth?.reach ?? FULL_REACH) : null,
    reachText: state === 'logged-in' ? (data?.auth?.reachText ?? FULL_REACH.permissions) : null,
  };
}

/** Changes the session's credentials; the version bump makes this write win over stale copies. */
export function updateAuth(session: Session & Partial<SessionData>, patch: Partial<PanelAuth>): void {
  const current = session.auth ?? emptyAuth();
  session.auth = { ...current, ...patch, version: current.version + 1 };
}

/**
 * How stale the recorded activity may be before a request writes it again. Every change is a
 * session write (the store's SQLite transaction or Redis script) and a panel screen fires calls in
 * bursts, so calls within this time of the last recorded one leave it: the idle timeout then ends
 * at most this much earlier than exact tracking would, never later.
 */
export const ACTIVITY_RESOLUTION_MS = 1000;

/** A request that counts as the admin being active: pushes the idle deadline back. */
export function markActivity(session: Session & Partial<SessionData>, now: number): void {
  if (!recent(session.lastActivityAt, now)) session.lastActivityAt = now;
  session.createdAt ??= now;
}

const recent = (last: number | undefined, now: number): boolean =>
  last !== undefined && now >= last && now - last < ACTIVITY_RESOLUTION_MS;

/** The version a store compares before overwriting a record (0 for sessions without credentials). */
export function versionOf(data: Stored): number {
  return data.auth?.version ?? 0;
}
