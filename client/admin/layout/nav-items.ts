import { auditEntry, entityByName, letterGroupWord, type EntityName } from '#shared/entities/index.ts';
import { isAdministrator, mayRead, mayWrite, type Reach } from '#shared/permissions.ts';
import {
  AUDIT_PATH,
  CHANGES_PATH,
  IMPORT_PATH,
  PANEL_PATH,
  TEAM_PATH,
  TRASH_PATH,
} from '#shared/panel-paths.ts';
import { DIFFICULTY_PATH } from '../difficulty/paths.ts';
import { DICTIONARY_PATH } from '../dictionary/paths.ts';
import { RELEASES_PATH } from '../releases/paths.ts';
import { linkJobsPath } from '../links/paths.ts';

/** One screen the navbar opens: its address, its name, and who may see it (issue 33). */
export interface NavEntry {
  to: string;
  label: string;
  shown(reach: Reach): boolean;
}

/** A menu of entries, named by what a manager does there. */
export interface NavGroup {
  /** The menu button's text, and the group's name in the phone menu. */
  label: string;
  entries: NavEntry[];
}

export type NavItem = NavEntry | NavGroup;

export const isGroup = (item: NavItem): item is NavGroup => 'entries' in item;

const entityEntry = (name: EntityName, label: string): NavEntry => ({
  to: `${PANEL_PATH}/${name}`,
  label,
  shown: (reach) => mayRead(reach, entityByName(name)),
});

/** SPEC §2's navbar, shown directly: six tables and 'Manage link tables' with its three. */
export const SPEC_NAV: NavItem[] = [
  entityEntry('level', 'Level'),
  entityEntry('user', 'User'),
  entityEntry('language', 'Language'),
  entityEntry('word', 'Word'),
  entityEntry('stage', 'Stage'),
  entityEntry('letter-group', 'Letter Group'),
  {
    label: 'Manage link tables',
    entries: [
      entityEntry('letter-group-level', 'Letter Group-Level'),
      entityEntry('letter-group-word', 'Letter Group-Word'),
      entityEntry('user-level', 'User-Level'),
    ],
  },
];

/**
 * Our own tools, after the spec's entries: a few menus named by what a manager does, so the bar
 * stays one line at 1280 px however many screens the panel grows. A new screen is one entry in
 * the group where a manager would look for it, not a new link or menu: the bar has about 45 px to
 * spare at 1280 px (tests/panel/navbar.test.ts measures it). The navbar, the phone menu and the
 * tests that every screen is reachable all read this list.
 */
export const TOOLS_NAV: NavItem[] = [
  {
    label: 'Design',
    entries: [
      // Player results are read level by level: whoever may read levels may read how they fare.
      { to: DIFFICULTY_PATH, label: 'Difficulty', shown: (reach) => mayRead(reach, entityByName('level')) },
      { to: linkJobsPath(), label: 'Link builder', shown: (reach) => mayWrite(reach, letterGroupWord) },
      { to: IMPORT_PATH, label: 'Import', shown: (reach) => reach.permissions !== 'viewer' },
      // The words' dictionary findings and decisions (issue 46).
      { to: DICTIONARY_PATH, label: 'Dictionary', shown: (reach) => mayRead(reach, entityByName('word')) },
    ],
  },
  {
    label: 'Review',
    entries: [
      { to: AUDIT_PATH, label: 'History', shown: (reach) => mayRead(reach, auditEntry) },
      { to: CHANGES_PATH, label: 'Changes', shown: () => true },
      // The trash holds every language's rows, players' too: administrators only (issue 43).
      { to: TRASH_PATH, label: 'Trash', shown: isAdministrator },
      // What players get: every account reads releases; administrators publish and roll back (issue 45).
      { to: RELEASES_PATH, label: 'Releases', shown: () => true },
    ],
  },
  { to: TEAM_PATH, label: 'Team', shown: isAdministrator },
];

/** The items an account sees: entries it may use, and menus that still hold one. */
export function visibleNav(items: readonly NavItem[], reach: Reach): NavItem[] {
  return items.flatMap((item): NavItem[] => {
    if (!isGroup(item)) return item.shown(reach) ? [item] : [];
    const entries = item.entries.filter((entry) => entry.shown(reach));
    return entries.length > 0 ? [{ ...item, entries }] : [];
  });
}

/** Every entry of the items, menus opened. */
export const navEntries = (items: readonly NavItem[]): NavEntry[] =>
  items.flatMap((item) => (isGroup(item) ? item.entries : [item]));

const withoutQuery = (to: string) => to.replace(/[?#].*$/, '').toLowerCase();

/**
 * The entry the page belongs to: the one whose address is the path or the longest one above it
 * (`/letter-group/links` is the link builder, not Letter Group). Null: no entry (the home).
 */
export function currentEntry(pathname: string, items: readonly NavItem[]): NavEntry | null {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  let best: NavEntry | null = null;
  for (const entry of navEntries(items)) {
    const to = withoutQuery(entry.to);
    const under = path === to || (path.startsWith(to) && path.charAt(to.length) === '/');
    if (under && (!best || to.length > withoutQuery(best.to).length)) best = entry;
  }
  return best;
}
