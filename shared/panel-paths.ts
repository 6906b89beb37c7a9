import type { SessionState } from '#shared/panel-context.ts';

/** Where the admin panel lives (SPEC §2) and its access screens. */
export const PANEL_PATH = '/argusma-words-panel';
export const LOGIN_PATH = `${PANEL_PATH}/auth/login`;
export const QR_CODE_PATH = `${PANEL_PATH}/auth/set-qr-code`;
/** The global search's results page (the navbar's search box submits to it). */
export const SEARCH_PATH = `${PANEL_PATH}/search`;
/** History and undo (issue 13): the audit screen (filters in the URL) and the trash. */
export const AUDIT_PATH = `${PANEL_PATH}/audit`;
export const TRASH_PATH = `${PANEL_PATH}/trash`;
/** Change sets (issue 13): the list (filters in the URL) and one, with its entries and its undo. */
export const CHANGES_PATH = `${PANEL_PATH}/changes`;
export const changeSetPath = (id: string): string => `${CHANGES_PATH}/${encodeURIComponent(id)}`;
/** The audit screen filtered to one record (`words`, 12): its history. */
export const recordHistoryPath = (resource: string, id: number | string): string =>
  `${AUDIT_PATH}?${new URLSearchParams({ entity: resource, entityId: String(id) })}`;
/** The team (issue 33): accounts and API tokens, for administrators; and an invitation's enrolment. */
export const TEAM_PATH = `${PANEL_PATH}/team`;
export const ENROL_PATH = `${PANEL_PATH}/enrol`;
/** The browser-facing session endpoints (server/panel) and the content API proxy. */
export const SESSION_PATH = `${PANEL_PATH}/session`;
export const PROXY_PATH = `${PANEL_PATH}/api`;

/** Route paths match case-insensitively and ignore a trailing slash; so does gating. */
const canonical = (pathname: string): string => pathname.toLowerCase().replace(/\/+$/, '') || '/';

/**
 * Where a panel page must send the visitor instead, or null when it may render (SPEC §2 gating):
 * logged out → only the login screen, anything else to the site root; two-factor pending → the
 * QR/code screen, and the login screen to start over (the navbar's 'Login', the way back after
 * the attempt cap), other paths to the QR/code screen; logged in → everything but the two access
 * screens, which lead home.
 * The server applies the same rule to page requests; the panel's loaders apply it to client-side
 * navigations.
 */
export function gateRedirect(state: SessionState, pathname: string): string | null {
  const path = canonical(pathname);
  // An invitation's link: choosing a password needs no session (the link's token is the proof).
  if (path === ENROL_PATH) return null;
  switch (state) {
    case 'logged-out':
      return path === LOGIN_PATH ? null : '/';
    case 'two-factor':
      return path === QR_CODE_PATH || path === LOGIN_PATH ? null : QR_CODE_PATH;
    case 'logged-in':
      return path === LOGIN_PATH || path === QR_CODE_PATH ? PANEL_PATH : null;
  }
}

/** Import in the browser (issue 13): the screen, and the panel server's upload/preview/apply routes. */
export const IMPORT_PATH = `${PANEL_PATH}/import`;
export const IMPORTS_API_PATH = `${PANEL_PATH}/imports`;
