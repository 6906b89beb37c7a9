/**
 * History and undo (issue 13) in Chromium against the real app with the demo content: the audit
 * screen filtered by its URL shows a field diff and Revert puts the values back; a deleted word
 * shows in the Trash and Restore brings it back with its id; both screens at 1280×800 and 390×844,
 * axe clean.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser.ts';
import { apiSearch, dialog, open, openAt, PANEL, usePanel } from './entities-harness.ts';
import { followNavbarLink } from './navbar.ts';

describeBrowser('admin panel: history and trash', () => {
  const panel = usePanel(60_000);

  /** A write through the session proxy, as the panel makes it. */
  const call = async (page: Page, method: string, path: string, data?: object) => {
    const response = await page.request.fetch(`${PANEL}/api/${path}`, {
      method,
      headers: { 'X-Argus-CSRF': '1', Origin: panel.app.url },
      ...(data ? { data } : {}),
    });
    expect(response.status(), `${method} ${path}`).toBeLessThan(300);
    return (await response.json()) as Record<string, unknown>;
  };
  const firstLanguage = async (page: Page) => {
    const language = (await apiSearch(page, 'languages', { size: '1' })).content[0]!;
    return { id: language.id as number, name: String(language.language) };
  };
  const newWord = async (page: Page, letters: string) => {
    const language = (await firstLanguage(page)).id;
    return (await call(page, 'POST', 'words/cms', { letters, languageId: language })).id as number;
  };
  const lettersOf = async (page: Page, id: number) => {
    const response = await page.request.get(`${PANEL}/api/words/cms/${id}`);
    return response.ok() ? ((await response.json()) as { letters: string }).letters : null;
  };

  it('desktop: a filtered history shows the diff, Revert restores; Trash restores a deleted word', async () => {
    const { page } = panel;
    const id = await newWord(page, 'zebra');
    await call(page, 'PUT', `words/cms/${id}`, { letters: 'zebras' });

    await open(page, `audit?entity=words&entityId=${id}`);
    await page.getByRole('heading', { level: 1, name: `History of Word ${id}` }).waitFor();
    expect(await page.getByLabel('Table').inputValue()).toBe('words');
    expect(await page.getByLabel('Record ID').inputValue()).toBe(String(id));
    const entries = page.locator('article[data-audit-entry]');
    expect(await entries.count()).toBe(2);
    const update = entries.first();
    const updateId = await update.getAttribute('data-audit-entry');
    expect(await update.getByRole('heading').textContent()).toMatch(`Updated Word ${id}`);
    const letters = update.getByRole('row', { name: /^Letters/ });
    expect(await letters.getByRole('cell').allTextContents()).toEqual(['zebra', 'zebras']);
    // A foreign key reads as the list shows it: the language's name, its label and id on hover.
    const language = await firstLanguage(page);
    const created = entries.nth(1).getByRole('row', { name: /^Language/ });
    expect(await created.getByRole('rowheader').textContent()).toBe('Language');
    expect(await created.getByRole('cell').allTextContents()).toEqual(['—', language.name]);
    expect(await created.locator(`ins [title="Language ${language.id}"]`).textContent()).toBe(language.name);
    await expectNoAxeViolations(page, 'history of a word');

    await update.getByRole('button', { name: 'Revert' }).click();
    await dialog(page).getByRole('button', { name: 'Revert' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Word ${id} restored` })
      .waitFor();
    expect(await lettersOf(page, id)).toBe('zebra');
    // The revert is itself in the history, newest first.
    await page.getByText('3 changes, newest first.').waitFor();
    const revert = entries.first().getByRole('row', { name: /^Letters/ });
    expect(await revert.getByRole('cell').allTextContents()).toEqual(['zebras', 'zebra']);
    // Reloaded in the browser, the values are named there too.
    expect(
      await entries
        .nth(2)
        .getByRole('row', { name: /^Language/ })
        .getByRole('cell')
        .allTextContents(),
    ).toEqual(['—', language.name]);
    // Once the word changed again, reverting the first update is refused, saying why.
    await call(page, 'PUT', `words/cms/${id}`, { letters: 'zebu' });
    const first = page.locator(`article[data-audit-entry="${updateId}"]`);
    await first.getByRole('button', { name: 'Revert' }).click();
    await dialog(page).getByRole('button', { name: 'Revert' }).click();
    await page
      .getByRole('alert')
      .filter({
        hasText: `Cannot revert entry ${updateId}: Word ${id} changed since: letters is now "zebu", the entry left "zebras"`,
      })
      .waitFor();
    expect(await lettersOf(page, id)).toBe('zebu');

    // The form links to the record's history.
    await open(page, `word/update/${id}`);
    await page.getByRole('link', { name: 'View history' }).click();
    await page.waitForURL(
      (url) => url.pathname === `${PANEL}/audit` && url.searchParams.get('entityId') === String(id),
    );

    // Deleted: in the trash (from the navbar), restored with the same id.
    await call(page, 'DELETE', `words/cms/${id}`);
    expect(await lettersOf(page, id)).toBeNull();
    await followNavbarLink(page, 'Trash');
    await page.waitForURL((url) => url.pathname === `${PANEL}/trash`);
    const trashed = page.locator('article[data-trash-entry]').filter({ hasText: `Word ${id}` });
    await trashed.waitFor();
    expect(await trashed.textContent()).toContain('Letters: zebu');
    expect(await trashed.textContent()).toContain(`Language: ${language.name}`);
    await expectNoAxeViolations(page, 'trash');
    await trashed.getByRole('button', { name: 'Restore' }).click();
    await dialog(page).getByRole('button', { name: 'Restore' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Word ${id} restored.` })
      .waitFor();
    expect(await lettersOf(page, id)).toBe('zebu');
    await trashed.waitFor({ state: 'detached' });
  });

  it('phone: the history and the trash fit 390 px and pass axe', async () => {
    const session = await openAt(panel, 'phone');
    try {
      const { page } = session;
      const id = await newWord(page, 'quokka');
      await call(page, 'PUT', `words/cms/${id}`, { letters: 'quokkas', isActive: false });
      await open(page, `audit?entity=words&entityId=${id}&action=update`);
      const entry = page.locator('article[data-audit-entry]');
      expect(await entry.count()).toBe(1);
      expect(
        await entry
          .getByRole('row', { name: /^Letters/ })
          .getByRole('cell')
          .allTextContents(),
      ).toEqual(['quokka', 'quokkas']);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page, 'history on a phone');
      await call(page, 'DELETE', `words/cms/${id}`);
      await open(page, 'trash?entity=words');
      await page
        .locator('article[data-trash-entry]')
        .filter({ hasText: `Word ${id}` })
        .waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page, 'trash on a phone');
    } finally {
      await session.close();
    }
  });
});
