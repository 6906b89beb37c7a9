/**
 * Issue 46 in the browser (Chromium, the real app with the demo content and the bundled English
 * and Spanish dictionaries): the import preview shows each new word's verdicts, counts them and
 * switches to the flagged rows only; the words list filters by flag and shows the Flags column.
 * At 1280×800 and 390×844, axe clean.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser.ts';
import { listedOffensiveWord } from '../dictionary/fixtures.ts';
import { apiSearch, idle, open, openAt, startPanel, type PanelHarness } from './entities-harness.ts';

describeBrowser('admin panel: dictionary verdicts', () => {
  let panel: PanelHarness;

  beforeAll(async () => {
    panel = await startPanel({ DICTIONARIES: 'English=en,Spanish=es' });
  }, 60_000);
  afterAll(async () => panel?.close());

  const languageId = async (page: Page, name: string) =>
    Number(
      (await apiSearch(page, 'languages', { language: name })).content.find((l) => l.language === name)!.id,
    );

  const preview = async (page: Page, language: number, name: string, lines: string[]) => {
    await open(page, 'import');
    await page.getByRole('option', { name }).waitFor({ state: 'attached' });
    await page.getByLabel('Language').selectOption(String(language));
    await page.getByLabel('File', { exact: true }).setInputFiles({
      name: 'list.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(`${lines.join('\n')}\n`),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('[data-import-verdicts]').waitFor({ timeout: 120_000 });
  };
  /** Each previewed word's verdicts, by its created letters. */
  const verdicts = async (page: Page) => {
    const rows = page.locator('tr[data-import-row="created"]');
    const found: Record<string, string> = {};
    for (let i = 0; i < (await rows.count()); i++) {
      const details = (await rows.nth(i).getByRole('cell').nth(2).textContent()) ?? '';
      const letters = /^Letters: (\S+);/.exec(details)?.[1] ?? details;
      found[letters] = (await rows.nth(i).locator('[data-verdicts]').getAttribute('data-verdicts')) ?? '';
    }
    return found;
  };

  it('desktop: English and Spanish previews show verdicts and counts; Apply stores the flags', async () => {
    const session = await openAt(panel, 'desktop');
    const { page } = session;
    try {
      const english = await languageId(page, 'English');
      const slur = listedOffensiveWord('en');
      await preview(page, english, 'English', ['hello', 'xqzt', 'Paris', slur]);
      const seen = await verdicts(page);
      expect(seen).toMatchObject({ hello: '', xqzt: 'unknown', paris: 'proper-noun' });
      expect(seen[slur]).toMatch(/offensive/);
      expect(await page.locator('[data-import-verdicts]').textContent()).toMatch(
        /^Dictionary: 1 known, \d unknown, 1 proper-noun, 1 offensive\.$/,
      );
      await expectNoAxeViolations(page, 'import preview with verdicts (desktop)');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('status').filter({ hasText: 'Import applied' }).waitFor();

      const spanish = await languageId(page, 'Spanish');
      const malo = listedOffensiveWord('es');
      await preview(page, spanish, 'Spanish', ['hola', 'xqzt', 'Madrid', malo]);
      const spanishSeen = await verdicts(page);
      expect(spanishSeen).toMatchObject({ hola: '', xqzt: 'unknown', madrid: 'proper-noun' });
      expect(spanishSeen[malo]).toMatch(/offensive/);
    } finally {
      await session.close();
    }
  }, 240_000);

  it('phone: the flagged-only view lists only the flagged rows', async () => {
    const session = await openAt(panel, 'phone');
    const { page } = session;
    try {
      const english = await languageId(page, 'English');
      await preview(page, english, 'English', ['world', 'zzyzxq', 'london']);
      expect(await page.locator('tr[data-import-row="created"]').count()).toBe(3);
      await page.getByLabel('Flagged only (2)').click();
      await page.getByText('Rows the dictionary flagged', { exact: false }).waitFor();
      expect(await verdicts(page)).toEqual({ zzyzxq: 'unknown', london: 'proper-noun' });
      await expectNoAxeViolations(page, 'import preview, flagged only (phone)');
    } finally {
      await session.close();
    }
  }, 120_000);

  it('desktop: the Dictionary screen counts findings and saves a decision with its reason', async () => {
    const session = await openAt(panel, 'desktop');
    const { page } = session;
    try {
      await open(page, 'dictionary');
      const english = page.locator('tr[data-dictionary-language="English"]');
      expect(await english.getByRole('cell').nth(1).textContent()).toMatch(/^dictionary-en 4\./);
      const slur = listedOffensiveWord('en');
      await page.getByLabel('Language').selectOption({ label: 'English' });
      await page.getByLabel('Decision').selectOption('excluded');
      await page.getByLabel('Reason').fill('a slur');
      await page.getByLabel('Words (one a line)').fill(`${slur}\nnotaword`);
      await page.getByRole('button', { name: 'Save decision' }).click();
      await page.getByRole('status').filter({ hasText: 'Decided 1, unchanged 0, rejected 1.' }).waitFor();
      expect(await page.getByText('Error: No word "notaword" in English').count()).toBe(1);
      const word = (await apiSearch(page, 'words', { letters: slur })).content.find(
        (w) => w.letters === slur,
      )!;
      expect(word).toMatchObject({
        decision: 'excluded',
        decisionReason: 'a slur',
        flags: null,
        isActive: false,
      });
      await expectNoAxeViolations(page, 'dictionary screen (desktop)');
    } finally {
      await session.close();
    }
  }, 120_000);

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`${viewport}: the words list filters by flag and shows each word's flags`, async () => {
      const session = await openAt(panel, viewport);
      const { page } = session;
      try {
        await open(page, 'word');
        await page
          .getByRole('search')
          .getByLabel('Letters', { exact: true })
          .fill(viewport === 'desktop' ? 'xqzt' : 'paris');
        await page
          .getByLabel('Flag', { exact: true })
          .selectOption(viewport === 'desktop' ? 'unknown' : 'proper-noun');
        await expect.poll(() => page.url()).toMatch(/flags=/);
        await idle(page);
        const cells = await page.locator('tbody tr').first().getByRole('cell').allTextContents();
        expect(cells).toContain(viewport === 'desktop' ? 'xqzt' : 'paris');
        expect(cells).toContain(viewport === 'desktop' ? 'unknown' : 'proper-noun');
        await page.getByRole('search').getByLabel('Flag', { exact: true }).selectOption('offensive');
        await idle(page);
        await expect.poll(() => page.locator('tbody tr').count()).toBeLessThanOrEqual(1);
        await expectNoAxeViolations(page, `words filtered by flag (${viewport})`);
      } finally {
        await session.close();
      }
    }, 120_000);
  }
});
