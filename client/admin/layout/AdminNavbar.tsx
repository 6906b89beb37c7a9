import { useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { SessionState } from '#shared/panel-context.ts';
import { FULL_REACH, type Reach } from '#shared/permissions.ts';
import { sessionApi } from '../session-api.ts';
import { ErrorMessage } from '../components/Messages.tsx';
import { useFollowLink } from '../components/plain-links.ts';
import { LOGIN_PATH, PANEL_PATH } from '#shared/panel-paths.ts';
import { leavePanel } from '../session/useIdleTimer.ts';
import {
  currentEntry,
  isGroup,
  SPEC_NAV,
  TOOLS_NAV,
  visibleNav,
  type NavItem,
  type NavEntry,
} from './nav-items.ts';
import { NavLink, NavMenu } from './NavMenu.tsx';
import { NavSearch } from './NavSearch.tsx';
import { useDisclosure } from './use-disclosure.ts';

/** Ends the server session, then a full page load of the site root (SPEC §4). */
function LogoutButton({ onError }: { onError(message: string | null): void }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-outline-secondary btn-sm"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        onError(null);
        sessionApi.logout().then(leavePanel, (failure: unknown) => {
          setBusy(false);
          onError(failure instanceof Error ? failure.message : String(failure));
        });
      }}
    >
      Logout
    </button>
  );
}

/** The reduced navbar's 'Login': starts the login over. */
function LoginLink() {
  const follow = useFollowLink();
  return (
    <a className="btn btn-outline-secondary btn-sm ms-auto" href={LOGIN_PATH} onClick={follow}>
      Login
    </a>
  );
}

/** The site's logo and name (client/public/PublicLayout.tsx), tagged as the admin panel. */
function Brand({ to }: { to: string }) {
  const follow = useFollowLink();
  return (
    <a className="navbar-brand site-brand panel-brand" href={to} onClick={follow}>
      {/* The mark's letter is drawn by CSS: it is decoration, not part of the link's text. */}
      <span className="site-brand-mark panel-brand-mark" aria-hidden="true" />
      <span>
        <span className="panel-brand-name">Argus Words</span> <span className="panel-brand-tag">Admin</span>
      </span>
    </a>
  );
}

/** One list of the navbar: links shown directly and menus (nav-items.ts). */
function NavList({
  items,
  current,
  className,
}: {
  items: NavItem[];
  current: NavEntry | null;
  className: string;
}) {
  return (
    <ul className={`navbar-nav ${className}`}>
      {items.map((item) => (
        <li className="nav-item" key={item.label}>
          {isGroup(item) ? (
            <NavMenu group={item} current={current} />
          ) : (
            <NavLink entry={item} current={item === current} className="nav-link" />
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The spec's sections and link-tables menu, our tools' menus, the search and Logout, in a native
 * disclosure: from 1200 px up it is always shown on one line and its summary hidden (CSS,
 * `::details-content`); below, the summary is the menu button, and the menus inside it are listed
 * open, under their names. It works before hydration; hydrated, it also closes on navigation, on a
 * click elsewhere and on Escape.
 */
function CollapsingNav({
  onLogoutError,
  reach,
}: {
  onLogoutError(message: string | null): void;
  reach: Reach;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const onKeyDown = useDisclosure(ref);
  const { pathname } = useLocation();
  const spec = visibleNav(SPEC_NAV, reach);
  const tools = visibleNav(TOOLS_NAV, reach);
  const current = currentEntry(pathname, [...spec, ...tools]);
  return (
    <details ref={ref} className="panel-nav-collapse" onKeyDown={onKeyDown}>
      <summary className="panel-nav-toggle">
        <span className="panel-nav-toggle-icon" aria-hidden="true" />
        Menu
      </summary>
      <div className="panel-nav-body">
        <NavList items={spec} current={current} className="panel-nav-spec" />
        <NavList items={tools} current={current} className="panel-nav-tools" />
        <NavSearch />
        <LogoutButton onError={onLogoutError} />
      </div>
    </details>
  );
}

/**
 * The panel's navbar. The section links, the menus and the search only once the second factor is
 * verified (SPEC §2); the reduced navbar of the login and two-factor screens is the
 * brand and 'Login' (which starts the login over).
 */
export function AdminNavbar({ state, reach }: { state: SessionState; reach: Reach | null }) {
  const verified = state === 'logged-in';
  const [logoutError, setLogoutError] = useState<string | null>(null);
  return (
    <header className="panel-header">
      <nav className="navbar panel-navbar" aria-label="Admin">
        <div className={`container-fluid panel-navbar-inner${verified ? ' panel-navbar-full' : ''}`}>
          <Brand to={verified ? PANEL_PATH : LOGIN_PATH} />
          {verified ? (
            <CollapsingNav onLogoutError={setLogoutError} reach={reach ?? FULL_REACH} />
          ) : (
            <LoginLink />
          )}
        </div>
      </nav>
      <ErrorMessage message={logoutError} className="container-fluid py-2" />
    </header>
  );
}
