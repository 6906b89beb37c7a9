/**
 * The level workbench (issue 13) in a real browser against the real server with demo content: the
 * verdict follows the check condition as it is composed, before saving; the level list's Solvable
 * column and filter; axe clean at 1280×800 and 390×844.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser.ts';
import {
  dialog,
  headers,
  idle,
  open,
  openAt,
  PANEL,
  tableRows,
  waitForQuery,
  usePanel,
} from './entities-harness.ts';

const field = (page: Page, label: string) => page.locator('main form').getByLabel(label, { exact: true });
const workbench = (page: Page) => page.locator('#workbench [data-testid="solvability"]');

/** Waits until the workbench shows `verdict` (its data-verdict), and answers its text. */
async function verdictShown(page: Page, verdict: string): Promise<string> {
  await workbench(page).locator(`[data-verdict="${verdict}"]`).waitFor();
  await page.locator('#workbench[aria-busy="false"]').waitFor();
  return (await workbench(page).innerText()).replace(/\s+/g, ' ');
}

describeBrowser('the level workbench', () => {
  const panel = usePanel();

  it('shows the verdict change live while the check condition is composed, before saving', async () => {
    const { page } = panel;
    await open(page, 'level/update/1');
    const url = page.url();
    expect(await verdictShown(page, 'solvable')).toMatch(/Solvable .*usable words? \(\d+ needed\)/);
    await expectNoAxeViolations(page, 'level form with its workbench');

    await field(page, 'Number of words').fill('5000');
    expect(await verdictShown(page, 'too-few-words')).toMatch(/Too few words .*5000 needed/);
    await field(page, 'Number of letters').fill('60');
    expect(await verdictShown(page, 'unsolvable')).toMatch(/Unsolvable .*0 usable words/);
    await field(page, 'Number of letters').fill('0');
    await verdictShown(page, 'too-few-words');
    // Nothing was saved: the page is the same form, and the stored level is still solvable.
    expect(page.url()).toBe(url);
    const stored = await page.evaluate(async () => {
      const res = await fetch('/argusma-words-panel/api/levels/cms/1/solvability', {
        headers: { 'X-Argus-CSRF': '1' },
      });
      return (await res.json()) as { verdict: string };
    });
    expect(stored.verdict).toBe('solvable');
  });

  it('lists levels with a Solvable column and filter, and saving moves a level between them', async () => {
    const { page } = panel;
    // Save the unsolvable condition composed above: level 1 then has too few words.
    await page.getByRole('button', { name: 'Save' }).click();
    await dialog(page).getByRole('button', { name: 'Yes', exact: true }).click();
    await page.waitForURL((u) => u.pathname === `${PANEL}/level`);
    await idle(page);

    expect(await headers(page)).toContain('Solvable');
    // tableRows leaves out the ID column that headers lists.
    const solvable = (await headers(page)).filter((h) => h !== 'ID').indexOf('Solvable');
    const rows = await tableRows(page);
    expect(rows[0]![solvable]).toMatch(/^Few \(Too few words\)/);
    expect(rows.slice(1).every((row) => row[solvable]!.startsWith('Yes (Solvable)'))).toBe(true);

    await page.getByRole('search').getByLabel('Solvable', { exact: true }).selectOption('no');
    await waitForQuery(page, (p) => p.get('solvable') === 'no');
    const unsolvable = await tableRows(page);
    expect(unsolvable.map((row) => row[solvable]!.split(' —')[0])).toEqual(['Few (Too few words)']);
    await expectNoAxeViolations(page, 'level list filtered by Solvable');

    // The verdict links to the level's workbench.
    await page
      .locator('main table tbody')
      .getByRole('link', { name: /^Few \(Too few words\)/ })
      .click();
    await page.waitForURL((u) => u.pathname === `${PANEL}/level/update/1` && u.hash === '#workbench');
    await verdictShown(page, 'too-few-words');
  });

  it('fits a phone: the workbench and the Solvable column at 390×844, axe clean', async () => {
    const phone = await openAt(panel, 'phone');
    try {
      await open(phone.page, 'level/update/2');
      await verdictShown(phone.page, 'solvable');
      await expectNoAxeViolations(phone.page, 'level form on a phone');
      const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await open(phone.page, 'level?solvable=yes');
      const cell = phone.page.locator('main table tbody td[data-label="Solvable"]').first();
      expect(await cell.innerText()).toMatch(/^Yes/);
      await expectNoAxeViolations(phone.page, 'level list on a phone');
    } finally {
      await phone.close();
    }
  });
});
