/**
 * Issue 12, "lists keep their state", in Chromium at a laptop (1280×800) and a phone (390×844)
 * against the real server with demo content: a filtered word list at 10 rows a page, on a page
 * reached by typing its number; Save, Cancel, the browser's Back, Add New and the edit form's
 * Delete all come back to that very page, size and filter (through a reload of the form too);
 * the saved row is marked and announced; a page that does not exist is refused with a message.
 */
import type { Page } from 'playwright-core';
import { expect, it, vi } from 'vitest';
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser.ts';
import {
  apiSearch,
  dialog,
  idle,
  open,
  openAt,
  pageOf,
  PANEL,
  usePanel,
  tableRows,
  waitForQuery,
} from './entities-harness.ts';
import { hydrated } from './login.ts';

const LIST = { letters: 'a', size: '10', page: '3' };
const listQuery = new URLSearchParams(LIST).toString();

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const formField = (page: Page, label: string) => page.locator('main form').getByLabel(label, { exact: true });

/** Back on the list page of LIST, its rows painted. */
async function expectBackOnList(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === `${PANEL}/word` && url.search === `?${listQuery}`);
  await waitForQuery(page, (p) => p.toString() === listQuery);
  await idle(page);
  expect(await pageOf(page)).toEqual([3, expect.any(Number)]);
  expect(await page.getByRole('search').getByLabel('Letters', { exact: true }).inputValue()).toBe('a');
  expect(await page.getByLabel('Rows per page').inputValue()).toBe('10');
}

/** The id in an Edit link (`…/word/update/17?back=…`). */
async function editId(page: Page, row: number): Promise<number> {
  const href = await page.getByRole('link', { name: /^Edit/ }).nth(row).getAttribute('href');
  return Number(/\/update\/(\d+)/.exec(href ?? '')?.[1]);
}

async function confirmYes(page: Page): Promise<void> {
  await dialog(page).getByRole('heading', { name: 'Are you sure?' }).waitFor();
  await dialog(page).getByRole('button', { name: 'Yes', exact: true }).click();
}

describeBrowser('lists keep their state (issue 12)', () => {
  vi.setConfig({ testTimeout: 120_000 });
  const panel = usePanel();

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`${viewport}: size, typed page, then Save, Cancel, Back, Add and Delete return to that list page`, async () => {
      const tab = await openAt(panel, viewport);
      const { page } = tab;
      try {
        await open(page, 'word');
        const letters = page.getByRole('search').getByLabel('Letters', { exact: true });
        await letters.fill('a');
        await waitForQuery(page, (p) => p.get('letters') === 'a');

        // Rows per page: offered sizes beside the server's default, kept in the URL.
        const size = page.getByLabel('Rows per page');
        expect(await size.locator('option').allTextContents()).toEqual([
          '10',
          '20 (default)',
          '25',
          '50',
          '100',
        ]);
        await size.selectOption('10');
        await waitForQuery(page, (p) => p.get('size') === '10' && p.get('letters') === 'a');
        const api = await apiSearch(page, 'words', { letters: 'a', size: '10' });
        expect(api.totalPages).toBeGreaterThan(3);
        expect((await tableRows(page)).length).toBe(10);
        expect(await pageOf(page)).toEqual([1, api.totalPages]);

        // 'Go to page': a page that does not exist is refused, in words, on the field.
        const goTo = page.getByLabel('Go to page');
        await goTo.fill(String(api.totalPages + 50));
        await page.getByRole('button', { name: 'Go', exact: true }).click();
        const refusal = page.getByRole('alert').filter({ hasText: 'There is no page' });
        expect(await refusal.textContent()).toBe(
          `There is no page ${api.totalPages + 50}: enter a number from 1 to ${api.totalPages}.`,
        );
        expect(await goTo.getAttribute('aria-invalid')).toBe('true');
        expect(new URL(page.url()).searchParams.has('page')).toBe(false);
        await expectNoAxeViolations(page, `${viewport} list with a refused page number`);
        await goTo.fill('3');
        await goTo.press('Enter');
        await waitForQuery(page, (p) => p.toString() === listQuery);
        expect(await pageOf(page)).toEqual([3, api.totalPages]);
        const shown = await tableRows(page);

        // Edit → the form remembers the list, even through a reload (a server render) → Save.
        const savedId = await editId(page, 1);
        await page.getByRole('link', { name: /^Edit/ }).nth(1).click();
        await heading(page, 'Edit Word').waitFor();
        expect(new URL(page.url()).searchParams.get('back')).toBe(listQuery);
        await page.reload();
        await hydrated(page);
        await page.getByRole('button', { name: 'Save' }).click();
        await confirmYes(page);
        await expectBackOnList(page);
        expect(await tableRows(page)).toEqual(shown);
        const marked = page.locator('main table tbody tr[data-saved]');
        expect(await marked.count()).toBe(1);
        expect(await marked.getByRole('link', { name: /^Edit/ }).getAttribute('href')).toContain(
          `/word/update/${savedId}?`,
        );
        expect(await marked.getByText('Saved', { exact: true }).isVisible()).toBe(true);
        expect(await page.locator('.text-success').first().textContent()).toBe('Word updated successfully');
        expect(await page.locator('.panel-saved-note').textContent()).toBe(
          `The saved word (ID ${savedId}) is marked Saved in the list below.`,
        );
        await expectNoAxeViolations(page, `${viewport} list with the saved row marked`);
        // A reload keeps the mark (the tab's history holds it) without a hydration mismatch.
        await page.reload();
        await hydrated(page);
        await idle(page);
        await expect.poll(() => marked.count()).toBe(1);
        expect(tab.problems()).toEqual([]);

        // Cancel, and the browser's Back, return there too (and mark nothing).
        await page.getByRole('link', { name: /^Edit/ }).nth(4).click();
        await heading(page, 'Edit Word').waitFor();
        await page.getByRole('link', { name: 'Cancel' }).click();
        await expectBackOnList(page);
        expect(await marked.count()).toBe(0);
        await page.getByRole('link', { name: /^Edit/ }).nth(2).click();
        await heading(page, 'Edit Word').waitFor();
        await page.goBack();
        await expectBackOnList(page);

        // Add New from this page: back here; the new word is further on, and the list says so.
        const word = `qqstate${viewport === 'phone' ? 'p' : 'l'}`;
        await page.getByRole('link', { name: 'Add New' }).click();
        await heading(page, 'Add Word').waitFor();
        await idle(page);
        await formField(page, 'Letters').fill(word);
        await formField(page, 'Language').selectOption({ label: 'English' });
        await page.getByRole('button', { name: 'Save' }).click();
        await expectBackOnList(page);
        expect(await page.locator('.text-success').first().textContent()).toBe('Word created successfully');
        const created = (await apiSearch(page, 'words', { letters: word })).content[0]!;
        expect(await page.locator('.panel-saved-note').textContent()).toBe(
          `The saved word (ID ${String(created.id)}) is not on this page of the list.`,
        );

        // The edit form's Delete: asks, deletes, and returns to the same page.
        await page.goto(`${PANEL}/word/update/${String(created.id)}?back=${encodeURIComponent(listQuery)}`);
        await hydrated(page);
        await idle(page);
        expect(await formField(page, 'Letters').inputValue()).toBe(word);
        await page.getByRole('button', { name: 'Delete', exact: true }).click();
        await confirmYes(page);
        await expectBackOnList(page);
        expect(await page.locator('.text-success').first().textContent()).toBe('Word deleted successfully');
        expect((await apiSearch(page, 'words', { letters: word })).content).toEqual([]);
        expect(tab.problems()).toEqual([]);
      } finally {
        await tab.close();
      }
    });
  }
});
