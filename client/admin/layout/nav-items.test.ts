import { describe, expect, it } from 'vitest';
import { FULL_REACH, type Reach } from '#shared/permissions.ts';
import {
  currentEntry,
  isGroup,
  navEntries,
  SPEC_NAV,
  TOOLS_NAV,
  visibleNav,
  type NavItem,
} from './nav-items.ts';

const P = '/argusma-words-panel';
const EDITOR: Reach = { permissions: 'editor', languages: null };
const VIEWER: Reach = { permissions: 'viewer', languages: null };
const LIMITED: Reach = { permissions: 'editor', languages: [2] };
const ALL = [...SPEC_NAV, ...TOOLS_NAV];

/** "Label" for a link shown directly, "Menu › Label" for one in a menu. */
const shape = (items: NavItem[]) =>
  items.flatMap((item) =>
    isGroup(item) ? item.entries.map((e) => `${item.label} › ${e.label}`) : [item.label],
  );

describe('the navbar entries an account sees', () => {
  it('an administrator: the spec’s sections, its link tables and every tool', () => {
    expect(shape(visibleNav(SPEC_NAV, FULL_REACH))).toEqual([
      'Level',
      'User',
      'Language',
      'Word',
      'Stage',
      'Letter Group',
      'Manage link tables › Letter Group-Level',
      'Manage link tables › Letter Group-Word',
      'Manage link tables › User-Level',
    ]);
    expect(shape(visibleNav(TOOLS_NAV, FULL_REACH))).toEqual([
      'Design › Difficulty',
      'Design › Link builder',
      'Design › Import',
      'Design › Dictionary',
      'Review › History',
      'Review › Changes',
      'Review › Trash',
      'Review › Releases',
      'Team',
    ]);
  });

  it('an editor: no players, their levels or the team', () => {
    const shown = shape(visibleNav(ALL, EDITOR));
    for (const hidden of ['User', 'Manage link tables › User-Level', 'Team'])
      expect(shown).not.toContain(hidden);
    expect(shown).toContain('Design › Import');
    expect(shown).not.toContain('Review › Trash');
  });

  it('a viewer: nothing that writes (no link builder, no import), and the releases to read', () => {
    expect(shape(visibleNav(TOOLS_NAV, VIEWER))).toEqual([
      'Design › Difficulty',
      'Design › Dictionary',
      'Review › History',
      'Review › Changes',
      'Review › Releases',
    ]);
  });

  it('an account limited to languages has no trash (administrators only: issue 43)', () => {
    expect(shape(visibleNav(TOOLS_NAV, LIMITED))).not.toContain('Review › Trash');
  });

  it('a menu with nothing the account may use is left out, not shown empty', () => {
    const items: NavItem[] = [
      { label: 'Admins', entries: [{ to: `${P}/x`, label: 'X', shown: () => false }] },
    ];
    expect(visibleNav(items, VIEWER)).toEqual([]);
  });

  it('every entry has its own address and a label', () => {
    const entries = navEntries(ALL);
    expect(new Set(entries.map((e) => e.to)).size).toBe(entries.length);
    for (const entry of entries) expect(entry.to.startsWith(`${P}/`) && entry.label.length > 0).toBe(true);
  });
});

describe('the current entry', () => {
  const label = (pathname: string) => currentEntry(pathname, ALL)?.label ?? null;

  it('is the entry of the page or of the screen above it', () => {
    expect(label(`${P}/word`)).toBe('Word');
    expect(label(`${P}/word/update/3`)).toBe('Word');
    expect(label(`${P}/changes/abc`)).toBe('Changes');
    expect(label(`${P}/Letter-Group-Level/`)).toBe('Letter Group-Level');
  });

  it('is the most precise entry: the link builder, not Letter Group', () => {
    expect(label(`${P}/letter-group/links`)).toBe('Link builder');
    expect(label(`${P}/letter-group/4`)).toBe('Letter Group');
  });

  it('is none on the home or a page without an entry', () => {
    expect(label(P)).toBeNull();
    expect(label(`${P}/words`)).toBeNull();
    expect(label(`${P}/search`)).toBeNull();
  });
});
