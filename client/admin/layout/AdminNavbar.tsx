import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import type { SessionState } from '#shared/panel-context.ts';
import { sessionApi } from '../session-api.ts';
import { ErrorMessage } from '../components/Messages.tsx';
import { LOGIN_PATH, PANEL_PATH } from '#shared/panel-paths.ts';
import { leavePanel } from '../session/useIdleTimer.ts';
import { LinkTablesMenu } from './LinkTablesMenu.tsx';

const SECTIONS = [
  { to: `${PANEL_PATH}/level`, label: 'Level' },
  { to: `${PANEL_PATH}/user`, label: 'User' },
  { to: `${PANEL_PATH}/language`, label: 'Language' },
  { to: `${PANEL_PATH}/word`, label: 'Word' },
  { to: `${PANEL_PATH}/stage`, label: 'Stage' },
  { to: `${PANEL_PATH}/letter-group`, label: 'Letter Group' },
] as const;

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

/**
 * The panel's navbar. The section links and the link-tables menu only once the second factor is
 * verified (SPEC §2); Logout when an access token is held, otherwise Login: the reduced navbar of
 * the login and two-factor screens is the brand and 'Login' (which starts the login over).
 */
export function AdminNavbar({ state }: { state: SessionState }) {
  const verified = state === 'logged-in';
  const [logoutError, setLogoutError] = useState<string | null>(null);
  return (
    <header className="panel-header">
      <nav className="navbar navbar-expand panel-navbar" aria-label="Admin">
        <div className="container-fluid flex-wrap gap-2">
          <Link className="navbar-brand" to={verified ? PANEL_PATH : LOGIN_PATH}>
            Argus Words Admin
          </Link>
          {verified ? (
            <ul className="navbar-nav flex-wrap me-auto">
              {SECTIONS.map((section) => (
                <li className="nav-item" key={section.to}>
                  <NavLink className="nav-link" to={section.to}>
                    {section.label}
                  </NavLink>
                </li>
              ))}
              <li className="nav-item">
                <LinkTablesMenu />
              </li>
            </ul>
          ) : (
            <div className="me-auto" />
          )}
          <div className="d-flex align-items-center">
            {!verified ? (
              <Link className="btn btn-outline-secondary btn-sm" to={LOGIN_PATH}>
                Login
              </Link>
            ) : (
              <LogoutButton onError={setLogoutError} />
            )}
          </div>
        </div>
      </nav>
      <ErrorMessage message={logoutError} className="container-fluid py-2" />
    </header>
  );
}
