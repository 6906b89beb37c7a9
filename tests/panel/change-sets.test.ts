/**
 * Undo of a bulk edit in the panel as one unit (issue 13), in Chromium against the real app with
 * the demo content: deactivate the twelve words a filter matches, follow the success message to the
 * change set, see its entries field by field, undo it after the dry-run plan, and find the words
 * active again, the undo's own change set linked and a second undo (from a tab left open) refused
 * with a message naming the undo. On a phone: a bulk edit whose row was changed since is refused
 * row by row, then undone anyway. Both sizes axe clean.
 */
import type { Page } from 'playwright-core';
import { expect, it, vi } from 'vitest';
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser.ts';
import { apiSearch, dialog, open, openAt, PANEL, usePanel } from './entities-harness.ts';
import { followNavbarLink } from './navbar.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

describeBrowser('admin panel: change sets and their undo', () => {
  vi.setConfig({ testTimeout: 90_000 });
  const panel = usePanel(60_000);

  /** A write through the session proxy, as the panel's forms make it (no change set). */
  const call = async (page: Page, method: string, path: string, data: object) => {
    const response = await page.request.fetch(`${PANEL}/api/${path}`, {
      method,
      headers: { 'X-Argus-CSRF': '1', Origin: panel.app.url },
      data,
    });
    expect(response.status(), `${method} ${path}`).toBeLessThan(300);
    return (await response.json()) as Record<string, unknown>;
  };
  const english = async (page: Page) =>
    (await apiSearch(page, 'languages', { language: 'English' })).content[0]!.id as number;
  const words = async (page: Page, letters: string) =>
    (await apiSearch(page, 'words', { letters, size: '100', sort: 'id' })).content;

  it('laptop: a bulk deactivation by filter is undone as one unit from its success message', async () => {
    const { page } = panel;
    const languageId = await english(page);
    for (const letter of 'abcdefghijkl')
      await call(page, 'POST', 'words/cms', { letters: `qqundo${letter}`, languageId });

    // Ten a page: tick the page, then all twelve words the filter matches.
    await open(page, 'word?letters=qqundo&size=10');
    await page.getByRole('checkbox', { name: 'Select every word on this page' }).check();
    await page.getByRole('button', { name: 'Select all 12 matching words' }).click();
    await page.getByLabel('Field to set').selectOption({ label: 'Active' });
    await page.getByLabel('New Active').selectOption({ label: 'No' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await dialog(page).getByRole('button', { name: 'Yes', exact: true }).click();
    await page.getByText('12 words updated.').waitFor();
    expect((await words(page, 'qqundo')).map((w) => w.isActive)).toEqual(Array(12).fill(false));

    await page.getByRole('link', { name: 'View or undo this change' }).click();
    await page.waitForURL(new RegExp(`${PANEL}/changes/${UUID}$`));
    const id = page.url().split('/').at(-1)!;
    await page.getByRole('heading', { level: 1, name: 'Change set' }).waitFor();
    expect(await page.locator('[data-change-set-command]').textContent()).toBe(
      'panel: bulk update words where letters=qqundo (12 rows) set isActive=false',
    );
    await page.getByText('12 entries, in the order written.').waitFor();
    const entries = page.locator('article[data-audit-entry]');
    expect(await entries.count()).toBe(12);
    // The field by the word's own label for it, as its form names it.
    const active = entries.first().getByRole('row', { name: /^Active/ });
    expect(await active.getByRole('cell').allTextContents()).toEqual(['true', 'false']);
    await expectNoAxeViolations(page, 'a change set');

    // A second tab on the same change set, left open while the first one undoes it.
    const stale = await openAt(panel, 'desktop');
    await open(stale.page, `changes/${id}`);

    // First the plan, then the confirmation.
    await page.getByRole('button', { name: 'Undo…' }).click();
    await page.getByText('12 rows get their earlier values back.').waitFor();
    // The first ten rows field by field.
    expect(await page.locator('[data-undo-plan] table').count()).toBe(10);
    await expectNoAxeViolations(page, 'an undo plan');
    expect((await words(page, 'qqundo')).map((w) => w.isActive)).toEqual(Array(12).fill(false));
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await dialog(page).getByRole('heading', { name: 'Undo this change set?' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Undo', exact: true }).click();
    const done = page
      .getByRole('status')
      .filter({ hasText: 'Change set undone: 12 rows got their earlier values back.' });
    await done.waitFor();
    expect((await words(page, 'qqundo')).map((w) => w.isActive)).toEqual(Array(12).fill(true));

    // Undone: said so, with no second Undo; the undo is a change set of its own.
    await page.locator('[data-undo-state="undone"]').filter({ hasText: 'cannot be undone again' }).waitFor();
    expect(await page.getByRole('button', { name: 'Undo…' }).count()).toBe(0);
    const undoId = await page.locator('[data-undo-result]').getAttribute('data-undo-result');
    expect(undoId).toMatch(new RegExp(`^${UUID}$`));
    // The stale tab's Undo is refused, saying by which change set, and the tab then shows it undone.
    try {
      await stale.page.getByRole('button', { name: 'Undo…' }).click();
      await stale.page
        .getByRole('alert')
        .filter({ hasText: `Error: Change set ${id} was already undone by change set ${undoId} at ` })
        .waitFor();
      await stale.page.locator('[data-undo-state="undone"]').waitFor();
      expect(stale.problems()).toEqual([]);
    } finally {
      await stale.close();
    }
    await done.getByRole('link', { name: undoId! }).click();
    await page.waitForURL(`**${PANEL}/changes/${undoId}`);
    // React renders the new change set in a transition, a moment after the URL changes.
    await expect
      .poll(() => page.locator('[data-change-set-command]').textContent())
      .toBe(`panel: undo ${id}: panel: bulk update words where letters=qqundo (12 rows) set isActive=false`);
    await page.getByText(`Undoes change set ${id.slice(0, 8)}…`).waitFor();

    // The list, from the navbar: the undo first, then the edit it undid, marked so.
    await followNavbarLink(page, 'Changes');
    await page.waitForURL(`**${PANEL}/changes`);
    const cards = page.locator('article[data-change-set]');
    expect(await cards.nth(0).getAttribute('data-change-set')).toBe(undoId);
    expect(await cards.nth(1).getAttribute('data-change-set')).toBe(id);
    expect(await cards.nth(1).textContent()).toContain('12 updated');
    expect(await cards.nth(1).locator(`[data-undone-by="${undoId}"]`).count()).toBe(1);
    await expectNoAxeViolations(page, 'the change-set list');
    // The audit screen links each entry of a change set to it.
    await open(page, `audit?entity=words&entityId=${(await words(page, 'qqundoa'))[0]!.id}&action=update`);
    await page
      .getByRole('link', { name: `change set ${id}` })
      .first()
      .click();
    await page.waitForURL(`**${PANEL}/changes/${id}`);
    expect(panel.session.problems()).toEqual([]);
  });

  it('phone: a row changed since is refused, then Undo anyway puts every row back; fits 390 px', async () => {
    const session = await openAt(panel, 'phone');
    try {
      const { page } = session;
      const languageId = await english(page);
      const moved = (await call(page, 'POST', 'languages/cms', { language: 'Movedish' })).id as number;
      const again = (await call(page, 'POST', 'languages/cms', { language: 'Againish' })).id as number;
      for (const letter of 'abc')
        await call(page, 'POST', 'words/cms', { letters: `qqphone${letter}`, languageId });
      await open(page, 'word?letters=qqphone');
      await page.getByRole('checkbox', { name: 'Select every word on this page' }).check();
      await page.getByLabel('Field to set').selectOption({ label: 'Language' });
      await page.getByLabel('New Language').fill(String(moved));
      await page.getByRole('button', { name: 'Apply' }).click();
      await dialog(page).getByRole('button', { name: 'Yes', exact: true }).click();
      await page.getByText('3 words updated.').waitFor();
      await page.getByRole('link', { name: 'View or undo this change' }).click();
      await page.waitForURL(new RegExp(`${PANEL}/changes/${UUID}$`));

      // Someone moves one word again after the bulk edit.
      const [first] = await words(page, 'qqphonea');
      await call(page, 'PUT', `words/cms/${first!.id}`, { ...first, languageId: again });
      await page.getByRole('button', { name: 'Undo…' }).click();
      const refusal = page
        .getByRole('alert')
        .filter({ hasText: 'Error: 1 row changed since this change set' });
      await refusal.waitFor();
      expect(await refusal.locator('li').allTextContents()).toEqual([
        expect.stringMatching(
          new RegExp(
            `^Word ${first!.id} changed since: languageId is now ${again}, the change set left ${moved}`,
          ),
        ),
      ]);
      expect(await page.getByRole('button', { name: 'Undo', exact: true }).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page, 'a refused undo on a phone');

      await page.getByRole('button', { name: 'Undo anyway' }).click();
      await dialog(page).getByRole('heading', { name: 'Undo anyway?' }).waitFor();
      await dialog(page).getByRole('button', { name: 'Undo anyway' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Change set undone: 3 rows got their earlier values back.' })
        .waitFor();
      expect((await words(page, 'qqphone')).map((w) => w.languageId)).toEqual([
        languageId,
        languageId,
        languageId,
      ]);
      await page.locator('[data-undo-state="undone"]').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page, 'an undone change set on a phone');

      await open(page, 'changes');
      await page.locator('article[data-change-set]').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page, 'the change-set list on a phone');
      expect(session.problems()).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
