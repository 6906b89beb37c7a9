import { useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { SessionState } from '#shared/panel-context.ts';
import { auditEntry, entityByName, type EntityName } from '#shared/entities/index.ts';
import { FULL_REACH, isAdministrator, mayRead, type Reach } from '#shared/permissions.ts';
import { sessionApi } from '../session-api.ts';
import { ErrorMessage } from '../components/Messages.tsx';
import { sectionLinkProps, useFollowLink } from '../components/plain-links.ts';
import {
  AUDIT_PATH,
  CHANGES_PATH,
  IMPORT_PATH,
  LOGIN_PATH,
  PANEL_PATH,
  TEAM_PATH,
  TRASH_PATH,
} from '#shared/panel-paths.ts';
import { leavePanel } from '../session/useIdleTimer.ts';
import { DIFFICULTY_PATH } from '../difficulty/paths.ts';
import { DICTIONARY_PATH } from '../dictionary/paths.ts';
import { LinkTablesMenu } from './LinkTablesMenu.tsx';
import { NavSearch } from './NavSearch.tsx';
import { useDisclosure } from './use-disclosure.ts';

type Section = { to: string; label: string; shown(reach: Reach): boolean };
const entitySection = (name: EntityName, label: string): Section => ({
  to: `${PANEL_PATH}/${name}`,
  label,
  shown: (reach) => mayRead(reach, entityByName(name)),
});

/** The sections an account sees: only what its permission set lets it use (issue 33). */
const SECTIONS: Section[] = [
  entitySection('level', 'Level'),
  entitySection('user', 'User'),
  entitySection('language', 'Language'),
  entitySection('word', 'Word'),
  entitySection('stage', 'Stage'),
  entitySection('letter-group', 'Letter Group'),
  // Player results are read level by level: whoever may read levels may read how they fare.
  { to: DIFFICULTY_PATH, label: 'Difficulty', shown: (reach) => mayRead(reach, entityByName('level')) },
  // Issue 46 (the lead moves it with issue 47's menus).
  { to: DICTIONARY_PATH, label: 'Dictionary', shown: (reach) => mayRead(reach, entityByName('word')) },
  { to: AUDIT_PATH, label: 'History', shown: (reach) => mayRead(reach, auditEntry) },
  // The trash holds every language's rows.
  { to: TRASH_PATH, label: 'Trash', shown: (reach) => reach.languages === null },
  { to: CHANGES_PATH, label: 'Changes', shown: () => true },
  { to: IMPORT_PATH, label: 'Import', shown: (reach) => reach.permissions !== 'viewer' },
  { to: TEAM_PATH, label: 'Team', shown: isAdministrator },
];

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
        Argus Words <span className="panel-brand-tag">Admin</span>
      </span>
    </a>
  );
}

/**
 * The sections, the link-tables menu, the search and Logout, in a native disclosure: from the
 * `md` width up it is always shown and its summary hidden (CSS, `::details-content`); below, the
 * summary is the menu button. It works before hydration; hydrated, it also closes on navigation,
 * on a click elsewhere and on Escape.
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
  // Plain links (plain-links.ts) marked as <NavLink> marks them: every panel page renders these.
  const { pathname } = useLocation();
  const follow = useFollowLink();
  return (
    <details ref={ref} className="panel-nav-collapse" onKeyDown={onKeyDown}>
      <summary className="panel-nav-toggle">
        <span className="panel-nav-toggle-icon" aria-hidden="true" />
        Menu
      </summary>
      <div className="panel-nav-body">
        <ul className="navbar-nav me-md-auto">
          {SECTIONS.filter((section) => section.shown(reach)).map((section) => (
            <li className="nav-item" key={section.to}>
              <a {...sectionLinkProps(pathname, section.to, 'nav-link')} onClick={follow}>
                {section.label}
              </a>
            </li>
          ))}
          <li className="nav-item">
            <LinkTablesMenu />
          </li>
        </ul>
        <NavSearch />
        <LogoutButton onError={onLogoutError} />
      </div>
    </details>
  );
}

/**
 * The panel's navbar. The section links, the link-tables menu and the search only once the second
 * factor is verified (SPEC §2); the reduced navbar of the login and two-factor screens is the
 * brand and 'Login' (which starts the login over).
 */
export function AdminNavbar({ state, reach }: { state: SessionState; reach: Reach | null }) {
  const verified = state === 'logged-in';
  const [logoutError, setLogoutError] = useState<string | null>(null);
  return (
    <header className="panel-header">
      <nav className="navbar navbar-expand-md panel-navbar" aria-label="Admin">
        <div className="container-fluid panel-navbar-inner">
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
