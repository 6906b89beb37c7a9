/**
 * Issue 12, "messages humans read", in Chromium at a laptop (1280×800) and a phone (390×844)
 * against the real server with demo content: a list filter no row could match (a huge Stage ID,
 * letters in a number) is shown as an error on that filter — typed, or arriving in a link and
 * rendered by the server — and the list is not searched; zod's own texts ("Too big: expected
 * int to be <=9007199254740991") never reach the screen, in filters or in forms.
 */
import type { Page } from 'playwright-core';
import { expect, it, vi } from 'vitest';
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser.ts';
import { idle, open, openAt, usePanel, tableRows, waitForQuery } from './entities-harness.ts';

const RAW_TEXTS = /Too big|Too small|expected int|expected number|9007199254740991|Invalid search/;

const filter = (page: Page, label: string) => page.getByRole('search').getByLabel(label, { exact: true });

/** The message a filter input points at with aria-describedby, once it is marked invalid. */
async function problemOf(page: Page, label: string): Promise<string> {
  const input = filter(page, label);
  await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
  const id = await input.getAttribute('aria-describedby');
  return (await page.locator(`[id="${id}"]`).textContent()) ?? '';
}

describeBrowser('list filters say what is wrong with them (issue 12)', () => {
  vi.setConfig({ testTimeout: 90_000 });
  const panel = usePanel();

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`${viewport}: an out-of-range filter is an error on its field, never ignored; no raw zod text`, async () => {
      const tab = await openAt(panel, viewport);
      const { page } = tab;
      try {
        await open(page, 'letter-group');
        const all = (await tableRows(page)).length;
        expect(all).toBeGreaterThan(0);

        // Typed: the field says what to type, the list is not searched (nor shown unfiltered).
        await filter(page, 'Stage ID').fill('99999999999');
        await waitForQuery(page, (p) => p.get('stageId') === '99999999999');
        const expected = 'Stage ID must be a whole number from 1 to 2,147,483,647.';
        expect(await problemOf(page, 'Stage ID')).toBe(expected);
        expect(await tableRows(page)).toEqual([]);
        expect(await page.getByText('Correct the filter above to see letter groups.').isVisible()).toBe(true);
        expect(await page.locator('main').innerText()).not.toMatch(RAW_TEXTS);
        await expectNoAxeViolations(page, `${viewport}: invalid Stage ID`);

        // From a link, rendered by the server: the same message, before and after hydration.
        const response = await page.request.get(`${page.url()}`);
        expect(await response.text()).toContain(expected);
        await open(page, 'letter-group?stageId=abc&letters=a');
        expect(await problemOf(page, 'Stage ID')).toBe(expected);
        expect(await tableRows(page)).toEqual([]);

        // Corrected: the message goes, the rows come.
        await filter(page, 'Stage ID').fill('1');
        await waitForQuery(page, (p) => p.get('stageId') === '1');
        await expect.poll(() => filter(page, 'Stage ID').getAttribute('aria-invalid')).toBeNull();
        expect((await tableRows(page)).length).toBeGreaterThan(0);

        // A number filter takes its column's bounds.
        await open(page, 'stage');
        await filter(page, 'Letter count').fill('999');
        await waitForQuery(page, (p) => p.get('letterCount') === '999');
        expect(await problemOf(page, 'Letter count')).toBe(
          'Letter count must be a whole number from 1 to 64.',
        );

        // Forms: zod's 'Too big: expected int to be <=9007199254740991' is never what the user reads.
        await open(page, 'stage/add');
        const form = page.locator('main form');
        await form.getByLabel('Letter Count', { exact: true }).fill('5');
        await form.getByLabel('Number', { exact: true }).fill('99999999999999999999');
        await page.getByRole('button', { name: 'Save' }).click();
        await form.locator('.invalid-feedback').first().waitFor();
        await idle(page);
        expect(await form.locator('.invalid-feedback').allTextContents()).toEqual([
          'Number must be at most 2,147,483,647',
        ]);
        expect(await page.locator('main').innerText()).not.toMatch(RAW_TEXTS);
        await expectNoAxeViolations(page, `${viewport}: stage form with a huge number`);
        expect(tab.problems()).toEqual([]);
      } finally {
        await tab.close();
      }
    });
  }
});
