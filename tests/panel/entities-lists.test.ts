/**
 * The nine list screens in a real browser against the real server with demo content (SPEC §2):
 * exactly the spec's columns and filters, 'Page X of Y' with Prev/Next, a page past the end, each
 * filter narrowing the rows and resetting to page 1, the URL carrying the state across reload,
 * back and forward, 'Clear All Filters', and a list served before (without) JavaScript.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { contentEntities, type AnyEntity, type FilterDescription } from '#shared/entities/index.ts';
import { describeBrowser, formatAxeViolations, runAxe } from '../helpers/browser.ts';
import {
  apiSearch,
  headers,
  idle,
  open,
  PANEL,
  pageOf,
  usePanel,
  tableRows,
  waitForQuery,
} from './entities-harness.ts';
import { hydrated } from './login.ts';

const filterInput = (page: Page, filter: FilterDescription) =>
  page.getByRole('search').getByLabel(filter.label, { exact: true });

/** A value for `filter` that the chosen row holds, so every filter at once still matches it. */
function valueFrom(filter: FilterDescription, cell: string): { value: string; option?: string } {
  if (filter.kind === 'bool') {
    const value = cell === 'Yes' ? 'true' : 'false';
    return { value, option: filter.options![value] };
  }
  return { value: filter.kind === 'text' ? cell.slice(0, 3) : cell };
}

function matches(filter: FilterDescription, value: string, cell: string): boolean {
  if (filter.kind === 'bool') return cell === (value === 'true' ? 'Yes' : 'No');
  if (filter.kind === 'text') return cell.toLowerCase().includes(value.toLowerCase());
  return cell === value;
}

async function checkPaging(page: Page, entity: AnyEntity, total: number): Promise<void> {
  const prev = page.getByRole('button', { name: 'Prev' });
  expect(await prev.isDisabled(), 'Prev on page 1').toBe(true);
  if (total === 1) {
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled(), 'Next on the only page').toBe(true);
  } else {
    const first = await tableRows(page);
    // Next is a plain link the router follows (plain-links.ts): the document stays, only the list changes.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('link', { name: 'Next' }).click();
    await waitForQuery(page, (p) => p.get('page') === '2');
    expect(await page.evaluate(() => 'sameDocument' in window), 'Next navigates without a reload').toBe(true);
    // The URL can commit a moment before React paints the new page: wait for the screen itself.
    await expect.poll(() => pageOf(page)).toEqual([2, total]);
    await expect.poll(() => tableRows(page)).not.toEqual(first);
    await page.goBack();
    await waitForQuery(page, (p) => !p.has('page'));
    await expect.poll(() => tableRows(page)).toEqual(first);
  }
  // A page past the end shows the last one, and the URL says so.
  await open(page, `${entity.name}?page=${total + 3}`);
  expect(new URL(page.url()).searchParams.get('page')).toBe(total > 1 ? String(total) : null);
  expect(await pageOf(page)).toEqual([total, total]);
  expect(await page.getByRole('button', { name: 'Next' }).isDisabled(), 'Next on the last page').toBe(true);
}

describeBrowser('the nine list screens', () => {
  const panel = usePanel();

  for (const entity of contentEntities) {
    it(`${entity.labelPlural}: columns, filters, paging, URL state, clear`, async () => {
      const { page } = panel;
      await open(page, entity.name);
      // Levels also show whether they can be solved (issue 13), computed by the API.
      const computed = entity.name === 'level' ? ['Solvable'] : [];
      expect(await headers(page)).toEqual([
        'ID',
        ...entity.columns.map((c) => c.label),
        ...computed,
        'Actions',
      ]);
      expect(await page.getByRole('link', { name: 'Add New' }).count()).toBe(entity.panel.add ? 1 : 0);
      expect(await page.getByRole('link', { name: /^Edit/ }).count()).toBeGreaterThan(0);
      expect((await page.getByRole('button', { name: /^Delete/ }).count()) > 0).toBe(entity.panel.delete);
      for (const filter of entity.filters) {
        const input = filterInput(page, filter);
        expect(await input.count(), `filter ${filter.label}`).toBe(1);
        if (filter.kind === 'bool') {
          const o = filter.options!;
          expect(await input.locator('option').allTextContents()).toEqual([o.all, o.true, o.false]);
        }
      }
      const api = await apiSearch(page, entity.resource);
      const total = Math.max(api.totalPages, 1);
      expect(await pageOf(page)).toEqual([1, total]);
      expect((await tableRows(page)).length).toBe(api.content.length);

      await checkPaging(page, entity, total);
      await open(page, `${entity.name}?page=${Math.min(2, total)}`);

      // Each filter, from one row's values: the rows narrow and the list goes back to page 1.
      const column = (field: string) => entity.columns.findIndex((c) => c.field === field);
      const pageRows = await tableRows(page);
      // A column empty on the whole page (words' flags without a dictionary) is not tried here:
      // tests/panel/dictionary.test.ts filters by it.
      const filters = entity.filters.filter((f) => pageRows.some((row) => row[column(f.field)]));
      const first = pageRows.find((row) => filters.every((f) => row[column(f.field)]))!;
      const applied: Array<[FilterDescription, string]> = [];
      for (const filter of filters) {
        const { value, option } = valueFrom(filter, first[column(filter.field)]!);
        const input = filterInput(page, filter);
        if (option) await input.selectOption({ label: option });
        else await input.fill(value);
        await waitForQuery(page, (p) => p.get(filter.field) === value && !p.has('page'));
        applied.push([filter, value]);
        const rows = await tableRows(page);
        expect(rows.length, `rows for ${filter.field}=${value}`).toBeGreaterThan(0);
        for (const [f, v] of applied) {
          for (const row of rows)
            expect(matches(f, v, row[column(f.field)]!), `${f.field}=${v}: ${row}`).toBe(true);
        }
      }

      // The URL holds the state: reload shows the same list and inputs.
      const url = page.url();
      const shown = await tableRows(page);
      await page.reload();
      await hydrated(page);
      await idle(page);
      expect(page.url()).toBe(url);
      expect(await tableRows(page)).toEqual(shown);
      for (const [filter, value] of applied) {
        if (filter.kind !== 'bool') expect(await filterInput(page, filter).inputValue()).toBe(value);
      }

      // Back undoes the last filter (the input follows), forward brings it back.
      const [lastFilter, lastValue] = applied.at(-1)!;
      await page.goBack();
      await waitForQuery(page, (p) => !p.has(lastFilter.field));
      expect(await filterInput(page, lastFilter).inputValue()).toBe('');
      await page.goForward();
      await waitForQuery(page, (p) => p.get(lastFilter.field) === lastValue);
      expect(await tableRows(page)).toEqual(shown);

      await page.getByRole('link', { name: 'Clear All Filters' }).click();
      await waitForQuery(page, (p) => p.size === 0);
      for (const filter of entity.filters) expect(await filterInput(page, filter).inputValue()).toBe('');
      expect(await pageOf(page)).toEqual([1, total]);
    });
  }

  it('a list rendered without JavaScript shows its page, and its filter form works', async () => {
    const context = await panel.browser.newContext({ baseURL: panel.app.url, javaScriptEnabled: false });
    await context.addCookies(await panel.session.context.cookies());
    const page = await context.newPage();
    try {
      await page.goto(`${PANEL}/word?page=2`);
      const api = await apiSearch(panel.page, 'words', { page: '1' });
      const rows = await tableRows(page);
      expect(rows.map((row) => row[1])).toEqual(api.content.map((word) => word.letters));
      expect(await pageOf(page)).toEqual([2, api.totalPages]);

      await page.getByRole('search').getByLabel('Letters').fill('ca');
      await page.getByRole('search').getByLabel('Letters').press('Enter');
      await page.waitForURL((url) => url.searchParams.get('letters') === 'ca');
      const filtered = await tableRows(page);
      expect(filtered.length).toBeGreaterThan(0);
      for (const row of filtered) expect(row[1]).toContain('ca');
    } finally {
      await context.close();
    }
  });

  it('a list passes axe-core with no violations', async () => {
    await open(panel.page, 'user-level?completed=true');
    const violations = await runAxe(panel.page);
    expect(violations, formatAxeViolations(violations)).toEqual([]);
  });

  it('logged no errors or CSP violations', () => {
    expect(panel.session.problems()).toEqual([]);
  });
});
