/**
 * The panel home's content health dashboard (issue 13) in Chromium against the real server: counts,
 * findings that link to the filtered list showing them, charts with accessible text, the SPEC
 * cards still there, server-rendered as hydrated, axe-clean in light and dark, laptop and phone.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser.ts';
import { hydrated } from './login.ts';
import { apiSearch, listShown, openAt, PANEL, startPanel, type PanelHarness } from './entities-harness.ts';

/** A write through the session proxy, from the page (the browser sends the CSRF headers). */
async function apiPost(page: Page, resource: string, body: object): Promise<Record<string, unknown>> {
  const answer = await page.evaluate(
    async ({ url, body }) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Argus-CSRF': '1' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { url: `${PANEL}/api/${resource}/cms`, body },
  );
  if (answer.status !== 201)
    throw new Error(`POST ${resource}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

describeBrowser('admin panel: content health dashboard', () => {
  vi.setConfig({ testTimeout: 90_000 });
  let panel: PanelHarness;
  let emptyLetters: string;
  let levelId: number;

  beforeAll(async () => {
    panel = await startPanel();
    const { page } = panel;
    await page.goto(`${PANEL}/`);
    await hydrated(page);
    const [stage] = (await apiSearch(page, 'stages', { size: '1' })).content;
    const [group] = (await apiSearch(page, 'letter-groups', { stageId: String(stage!.id), size: '1' }))
      .content;
    emptyLetters = 'zqxjvkwyfbg'.slice(0, Number(stage!.letterCount));
    await apiPost(page, 'letter-groups', {
      letters: emptyLetters,
      languageId: group!.languageId,
      stageId: stage!.id,
    });
    const level = await apiPost(page, 'levels', {
      hint: 'Cannot be solved',
      languageId: group!.languageId,
      stageId: stage!.id,
      checkCondition: 'words::999',
    });
    levelId = Number(level.id);
    await apiPost(page, 'letter-group-levels', { letterGroupId: group!.id, levelId });
  });

  afterAll(async () => {
    await panel?.close();
  });

  const health = (page: Page) => page.locator('section.health');

  it('shows counts, findings, charts with accessible text and the SPEC cards (1280×800)', async () => {
    const { page } = panel;
    await page.goto(`${PANEL}/`);
    await hydrated(page);
    const section = health(page);
    expect(await section.getByRole('heading', { name: 'Content health' }).isVisible()).toBe(true);
    expect(
      Number((await section.locator('[data-count="levels"]').innerText()).replace(/,/g, '')),
    ).toBeGreaterThan(1);
    const unsolvable = section.locator('[data-finding="unsatisfiable-level"]');
    expect(await unsolvable.innerText()).toContain('Unsolvable levels');
    expect(
      await unsolvable.getByRole('link', { name: new RegExp(`^level ${levelId} `) }).getAttribute('href'),
    ).toBe(`${PANEL}/level/update/${levelId}`);
    expect(
      await unsolvable.getByRole('link', { name: /^Show all \d+ unsolvable levels$/ }).getAttribute('href'),
    ).toBe(`${PANEL}/level?solvable=no`);
    const empty = section.locator('[data-finding="empty-letter-group"]');
    expect(await empty.innerText()).toContain('Letter groups without words');
    const chart = section.getByRole('img', { name: /^Edits per day, last 30 days/ });
    expect(await chart.count()).toBe(1);
    expect(await section.getByRole('img', { name: /Levels per stage and language/ }).count()).toBe(1);
    // The figures in words too: the description names today's edits, and a table holds them all.
    const describedBy = (await chart.getAttribute('aria-labelledby'))!.split(' ')[1]!;
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toMatch(/\d{2}-\d{2}: [1-9]/);
    // The SPEC §2 cards stay, above it.
    expect(await page.locator('main article.card').count()).toBe(6);
    expect(await page.getByRole('link', { name: 'Go to Levels' }).isVisible()).toBe(true);
    const lastCard = (await page.locator('main article.card').nth(5).boundingBox())!;
    expect((await section.boundingBox())!.y).toBeGreaterThan(lastCard.y + lastCard.height);
    await expectNoAxeViolations(page, 'home with health dashboard (light)');
  });

  it('the line under the welcome says what needs attention and leads to it', async () => {
    const { page } = panel;
    await page.goto(`${PANEL}/`);
    await hydrated(page);
    const line = page.getByTestId('attention');
    expect(await line.innerText()).toMatch(/^Needs your attention: \d+ content findings\b/);
    const findings = line.getByRole('link', { name: /content findings/ });
    expect(await findings.getAttribute('href')).toBe('#findings');
    await findings.click();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#findings');
    // The findings card, brought into view from below the cards.
    const card = health(page).locator('#findings');
    expect(await card.getByRole('heading', { name: 'Findings' }).isVisible()).toBe(true);
    await expect.poll(async () => (await card.boundingBox())!.y).toBeLessThan(800);
    expect(await card.locator('[data-finding="unsatisfiable-level"]').count()).toBe(1);
  });

  it('clicking a finding opens the filtered list that shows it', async () => {
    const { page } = panel;
    await page.goto(`${PANEL}/`);
    await hydrated(page);
    await health(page)
      .locator('[data-finding="empty-letter-group"]')
      .getByRole('link', { name: new RegExp(`"${emptyLetters}"`) })
      .click();
    await page.waitForURL((url) => url.pathname === `${PANEL}/letter-group`);
    await listShown(page);
    expect(new URL(page.url()).searchParams.get('letters')).toBe(emptyLetters);
    expect(await page.locator('main table tbody tr').filter({ hasText: emptyLetters }).count()).toBe(1);

    await page.goBack();
    await hydrated(page);
    await health(page)
      .locator('[data-finding="unsatisfiable-level"]')
      .getByRole('link', { name: /^Show all / })
      .click();
    // The level list filtered to the unsolvable levels, this one among them.
    await page.waitForURL((url) => url.pathname === `${PANEL}/level`);
    await listShown(page);
    expect(new URL(page.url()).searchParams.get('solvable')).toBe('no');
    const rows = page.locator('main table tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await rows.filter({ hasText: 'Cannot be solved' }).count()).toBe(1);
  });

  it('is server-rendered with its data, and hydration does not change it', async () => {
    const { page } = panel;
    const response = await page.goto(`${PANEL}/`);
    const html = await response!.text();
    expect(html).toContain('Unsolvable levels');
    await hydrated(page);
    // The section as the server sent it, parsed by the browser, against the live one once hydrated.
    const [served, live] = await page.evaluate((source) => {
      const parsed = new DOMParser().parseFromString(source, 'text/html').querySelector('section.health');
      return [parsed?.innerHTML ?? '', document.querySelector('section.health')?.innerHTML ?? ''];
    }, html);
    expect(served).toContain('role="img"');
    const at = [...served].findIndex((c, i) => c !== live[i]);
    expect(at === -1 ? '' : `${served.slice(at - 80, at + 80)} ≠ ${live.slice(at - 80, at + 80)}`).toBe('');
    expect(live.length).toBe(served.length);
  });

  it('phone (390×844) and dark mode: everything reachable, axe-clean', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const session = await openAt(panel, 'phone');
      try {
        await session.page.emulateMedia({ colorScheme });
        await session.page.goto(`${PANEL}/`);
        await hydrated(session.page);
        const section = health(session.page);
        expect(await section.locator('[data-finding="unsatisfiable-level"]').isVisible()).toBe(true);
        expect(await section.getByRole('img', { name: /Edits per day/ }).isVisible()).toBe(true);
        const width = await session.page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(390);
        expect(await session.page.locator('main article.card').count()).toBe(6);
        await expectNoAxeViolations(session.page, `home on a phone (${colorScheme})`);
      } finally {
        await session.close();
      }
    }
    await panel.page.emulateMedia({ colorScheme: 'dark' });
    await panel.page.goto(`${PANEL}/`);
    await hydrated(panel.page);
    await expectNoAxeViolations(panel.page, 'home with health dashboard (dark, 1280×800)');
    await panel.page.emulateMedia({ colorScheme: 'light' });
  });
});
