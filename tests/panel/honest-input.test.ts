/**
 * Issue 12, "honest input", in Chromium at a laptop (1280×800) and a phone (390×844) against the
 * real server with demo content: a paste longer than a field's maximum stays whole and is refused
 * with its length (never cut), invisible-only text is refused by name, and a letter group whose
 * length differs from its stage's letter count is saved only after the user confirms.
 */
import type { Page } from 'playwright-core';
import { expect, it, vi } from 'vitest';
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser.ts';
import { apiSearch, dialog, listShown, open, openAt, PANEL, usePanel } from './entities-harness.ts';

const field = (page: Page, label: string) => page.locator('main form').getByLabel(label, { exact: true });
const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).click();

/** The messages under a field (what its aria-describedby points at). */
async function errorsOf(page: Page, label: string): Promise<string> {
  const input = field(page, label);
  await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
  const ids = (await input.getAttribute('aria-describedby')) ?? '';
  const id = ids.split(' ').find((part) => part.endsWith('-errors'));
  return (await page.locator(`[id="${id}"]`).textContent()) ?? '';
}

describeBrowser('honest input in the panel forms (issue 12)', () => {
  vi.setConfig({ testTimeout: 90_000 });
  const panel = usePanel();

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`${viewport}: an over-long paste and invisible-only text are refused, saying why`, async () => {
      const tab = await openAt(panel, viewport);
      const { page } = tab;
      try {
        await open(page, 'language/add');
        const language = field(page, 'Language');
        await language.focus();
        await page.keyboard.insertText('L'.repeat(130)); // as a paste arrives: nothing is cut
        expect((await language.inputValue()).length).toBe(130);
        await save(page);
        expect(await errorsOf(page, 'Language')).toBe('Language must be at most 100 characters (it has 130)');
        await expectNoAxeViolations(page, `${viewport}: over-long language`);

        await language.fill('\u200B\u200B');
        await save(page);
        await expect
          .poll(() => errorsOf(page, 'Language'))
          .toBe('Language contains only invisible characters (such as zero-width spaces)');
        expect(page.url()).toContain('/language/add');
        expect(await apiSearch(page, 'languages', { language: 'LLLL' })).toMatchObject({ content: [] });
        expect(tab.problems()).toEqual([]);
      } finally {
        await tab.close();
      }
    });

    it(`${viewport}: a letter group of another length than its stage is saved only once confirmed`, async () => {
      const tab = await openAt(panel, viewport);
      const { page } = tab;
      const letters = viewport === 'phone' ? 'qjxw' : 'qjxv';
      try {
        await open(page, 'letter-group/add');
        await field(page, 'Letters').fill(letters.toUpperCase());
        await field(page, 'Language').selectOption({ label: 'English' });
        await field(page, 'Stage').selectOption({ label: '5 letters' });
        await save(page);
        const warning = dialog(page);
        await warning.getByRole('heading', { name: 'Save anyway?' }).waitFor();
        expect(await warning.innerText()).toContain(
          'This letter group has 4 letters, but its stage, “5 letters”, has a letter count of 5. ' +
            'Players of that stage expect 5 letters.',
        );
        await expectNoAxeViolations(page, `${viewport}: letter count warning`);

        // No: nothing saved, the form stays as it was.
        await warning.getByRole('button', { name: 'No', exact: true }).click();
        await warning.waitFor({ state: 'detached' });
        expect(await field(page, 'Letters').inputValue()).toBe(letters.toUpperCase());
        expect((await apiSearch(page, 'letter-groups', { letters })).content).toEqual([]);

        // Confirmed: saved, back on the list.
        await save(page);
        await warning.getByRole('button', { name: 'Save anyway', exact: true }).click();
        await page.waitForURL((url) => url.pathname === `${PANEL}/letter-group`);
        await listShown(page);
        expect(await page.locator('.text-success').first().textContent()).toBe(
          'Letter group created successfully',
        );
        expect((await apiSearch(page, 'letter-groups', { letters })).content).toMatchObject([{ letters }]);
        expect(tab.problems()).toEqual([]);
      } finally {
        await tab.close();
      }
    });
  }
});
