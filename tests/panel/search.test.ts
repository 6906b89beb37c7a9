/**
 * The navbar's global search (issue 12) in Chromium against the real app with the demo content:
 * words, letter groups, levels and users, grouped, by keyboard, and without JavaScript.
 */
import { expect, it } from 'vitest';
import { describeBrowser, expectNoAxeViolations, openPage, VIEWPORTS } from '../helpers/browser.ts';
import { hydrated } from './login.ts';
import { apiSearch, idle, openAt, PANEL, usePanel } from './entities-harness.ts';

const GROUPS = ['Words', 'Letter Groups', 'Levels', 'Users by email', 'Users by username'];

describeBrowser('admin panel: global search', () => {
  const panel = usePanel(60_000);

  it('desktop: finds a word and a user from the navbar, grouped, and by keyboard opens a hit', async () => {
    const { page } = panel;
    const word = (await apiSearch(page, 'words', { letters: 'ace' })).content[0]!;
    const user = (await apiSearch(page, 'users', { size: '1' })).content[0]!;

    await page.goto(`${PANEL}/stage`);
    await hydrated(page);
    const box = page.getByRole('search').getByRole('searchbox', { name: /Search words/ });
    await box.fill(String(word.letters));
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === `${PANEL}/search`);
    expect(new URL(page.url()).searchParams.get('q')).toBe(word.letters);
    await page
      .getByRole('heading', { level: 1, name: `Search results for “${String(word.letters)}”` })
      .waitFor();
    expect(
      await page.locator('main h2').evaluateAll((hs) => hs.map((h) => h.firstChild?.textContent)),
    ).toEqual(GROUPS);
    const words = page.getByRole('region', { name: /^Words/ });
    const hit = words.getByRole('link', { name: `${String(word.letters)} #${String(word.id)}` });
    expect(await hit.getAttribute('href')).toBe(`${PANEL}/word/update/${String(word.id)}`);
    expect(await box.inputValue()).toBe(word.letters);
    await expectNoAxeViolations(page, 'search results');

    // A user, by username: Tab from the search box reaches the hit, Enter opens it.
    await box.fill(String(user.username));
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === user.username);
    const users = page.getByRole('region', { name: /^Users by username/ });
    const userHit = users.getByRole('link', {
      name: new RegExp(`^${String(user.username)} #${String(user.id)}$`),
    });
    await userHit.waitFor();
    await box.focus();
    for (let tabs = 0; tabs < 30; tabs++) {
      if (await userHit.evaluate((el) => el === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    expect(await userHit.evaluate((el) => el === document.activeElement), 'reached by Tab').toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${PANEL}/user/update/${String(user.id)}`);
    await idle(page);
    expect(panel.session.problems()).toEqual([]);
  });

  it('phone: many matches show five per group and "See all" opens the filtered list', async () => {
    const session = await openAt(panel, 'phone');
    const { page } = session;
    try {
      await page.goto(`${PANEL}/search?q=a`);
      await hydrated(page);
      const words = page.getByRole('region', { name: /^Words/ });
      expect(await words.locator('li').count()).toBe(5);
      // Down and Up move between the hits, across groups.
      const hits = page.locator('main a[data-search-hit]');
      await hits.first().focus();
      await page.keyboard.press('ArrowDown');
      expect(await hits.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('ArrowUp');
      expect(await hits.first().evaluate((el) => el === document.activeElement)).toBe(true);
      const seeAll = words.getByRole('link', { name: /^See all \d+ words matching “a”$/ });
      expect(await seeAll.getAttribute('href')).toBe(`${PANEL}/word?letters=a`);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await seeAll.click();
      await page.waitForURL(`**${PANEL}/word?letters=a`);
      await idle(page);
      expect(await page.getByRole('textbox', { name: 'Letters' }).inputValue()).toBe('a');
      expect(session.problems()).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('works without JavaScript (a server-rendered page), and says what is wrong with too long a text', async () => {
    const session = await openPage(panel.browser, {
      baseURL: panel.app.url,
      context: { ...VIEWPORTS.desktop, javaScriptEnabled: false },
    });
    const { page } = session;
    try {
      await session.context.addCookies(await panel.session.context.cookies());
      await page.goto(`${PANEL}/level`);
      const box = page.getByRole('searchbox', { name: /Search words/ });
      await box.fill('e');
      await box.press('Enter');
      await page.waitForURL((url) => url.pathname === `${PANEL}/search`);
      expect(
        await page
          .getByRole('region', { name: /^Levels/ })
          .getByRole('link')
          .count(),
      ).toBeGreaterThan(0);

      await page.goto(`${PANEL}/search?q=${'x'.repeat(101)}`);
      expect(await page.getByRole('alert').innerText()).toBe('Type at most 100 characters to search.');
      expect(session.problems()).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
