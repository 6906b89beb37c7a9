/**
 * Issue 12's list tools, in Chromium against the real server with demo content: sortable headers
 * (aria-sort, in the URL, kept through Save and Back), foreign keys by name with links, the ID
 * column, bulk delete (a refused row listed with its reason) and bulk edit of every row the filter
 * matches, the filtered export as a CSV download, and the column chooser remembered per table.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it, vi } from 'vitest';
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser.ts';
import {
  apiSearch,
  dialog,
  headers,
  idle,
  open,
  openAt,
  PANEL,
  usePanel,
  waitForQuery,
} from './entities-harness.ts';
import { hydrated } from './login.ts';

const WRITE = { 'X-Argus-CSRF': '1' };

/** Creates a row through the session proxy, as the panel's forms do. */
async function create(page: Page, resource: string, body: object): Promise<number> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post(`${PANEL}/api/${resource}/cms`, {
    headers: { ...WRITE, Origin: origin },
    data: body,
  });
  if (res.status() !== 201) throw new Error(`create ${resource}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

/** The texts of one column (by its data-label) of the rows shown. */
const column = (page: Page, label: string) =>
  page.locator(`main table tbody td[data-label="${label}"]`).allTextContents();

describeBrowser('list tools: sort, names, bulk actions, export, columns (issue 12)', () => {
  vi.setConfig({ testTimeout: 120_000 });
  const panel = usePanel();

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`${viewport}: a header sorts both ways with aria-sort, and the sort survives Save and Back`, async () => {
      const tab = await openAt(panel, viewport);
      const { page } = tab;
      try {
        await open(page, 'word?letters=ab');
        const header = page.locator('main table thead th', { hasText: 'Letters' });
        expect(await header.getAttribute('aria-sort')).toBe('none');
        await header.getByRole('link').click();
        await waitForQuery(page, (p) => p.get('sort') === 'letters' && p.get('letters') === 'ab');
        expect(await header.getAttribute('aria-sort')).toBe('ascending');
        const api = await apiSearch(page, 'words', { letters: 'ab', sort: 'letters' });
        expect(await column(page, 'Letters')).toEqual(api.content.map((w) => w.letters));
        await header.getByRole('link').click();
        await waitForQuery(page, (p) => p.get('sort') === 'letters' && p.get('dir') === 'desc');
        expect(await header.getAttribute('aria-sort')).toBe('descending');
        const down = await column(page, 'Letters');
        expect(down).toEqual([...down].sort().reverse());
        await expectNoAxeViolations(page, `${viewport} sorted list`);
        const width = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
        expect(width[0], 'no horizontal page scroll').toBeLessThanOrEqual(width[1]!);

        const listQuery = 'letters=ab&sort=letters&dir=desc';
        await page.getByRole('link', { name: /^Edit/ }).first().click();
        await page.getByRole('heading', { level: 1, name: 'Edit Word' }).waitFor();
        await idle(page);
        await page.getByRole('button', { name: 'Save' }).click();
        await dialog(page).getByRole('button', { name: 'Yes', exact: true }).click();
        await waitForQuery(page, (p) => p.toString() === listQuery);
        expect(await header.getAttribute('aria-sort')).toBe('descending');
        expect(await column(page, 'Letters')).toEqual(down);
        await page.getByRole('link', { name: /^Edit/ }).nth(1).click();
        await page.getByRole('heading', { level: 1, name: 'Edit Word' }).waitFor();
        await page.goBack();
        await waitForQuery(page, (p) => p.toString() === listQuery);
        expect(tab.problems()).toEqual([]);
      } finally {
        await tab.close();
      }
    });
  }

  it('shows foreign keys by name, linked to their records, and an ID column on every row', async () => {
    const { page } = panel;
    await open(page, 'level');
    const levels = (await apiSearch(page, 'levels')).content;
    const stages = (await apiSearch(page, 'stages', { size: '100' })).content;
    const languages = (await apiSearch(page, 'languages', { size: '100' })).content;
    expect(await column(page, 'ID')).toEqual(levels.map((l) => String(l.id)));
    const first = levels[0]!;
    const stage = stages.find((s) => s.id === first.stageId)!;
    const stageCell = page.locator('main table tbody tr').first().locator('td[data-label="Stage ID"]');
    expect(await stageCell.textContent()).toBe(
      stage.letters ? `${String(stage.number)} · ${String(stage.letters)}` : String(stage.number),
    );
    expect(await stageCell.getByRole('link').getAttribute('href')).toBe(
      `${PANEL}/stage/update/${String(stage.id)}`,
    );
    const languageCell = page.locator('main table tbody tr').first().locator('td[data-label="Language ID"]');
    expect(await languageCell.textContent()).toBe(languages.find((l) => l.id === first.languageId)!.language);

    // One level delete confirmation names the level as the list shows it.
    await page
      .getByRole('button', { name: /^Delete/ })
      .first()
      .click();
    const title = `${String(first.number)} (Stage ${await stageCell.textContent()} · ${await languageCell.textContent()})`;
    expect(await dialog(page).textContent()).toContain(`Delete level ${title}?`);
    await dialog(page).getByRole('button', { name: 'No', exact: true }).click();

    // A user-level (no name of its own) is named by what it links; the link opens that record.
    await open(page, 'user-level');
    const link = page.locator('main table tbody td[data-label="User ID"] a').first();
    const userHref = await link.getAttribute('href');
    expect(userHref).toMatch(new RegExp(`^${PANEL}/user/update/\\d+$`));
    expect(await link.textContent()).not.toMatch(/^#?\d+$/);
    await link.click();
    await page.getByRole('heading', { level: 1, name: 'Edit User' }).waitFor();
    // In the browser, a page's titles cost one request per referenced table (user-levels: levels
    // and users, then the levels' stages and the languages), never one per row.
    await open(page, 'user-level');
    const lookups: string[] = [];
    const seen = (request: { url(): string }) => {
      const url = new URL(request.url());
      if (url.searchParams.has('ids')) lookups.push(url.pathname.split('/').at(-4)!);
    };
    page.on('request', seen);
    await page.getByRole('link', { name: 'Next' }).click();
    await waitForQuery(page, (p) => p.get('page') === '2');
    page.off('request', seen);
    expect(lookups.sort()).toEqual(['languages', 'levels', 'stages', 'users']);

    // An order the list does not have is said, not silently dropped.
    await open(page, 'word?sort=nope');
    expect(await page.getByText(/Words cannot be sorted by "nope"/).textContent()).toContain(
      '(sortable: ID, Is Active?, Letters, Language ID); they are shown in ID order.',
    );
    expect(panel.session.problems()).toEqual([]);
  });

  it('bulk delete lists the refused row and why; bulk edit sets a field on every row the filter matches', async () => {
    const { page } = panel;
    await open(page, 'language');
    const spare = await create(page, 'languages', { language: 'Zedish' });
    await open(page, 'language');
    await page.getByRole('checkbox', { name: 'Select language English' }).check();
    await page.getByRole('checkbox', { name: 'Select language Zedish' }).check();
    expect(await page.getByText('2 selected.').count()).toBe(1);
    await page.getByRole('button', { name: 'Delete selected' }).click();
    await dialog(page).getByRole('heading', { name: 'Delete 1 languages?' }).waitFor();
    const refusal = await dialog(page).locator('li').allTextContents();
    expect(refusal).toHaveLength(1);
    expect(refusal[0]).toMatch(/^Language English: .+/);
    await expectNoAxeViolations(page, 'bulk delete confirmation');
    await dialog(page).getByRole('button', { name: 'Yes', exact: true }).click();
    await page.getByText('1 languages deleted; 1 refused.').waitFor();
    const left = (await apiSearch(page, 'languages', { size: '100' })).content.map((l) => l.id);
    expect(left).not.toContain(spare);
    expect(left.length).toBeGreaterThan(0);

    // Twelve words, ten a page: select the page, then all twelve, and make them inactive.
    const english = (await apiSearch(page, 'languages', { language: 'English' })).content[0]!.id as number;
    for (const letter of 'abcdefghijkl')
      await create(page, 'words', { letters: `qqbulk${letter}`, languageId: english });
    await open(page, 'word?letters=qqbulk&size=10');
    await page.getByRole('checkbox', { name: 'Select every word on this page' }).check();
    await page.getByRole('button', { name: 'Select all 12 matching words' }).click();
    await page.getByText('All 12 matching words selected.').waitFor();
    await page.getByLabel('Field to set').selectOption({ label: 'Active' });
    await page.getByLabel('New Active').selectOption({ label: 'No' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await dialog(page).getByRole('heading', { name: 'Set Active to No on 12 words?' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Yes', exact: true }).click();
    await page.getByText('12 words updated.').waitFor();
    const words = (await apiSearch(page, 'words', { letters: 'qqbulk', size: '100' })).content;
    expect(words.map((w) => w.isActive)).toEqual(Array(12).fill(false));
    expect(panel.session.problems()).toEqual([]);
  });

  it('exports the filtered, sorted list as a CSV download', async () => {
    const { page } = panel;
    await open(page, 'word?letters=qqbulk&sort=letters&dir=desc');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /^Export CSV/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('words.csv');
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('id,isActive,letters,languageId,flags,decision,decisionReason');
    expect(lines.slice(1).map((line) => line.split(',')[2])).toEqual(
      [...'abcdefghijkl'].reverse().map((letter) => `qqbulk${letter}`),
    );
    const json = await page.getByRole('link', { name: /^Export JSON/ }).getAttribute('href');
    expect(json).toBe(`${PANEL}/api/words/cms/export?format=json&letters=qqbulk&sort=letters%3Adesc`);
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`${viewport}: the column chooser hides a column, and the table remembers it on the next visit`, async () => {
      const tab = await openAt(panel, viewport);
      const { page } = tab;
      try {
        await open(page, 'stage');
        await page.getByText('Columns', { exact: true }).click();
        await page.getByRole('checkbox', { name: 'Letter Count' }).uncheck();
        expect(await headers(page)).not.toContain('Letter Count');
        await expectNoAxeViolations(page, `${viewport} column chooser open`);
        const width = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
        expect(width[0], 'no horizontal page scroll').toBeLessThanOrEqual(width[1]!);
        // The server renders the choice (a cookie): the first paint has no Letter Count column.
        const html = await (await page.request.get(`${PANEL}/stage`)).text();
        expect(html).not.toContain('data-label="Letter Count"');
        await page.reload();
        await hydrated(page);
        expect(await headers(page)).toEqual(['ID', 'Is Active?', 'Number', 'Actions']);
        await page.getByText('Columns', { exact: true }).click();
        await page.getByRole('checkbox', { name: 'Letter Count' }).check();
        expect(await headers(page)).toContain('Letter Count');
        expect(tab.problems()).toEqual([]);
      } finally {
        await tab.close();
      }
    });
  }
});
