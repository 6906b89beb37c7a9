import { useRef } from 'react';
import { useFollowLink } from '../components/plain-links.ts';
import type { NavEntry, NavGroup } from './nav-items.ts';
import { useDisclosure } from './use-disclosure.ts';

/** A navbar link, marked as `<NavLink>` marks the current section (`active`, `aria-current`). */
export function NavLink({
  entry,
  current,
  className,
}: {
  entry: NavEntry;
  current: boolean;
  className: string;
}) {
  const follow = useFollowLink();
  return (
    <a
      href={entry.to}
      className={current ? `${className} active` : className}
      aria-current={current ? 'page' : undefined}
      onClick={follow}
    >
      {entry.label}
    </a>
  );
}

/**
 * One of the navbar's menus ('Manage link tables', and our tools' menus) as a native disclosure
 * (`<details>`): it opens by mouse, Enter or Space even before the page is hydrated, needs no
 * Bootstrap JavaScript, and is then enhanced to close on Escape (focus back on its button), on a
 * click or focus elsewhere and on navigation. In the folded navbar (narrow screens) its button is
 * hidden and its entries are listed under its name, so every screen is one tap past 'Menu'.
 */
export function NavMenu({ group, current }: { group: NavGroup; current: NavEntry | null }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const onKeyDown = useDisclosure(ref);
  const active = current !== null && group.entries.includes(current);
  return (
    <details ref={ref} className="panel-menu" onKeyDown={onKeyDown}>
      <summary className={`nav-link dropdown-toggle${active ? ' active' : ''}`}>{group.label}</summary>
      {/* Its name over its entries where the button is hidden (the folded navbar), read before them. */}
      <span className="panel-menu-label">{group.label}</span>
      <ul className="dropdown-menu panel-menu-list">
        {group.entries.map((entry) => (
          <li key={entry.to}>
            <NavLink entry={entry} current={entry === current} className="dropdown-item" />
          </li>
        ))}
      </ul>
    </details>
  );
}
