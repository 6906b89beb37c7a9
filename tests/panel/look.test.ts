/**
 * The panel's look (issue 12) in Chromium at 1280×800 and 390×844: lists that fit the window
 * (sticky actions, cut long text, cards on phones), the navbar collapsing on phones, the dark
 * mode axe-clean, visible focus rings.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { ENTITY_SCREENS } from '../../client/admin/entities/routes.tsx';
import {
  describeBrowser,
  expectNoAxeViolations,
  openPage,
  VIEWPORTS,
  type BrowserSession,
} from '../helpers/browser.ts';
import { idle, open, openAt, PANEL, usePanel } from './entities-harness.ts';
import { hydrated } from './login.ts';

/** The page scrolls sideways when its content is wider than the window. */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describeBrowser('admin panel: the look', () => {
  const panel = usePanel(60_000);

  /** Another tab of the logged-in admin with its own context options (a colour scheme, say). */
  async function tab(options: BrowserContextOptions): Promise<BrowserSession> {
    const session = await openPage(panel.browser, { baseURL: panel.app.url, context: options });
    await session.context.addCookies(await panel.session.context.cookies());
    return session;
  }

  it('desktop: every list fits the window; the actions stay in view at the end of each row', async () => {
    const { page } = panel;
    for (const { name } of ENTITY_SCREENS) {
      await open(page, name);
      expect(await horizontalOverflow(page), `${name}: page scrolls sideways`).toBeLessThanOrEqual(0);
      const actions = page.locator('main tbody tr').first().locator('td.panel-actions');
      if ((await actions.count()) === 0) continue; // an empty list
      expect(await actions.evaluate((cell) => getComputedStyle(cell).position)).toBe('sticky');
      const box = (await actions.boundingBox())!;
      expect(box.x + box.width, `${name}: actions off-screen`).toBeLessThanOrEqual(1280);
      const edit = actions.getByRole('link', { name: /^Edit/ });
      expect(await edit.isVisible()).toBe(true);
    }
  });

  it('desktop: long text is cut to one line, its full value in a tooltip and readable by keyboard', async () => {
    const { page } = panel;
    await open(page, 'level');
    const long = page.locator('main td.panel-cell-long').first();
    const full = (await long.textContent())!;
    expect(full.length).toBeGreaterThan(32);
    expect(await long.getAttribute('title')).toBe(full);
    expect(await long.getAttribute('tabindex')).toBe('0');
    const cut = await long.evaluate((cell) => ({
      overflow: getComputedStyle(cell).textOverflow,
      wraps: getComputedStyle(cell).whiteSpace,
    }));
    expect(cut).toEqual({ overflow: 'ellipsis', wraps: 'nowrap' });
    await long.focus();
    expect(await long.evaluate((cell) => getComputedStyle(cell).whiteSpace)).toBe('normal');
  });

  it("after hydration the generated ids are the server's (one React on both sides), and every reference resolves", async () => {
    const { page } = panel;
    for (const path of ['level', 'level/update/1']) {
      const html = await (await page.request.get(`${PANEL}/${path}`)).text();
      // React's useId() values look like `_R_2d_`.
      const served = [...html.matchAll(/\bid="(_R_[^"]*)"/g)].map((m) => m[1]!).sort();
      await open(page, path);
      const ids = await page.evaluate(() => {
        const refs = ['for', 'aria-describedby', 'aria-labelledby', 'aria-controls'];
        const broken = [...document.querySelectorAll(refs.map((r) => `[${r}]`).join(','))].flatMap((el) =>
          refs.flatMap((r) =>
            (el.getAttribute(r) ?? '')
              .split(/\s+/)
              .filter((id) => id && !document.getElementById(id))
              .map((id) => `${el.tagName} ${r}=${id}`),
          ),
        );
        const generated = [...document.querySelectorAll('[id]')]
          .map((el) => el.id)
          .filter((id) => /^_R_/.test(id))
          .sort();
        return { broken, generated };
      });
      expect(served.length, `${path}: generated ids served`).toBeGreaterThan(0);
      expect(ids, path).toEqual({ broken: [], generated: served });
    }
  });

  it('phone: every list fits the window as one card per row, each value labelled', async () => {
    const session = await openAt(panel, 'phone');
    const { page } = session;
    try {
      for (const { name } of ENTITY_SCREENS) {
        await open(page, name);
        expect(await horizontalOverflow(page), `${name}: page scrolls sideways`).toBeLessThanOrEqual(0);
        const row = page.locator('main tbody tr').first();
        const cells = row.locator('td[data-label]');
        if ((await cells.count()) === 0) continue;
        const card = await row.evaluate((tr) => {
          const cells = [...tr.querySelectorAll('td[data-label]')];
          return {
            display: getComputedStyle(tr).display,
            labels: cells.map((td) => getComputedStyle(td, '::before').content.replace(/"/g, '')),
            expected: cells.map((td) => td.getAttribute('data-label')),
            widest: Math.max(...cells.map((td) => td.getBoundingClientRect().right)),
          };
        });
        expect(card.display, name).toBe('block');
        expect(card.labels, name).toEqual(card.expected);
        expect(card.widest, name).toBeLessThanOrEqual(390);
        // The header row is a bar of what still acts above the cards: the select box and sort links.
        const header = await page.locator('main thead').evaluate((el) => ({
          right: el.getBoundingClientRect().right,
          shown: [...el.querySelectorAll('th')]
            .filter((th) => getComputedStyle(th).display !== 'none')
            .every((th) => th.querySelector('a, input') !== null),
        }));
        expect(header.right, `${name}: the sort bar fits`).toBeLessThanOrEqual(390);
        expect(header.shown, `${name}: the sort bar shows only controls`).toBe(true);
      }
      await expectNoAxeViolations(page, 'a list as cards');
      expect(session.problems()).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('phone: the navbar collapses behind a Menu button that works by keyboard', async () => {
    const session = await openAt(panel, 'phone');
    const { page } = session;
    try {
      await open(page, 'word');
      const nav = page.getByRole('navigation', { name: 'Admin' });
      const menu = nav.locator('summary', { hasText: 'Menu' });
      const level = nav.getByRole('link', { name: 'Level', exact: true });
      expect(await menu.isVisible()).toBe(true);
      expect(await level.isVisible()).toBe(false);
      const brand = (await nav.getByRole('link', { name: 'Argus Words Admin' }).boundingBox())!;
      const button = (await menu.boundingBox())!;
      expect(Math.abs(brand.y + brand.height / 2 - (button.y + button.height / 2)), 'one line').toBeLessThan(
        8,
      );
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      await menu.focus();
      await page.keyboard.press('Enter');
      expect(await level.isVisible()).toBe(true);
      expect(await nav.getByRole('searchbox').isVisible()).toBe(true);
      expect(await nav.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, 'the open menu');

      await page.keyboard.press('Tab');
      await page.keyboard.press('Escape');
      expect(await level.isVisible()).toBe(false);
      expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);

      await page.keyboard.press('Space');
      await page.keyboard.press('Tab');
      expect(await level.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL(`**${PANEL}/level`);
      await expect.poll(() => level.isVisible()).toBe(false); // closed on navigation
      expect(session.problems()).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('phone, without JavaScript: the Menu button still opens the navbar', async () => {
    const session = await tab({ ...VIEWPORTS.phone, javaScriptEnabled: false });
    const { page } = session;
    try {
      await page.goto(`${PANEL}/stage`);
      const nav = page.getByRole('navigation', { name: 'Admin' });
      const level = nav.getByRole('link', { name: 'Level', exact: true });
      expect(await level.isVisible()).toBe(false);
      await nav.locator('summary', { hasText: 'Menu' }).click();
      expect(await level.isVisible()).toBe(true);
    } finally {
      await session.close();
    }
  });

  it('desktop: no Menu button; the sections, search and Logout are all in the bar', async () => {
    const { page } = panel;
    await open(page, 'stage');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    expect(await nav.locator('summary', { hasText: 'Menu' }).isVisible()).toBe(false);
    expect(await nav.getByRole('link', { name: 'Letter Group', exact: true }).isVisible()).toBe(true);
    expect(await nav.getByRole('searchbox').isVisible()).toBe(true);
    expect(await nav.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    // Chromium's own accessibility tree (what a screen reader gets) has them too: the closed
    // <details> shows its content by CSS (::details-content), and the tree must follow.
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: Array<{ ignored: boolean; role?: { value: string }; name?: { value: string } }>;
    };
    const exposed = (role: string, name: string) =>
      nodes.some((n) => !n.ignored && n.role?.value === role && n.name?.value === name);
    expect(exposed('link', 'Letter Group')).toBe(true);
    expect(exposed('button', 'Logout')).toBe(true);
    await cdp.detach();
  });

  // One test per viewport: six pages and their axe runs each (together past 30 s on a slow machine).
  it.each(['desktop', 'phone'] as const)(
    'dark mode follows the system setting and stays axe-clean (contrast included), %s',
    async (viewport) => {
      const session = await tab({ ...VIEWPORTS[viewport], colorScheme: 'dark' });
      const { page } = session;
      try {
        for (const path of ['', 'level', 'user', 'word/update/1', 'level/add', 'search?q=a']) {
          await open(page, path);
          const background = await page
            .locator('.panel')
            .evaluate((el) => getComputedStyle(el).backgroundColor);
          expect(background, 'a dark background').toBe('rgb(22, 18, 30)');
          await expectNoAxeViolations(page, `${viewport} dark /${path}`);
        }
        expect(session.problems()).toEqual([]);
      } finally {
        await session.close();
      }
    },
  );

  it('dark mode: the confirm dialog, a saved row and the panel 404 stay axe-clean', async () => {
    const session = await tab({ ...VIEWPORTS.desktop, colorScheme: 'dark' });
    const { page } = session;
    const dialog = page.getByRole('dialog');
    try {
      await open(page, 'language');
      await page.locator('main tbody tr').first().getByRole('link', { name: /^Edit/ }).click();
      await page.getByRole('heading', { level: 1, name: 'Edit Language' }).waitFor();
      await idle(page);
      await page.getByRole('button', { name: 'Save' }).click();
      await dialog.getByRole('heading', { name: 'Are you sure?' }).waitFor();
      await expectNoAxeViolations(page, 'dark confirm dialog');
      await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
      await page.locator('main tbody tr[data-saved]').getByText('Saved', { exact: true }).waitFor();
      await expectNoAxeViolations(page, 'dark list with the saved row');
      await page.getByRole('link', { name: 'Skip to main content' }).focus();
      await expectNoAxeViolations(page, 'dark skip link');
      await page.goto(`${PANEL}/no-such-screen`);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      await expectNoAxeViolations(page, 'dark panel 404');
    } finally {
      await session.close();
    }
  });

  it('light mode keeps the brand and stays axe-clean; the login and two-factor screens in both modes', async () => {
    const session = await tab({ ...VIEWPORTS.desktop, colorScheme: 'light' });
    const { page } = session;
    try {
      await open(page, 'search?q=e');
      await expectNoAxeViolations(page, 'light search');
      const brand = page.getByRole('link', { name: 'Argus Words Admin' });
      expect(await brand.isVisible()).toBe(true);
    } finally {
      await session.close();
    }
    for (const colorScheme of ['light', 'dark'] as const) {
      const anonymous = await openPage(panel.browser, {
        baseURL: panel.app.url,
        context: { ...VIEWPORTS.phone, colorScheme },
      });
      try {
        const { page } = anonymous;
        await page.goto(`${PANEL}/auth/login`);
        await hydrated(page);
        await expectNoAxeViolations(page, `${colorScheme} login`);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        // The password step leads to the two-factor screen, in the same colours.
        await page.getByLabel('Username').fill(panel.admin.username);
        await page.getByLabel('Password').fill(panel.admin.password);
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.waitForURL(`**${PANEL}/auth/set-qr-code`);
        await hydrated(page);
        await expectNoAxeViolations(page, `${colorScheme} two-factor screen`);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      } finally {
        await anonymous.close();
      }
    }
  });

  it('focus rings: links, buttons and fields reached by keyboard show a visible outline', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const session = await tab({ ...VIEWPORTS.desktop, colorScheme });
      const { page } = session;
      try {
        await open(page, 'word');
        const targets = [
          page.getByRole('link', { name: 'Stage', exact: true }),
          page.getByRole('searchbox'),
          page.locator('main tbody tr').first().getByRole('link', { name: /^Edit/ }),
          page.getByRole('button', { name: 'Logout' }),
        ];
        for (const target of targets) {
          // Focus by keyboard: Shift+Tab back from the next element, so :focus-visible applies.
          await target.focus();
          await page.keyboard.press('Tab');
          await page.keyboard.press('Shift+Tab');
          const ring = await target.evaluate((el) => {
            const style = getComputedStyle(el);
            return {
              visible: el.matches(':focus-visible'),
              outline: `${style.outlineStyle} ${style.outlineWidth}`,
            };
          });
          expect(ring).toEqual({ visible: true, outline: 'solid 3px' });
        }
      } finally {
        await session.close();
      }
    }
  });
});
