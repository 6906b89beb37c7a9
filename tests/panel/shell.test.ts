/**
 * The admin panel's shell once logged in, in Chromium against the real server: the home cards,
 * the navbar and link-tables menu by keyboard, and logout ending the server session.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser.ts';
import {
  PANEL,
  hydrated,
  logIn,
  openPanelPage,
  sessionAuth,
  startPanelHarness,
  type PanelHarness,
} from './panel-browser.ts';

const HOME_CARDS = [
  [
    'Manage Levels',
    'Manage levels in the app, add new ones, or edit existing ones.',
    'Go to Levels',
    'level',
  ],
  ['Manage Users', 'Manage user accounts, add or edit user details.', 'Go to Users', 'user'],
  [
    'Manage Languages',
    'Manage languages used in the app, add new ones or edit existing ones.',
    'Go to Languages',
    'language',
  ],
  ['Manage Words', 'Manage words in the app, add new ones or edit existing ones.', 'Go to Words', 'word'],
  ['Manage Stages', 'Manage stages in the app, add new ones or edit existing ones.', 'Go to Stages', 'stage'],
  [
    'Manage Letter Groups',
    'Manage letter groups in the app, add new ones or edit existing ones.',
    'Go to Letter Groups',
    'letter-group',
  ],
] as const;

describeBrowser('admin panel: home, navbar and logout', () => {
  vi.setConfig({ testTimeout: 60_000 });
  let harness: PanelHarness;

  beforeAll(async () => {
    harness = await startPanelHarness();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('home: the six cards with their texts and targets, three per row at medium width', async () => {
    const session = await openPanelPage(harness);
    const { page } = session;
    try {
      await page.setViewportSize({ width: 1000, height: 900 });
      await logIn(harness, page);
      await page.reload();
      await hydrated(page);
      expect(
        await page.getByText('Explore the various sections below to manage the content.').isVisible(),
      ).toBe(true);
      const cards = page.locator('main article.card');
      expect(await cards.count()).toBe(6);
      const tops: number[] = [];
      for (const [index, [title, description, button, target]] of HOME_CARDS.entries()) {
        const card = cards.nth(index);
        expect(await card.getByRole('heading', { level: 2 }).innerText()).toBe(title);
        expect(await card.locator('.card-text').innerText()).toBe(description);
        const link = card.getByRole('link', { name: button, exact: true });
        expect(await link.getAttribute('href')).toBe(`${PANEL}/${target}`);
        tops.push(Math.round((await card.boundingBox())!.y));
      }
      expect(new Set(tops.slice(0, 3)).size).toBe(1);
      expect(new Set(tops.slice(3)).size).toBe(1);
      expect(tops[3]).toBeGreaterThan(tops[0]!);
      await expectNoAxeViolations(page, 'home');

      await page.getByRole('link', { name: 'Go to Languages' }).click();
      await page.waitForURL(`**${PANEL}/language`);
      expect(session.problems()).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('navbar and the link-tables menu work by keyboard; Escape closes the menu', async () => {
    const session = await openPanelPage(harness);
    const { page } = session;
    try {
      await logIn(harness, page);
      await hydrated(page);
      const nav = page.getByRole('navigation', { name: 'Admin' });
      for (const [label, target] of [
        ['Level', 'level'],
        ['User', 'user'],
        ['Language', 'language'],
        ['Word', 'word'],
        ['Stage', 'stage'],
        ['Letter Group', 'letter-group'],
        ['Dictionary', 'dictionary'],
        ['History', 'audit'],
        ['Trash', 'trash'],
        ['Changes', 'changes'],
        ['Import', 'import'],
      ]) {
        expect(await nav.getByRole('link', { name: label, exact: true }).getAttribute('href')).toBe(
          `${PANEL}/${target}`,
        );
      }
      expect(await nav.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);

      const menuButton = nav.locator('summary', { hasText: 'Manage link tables' });
      const userLevel = nav.getByRole('link', { name: 'User-Level', exact: true });
      expect(await userLevel.isVisible()).toBe(false);
      await menuButton.focus();
      await page.keyboard.press('Enter');
      expect(await userLevel.isVisible()).toBe(true);
      expect(await nav.getByRole('link', { name: 'Letter Group-Level' }).getAttribute('href')).toBe(
        `${PANEL}/letter-group-level`,
      );
      expect(await nav.getByRole('link', { name: 'Letter Group-Word' }).getAttribute('href')).toBe(
        `${PANEL}/letter-group-word`,
      );
      await page.keyboard.press('Tab');
      await page.keyboard.press('Escape');
      expect(await userLevel.isVisible()).toBe(false);
      expect(await menuButton.evaluate((el) => el === document.activeElement)).toBe(true);

      await page.keyboard.press('Space');
      expect(await userLevel.isVisible()).toBe(true);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await userLevel.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL(`**${PANEL}/user-level`);
      await expect.poll(() => userLevel.isVisible()).toBe(false); // closed on navigation
      expect(await page.title()).toMatch(/User-Level/);
      expect(session.problems()).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('logout ends the server session and loads the site root; the panel then redirects to /', async () => {
    const session = await openPanelPage(harness);
    const { page, context } = session;
    try {
      await logIn(harness, page);
      await hydrated(page);
      expect((await sessionAuth(harness, context))?.accessToken).toBeTruthy();
      const cookieBefore = (await context.cookies()).find((c) => c.name.endsWith('argus-panel'))!;
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
        'Grow your vocabulary, one word at a time',
      );
      expect(await sessionAuth(harness, context)).toBeNull();
      // Even the old cookie, replayed, no longer opens the panel.
      await context.addCookies([{ ...cookieBefore }]);
      await page.goto(`${PANEL}/level`);
      expect(new URL(page.url()).pathname).toBe('/');
      expect(session.problems()).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
