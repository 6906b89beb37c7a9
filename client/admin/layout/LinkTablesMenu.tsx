import { useRef } from 'react';
import { useLocation } from 'react-router';
import { PANEL_PATH } from '#shared/panel-paths.ts';
import { sectionLinkProps, useFollowLink } from '../components/plain-links.ts';
import { useDisclosure } from './use-disclosure.ts';

const LINK_TABLES = [
  { to: `${PANEL_PATH}/letter-group-level`, label: 'Letter Group-Level' },
  { to: `${PANEL_PATH}/letter-group-word`, label: 'Letter Group-Word' },
  { to: `${PANEL_PATH}/user-level`, label: 'User-Level' },
] as const;

/**
 * The navbar's 'Manage link tables' menu as a native disclosure (`<details>`): it opens by mouse,
 * Enter or Space even before the page is hydrated, needs no Bootstrap JavaScript, and is then
 * enhanced to close on Escape (focus back on its button), on a click elsewhere and on navigation.
 */
export function LinkTablesMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  const follow = useFollowLink();
  const active = LINK_TABLES.some((link) => pathname.startsWith(link.to));

  const onKeyDown = useDisclosure(ref);

  return (
    <details ref={ref} className="panel-menu" onKeyDown={onKeyDown}>
      <summary className={`nav-link dropdown-toggle${active ? ' active' : ''}`}>Manage link tables</summary>
      <ul className="dropdown-menu panel-menu-list">
        {LINK_TABLES.map((link) => (
          <li key={link.to}>
            <a {...sectionLinkProps(pathname, link.to, 'dropdown-item')} onClick={follow}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
