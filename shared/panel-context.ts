// What the server tells the panel about its session, and what panel loaders receive as `context`.
// Types only: the browser imports this file too, so it must never pull server code in.
import type { ApiClient } from '#shared/api-client/index.ts';
import type { Reach } from '#shared/permissions.ts';

export type SessionState = 'logged-out' | 'two-factor' | 'logged-in';

/**
 * The browser's view of its server-side session (GET /argusma-words-panel/session).
 * It never carries a token, a two-factor token or the QR url itself.
 */
export interface SessionStatus {
  state: SessionState;
  username: string | null;
  /** Whether a QR code can be fetched from /argusma-words-panel/session/qr-code.svg. */
  hasQrCode: boolean;
  /** When the session ends for idleness (epoch ms), null when logged out. */
  idleDeadline: number | null;
  idleTimeoutMs: number;
  /** The server clock when the status was made, so the client can correct its own clock skew. */
  serverNow: number;
  /**
   * What the account may reach (issue 33), as the content API said at login; null when logged out.
   * The panel offers only what it allows; the API enforces it on every call.
   */
  reach: Reach | null;
  /** The same in words ("editor of French"), for the explanations the panel shows. */
  reachText: string | null;
}

/** Handed to React Router loaders and actions on the server as `context`. */
export interface PanelContext {
  /** Session-bound client for the content API (refreshes on 401 with the session's tokens). */
  api: ApiClient;
  session: SessionStatus;
  /** The QR code SVG markup while the session holds a QR url, else null. */
  qrCodeSvg: string | null;
  /** The same enrolment's secret (base32), typed by hand into apps that cannot scan; else null. */
  totpKey: string | null;
}

/** Header name and value every state-changing panel request must send. */
export const CSRF_HEADER = 'X-Argus-CSRF';
export const CSRF_HEADER_VALUE = '1';
