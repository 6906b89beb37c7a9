/**
 * The panel's front as its tools grow (issue 47), in Chromium against the real app with the demo
 * content: the navbar is one line at 1280 and 1440 px on the home, a list, a form and the
 * Difficulty screen; the spec's sections are shown directly; every screen of the route table is at
 * most one menu away and opens; at 390 px one Menu button holds them all; the menus work by
 * keyboard and are axe-clean. The home's layout is in home-first.test.ts.
 */
import type { Page } from 'playwright-core';
import type { RouteObject } from 'react-router';
import { expect, it, vi } from 'vitest';
import { adminRoutes } from '../../client/admin/routes.tsx';
import { gateRedirect } from '../../shared/panel-paths.ts';
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser.ts';
import { open, openAt, PANEL, usePanel } from './entities-harness.ts';
import { hydrated } from './login.ts';
import { adminNav } from './navbar.ts';

function routePaths(routes: RouteObject[], base = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path ? `${base}/${route.path}` : base;
    return route.children ? routePaths(route.children, path) : [path];
  });
}

/**
 * Every screen of the panel a logged-in manager opens, from the route table: all but a record's
 * own pages (`:id`, reached from its list) and the 404 (`*`), the add forms (their list's 'Add
 * New'), the access screens gating sends a logged-in manager away from, and the invitation's page
 * that needs no session.
 */
const SCREENS = routePaths(adminRoutes).filter(
  (path) =>
    !/[:*]/.test(path) &&
    !path.endsWith('/add') &&
    gateRedirect('logged-in', path) === null &&
    gateRedirect('logged-out', path) !== null,
);

/** SPEC §2's navbar: six sections shown directly, three tables in 'Manage link tables'. */
const SPEC_DIRECT = ['level', 'user', 'language', 'word', 'stage', 'letter-group'].map(
  (s) => `${PANEL}/${s}`,
);
const SPEC_LINK_TABLES = ['letter-group-level', 'letter-group-word', 'user-level'].map(
  (s) => `${PANEL}/${s}`,
);

const WIDE = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
];

/** Where the navbar's items sit: all on one line means their vertical centres agree. */
function navbarLine(page: Page) {
  return page.evaluate(() => {
    const inner = document.querySelector('.panel-navbar-inner')!;
    const items = [
      inner.querySelector('.panel-brand'),
      inner.querySelector('summary.panel-nav-toggle'),
      ...inner.querySelectorAll(
        '.panel-nav-body > ul > li, .panel-nav-body > form, .panel-nav-body > button',
      ),
    ].filter((el): el is Element => el !== null && el.getBoundingClientRect().height > 0);
    const boxes = items.map((el) => el.getBoundingClientRect());
    const centres = boxes.map((box) => box.top + box.height / 2);
    return {
      items: items.length,
      spread: Math.max(...centres) - Math.min(...centres),
      height: document.querySelector('.panel-navbar')!.getBoundingClientRect().height,
      right: Math.max(...boxes.map((box) => box.right)),
    };
  });
}

/** The navbar's menu holding the link to `path`. */
const menuOf = (page: Page, path: string) =>
  adminNav(page)
    .locator('details.panel-menu')
    .filter({ has: page.locator(`a[href="${path}"]`) });

/**
 * How the navbar reaches a screen at the page's width: 'brand', 'search' (the search box's form),
 * 'direct' (a link shown), or the name of the one menu to open first (opened, then closed again).
 */
async function reachOf(page: Page, path: string): Promise<string> {
  const nav = adminNav(page);
  if (path === PANEL)
    return (await nav.locator('a.panel-brand').getAttribute('href')) === PANEL ? 'brand' : '';
  if ((await nav.locator(`form[action="${path}"]`).count()) === 1) return 'search';
  const link = nav.locator(`a[href="${path}"]`);
  expect(await link.count(), `${path}: one link in the navbar`).toBe(1);
  if (await link.isVisible()) return 'direct';
  const summary = menuOf(page, path).locator('summary');
  expect(await summary.isVisible(), `${path}: its menu's button is shown`).toBe(true);
  await summary.click();
  expect(await link.isVisible(), `${path}: shown once its menu is open`).toBe(true);
  await page.keyboard.press('Escape');
  expect(await link.isVisible(), `${path}: hidden again once its menu is closed`).toBe(false);
  return (await summary.innerText()).trim();
}

describeBrowser('admin panel: the navbar, one line, every screen one menu away', () => {
  vi.setConfig({ testTimeout: 120_000 });
  const panel = usePanel();

  it('the route table names the screens the navbar must reach', () => {
    for (const screen of [
      '',
      '/level',
      '/user-level',
      '/difficulty',
      '/letter-group/links',
      '/team',
      '/search',
    ])
      expect(SCREENS).toContain(`${PANEL}${screen}`);
    for (const away of ['/auth/login', '/auth/set-qr-code', '/enrol', '/level/add'])
      expect(SCREENS).not.toContain(`${PANEL}${away}`);
  });

  it.each(WIDE)(
    '$width×$height: one line on the home, a list, a form and the Difficulty screen',
    async (size) => {
      const session = await openAt(panel, 'desktop');
      const { page } = session;
      try {
        await page.setViewportSize(size);
        for (const path of ['', 'word', 'level/add', 'difficulty']) {
          await open(page, path);
          const line = await navbarLine(page);
          // Brand, six sections, 'Manage link tables', our tools' menus, the search and Logout.
          expect(line.items, path).toBeGreaterThanOrEqual(13);
          expect(line.spread, `${path}: every item on one line`).toBeLessThanOrEqual(4);
          expect(line.height, `${path}: one line tall`).toBeLessThanOrEqual(64);
          expect(line.right, `${path}: nothing past the right edge`).toBeLessThanOrEqual(size.width);
          expect(await adminNav(page).locator('summary.panel-nav-toggle').isVisible()).toBe(false);
        }
        expect(session.problems()).toEqual([]);
      } finally {
        await session.close();
      }
    },
  );

  it.each(WIDE)(
    '$width×$height: the spec’s links shown directly, every screen at most one menu away',
    async (size) => {
      const session = await openAt(panel, 'desktop');
      const { page } = session;
      try {
        await page.setViewportSize(size);
        await open(page, '');
        const reach = new Map<string, string>();
        for (const path of SCREENS) reach.set(path, await reachOf(page, path));
        for (const path of SPEC_DIRECT) expect(reach.get(path), path).toBe('direct');
        for (const path of SPEC_LINK_TABLES) expect(reach.get(path), path).toBe('Manage link tables');
        expect(reach.get(PANEL)).toBe('brand');
        expect(reach.get(`${PANEL}/search`)).toBe('search');
        // Our tools are in menus named by what a manager does, not in a wrapping row of links.
        expect(reach.get(`${PANEL}/difficulty`)).toBe('Design');
        expect(reach.get(`${PANEL}/changes`)).toBe('Review');
        for (const [path, how] of reach) expect(how, path).not.toBe('');
        expect(session.problems()).toEqual([]);
      } finally {
        await session.close();
      }
    },
  );

  it('1280×800: every screen opens from the navbar, and the menu it is in is marked', async () => {
    const { page } = panel;
    await open(page, '');
    const nav = adminNav(page);
    for (const path of SCREENS.filter((p) => p !== PANEL && !p.endsWith('/search'))) {
      const link = nav.locator(`a[href="${path}"]`);
      const direct = await link.isVisible();
      if (!direct) await menuOf(page, path).locator('summary').click();
      await link.click();
      await page.waitForURL((url) => url.pathname === path);
      await hydrated(page);
      // The URL changes as the navigation commits; React renders the new page right after.
      await expect
        .poll(() => link.getAttribute('aria-current'), { message: `${path}: marked as current` })
        .toBe('page');
      await expect
        .poll(() => link.isVisible(), { message: `${path}: its menu closed on navigation` })
        .toBe(direct);
      expect(await page.getByRole('heading', { level: 1 }).count(), path).toBe(1);
    }
    // The link builder is under Letter Group's address, but it is the Design menu that is marked.
    await open(page, 'letter-group/links');
    expect(await nav.locator('summary', { hasText: 'Design' }).getAttribute('class')).toContain('active');
    expect(await nav.locator(`a[href="${PANEL}/letter-group"]`).getAttribute('aria-current')).toBeNull();
    expect(panel.session.problems()).toEqual([]);
  });

  it('1280×800: a tool menu works by keyboard as the spec’s menu does; one menu open at a time', async () => {
    const { page } = panel;
    await open(page, 'word');
    const nav = adminNav(page);
    const review = nav.locator('summary', { hasText: 'Review' });
    const history = nav.getByRole('link', { name: 'History', exact: true });
    const releases = nav.getByRole('link', { name: 'Releases', exact: true });
    await review.focus();
    await page.keyboard.press('Enter');
    expect(await history.isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await history.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await history.isVisible()).toBe(false);
    expect(await review.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('Space');
    // History, Changes, Trash, Releases: the last of the menu.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    expect(await releases.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab'); // on past the menu: it closes
    expect(await releases.isVisible()).toBe(false);

    await nav.locator('summary', { hasText: 'Design' }).click();
    expect(await nav.getByRole('link', { name: 'Difficulty' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page, 'the Design menu open');
    await review.click();
    expect(await nav.getByRole('link', { name: 'Difficulty' }).isVisible()).toBe(false);
    expect(await history.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await history.isVisible()).toBe(false);
    expect(panel.session.problems()).toEqual([]);
  });

  it('390×844: one Menu button holds every screen, no menu inside it to open', async () => {
    const session = await openAt(panel, 'phone');
    const { page } = session;
    try {
      await open(page, 'word');
      const nav = adminNav(page);
      const menu = nav.locator('summary.panel-nav-toggle');
      expect(await menu.isVisible()).toBe(true);
      const links = SCREENS.filter((p) => p !== PANEL && !p.endsWith('/search'));
      for (const path of links) expect(await nav.locator(`a[href="${path}"]`).isVisible(), path).toBe(false);
      await menu.click();
      for (const path of links) expect(await nav.locator(`a[href="${path}"]`).isVisible(), path).toBe(true);
      expect(await nav.locator(`form[action="${PANEL}/search"]`).isVisible()).toBe(true);
      expect(await nav.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
      // The menus are listed open under their names.
      const names = nav.locator('.panel-menu-label');
      expect(await names.allInnerTexts()).toEqual(['MANAGE LINK TABLES', 'DESIGN', 'REVIEW']);
      for (const name of await names.all()) expect(await name.isVisible()).toBe(true);
      expect(await nav.locator('details.panel-menu > summary').first().isVisible()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page, 'the phone menu open');
      await nav.getByRole('link', { name: 'Difficulty' }).click();
      await page.waitForURL((url) => url.pathname === `${PANEL}/difficulty`);
      await expect.poll(() => nav.getByRole('link', { name: 'Difficulty' }).isVisible()).toBe(false);
      expect(session.problems()).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
