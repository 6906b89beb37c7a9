/**
 * The Difficulty screen (issue 34) in Chromium against the real server: results planted straight
 * into the database as the game writes them (tests/helpers/difficulty-plant.ts: level 7 much
 * harder, players stop at level 12), then the screen read as a person reads it — the chart's table
 * at 1280×800 and 390×844, light and dark, exactly the two findings, axe-clean, no console or CSP
 * error — the level's own "How players fare" on its form, and the finding on the home.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { describeBrowser, expectNoAxeViolations, type BrowserSession } from '../helpers/browser.ts';
import {
  databaseRows,
  EXPECTED_FINDINGS,
  plantDifficulty,
  REACH,
  type PlantedStage,
} from '../helpers/difficulty-plant.ts';
import { openAt, PANEL, startPanel, type PanelHarness } from './entities-harness.ts';
import { hydrated } from './login.ts';
import { followNavbarLink } from './navbar.ts';

const STAGE = 90;

describeBrowser('admin panel: the Difficulty screen', () => {
  vi.setConfig({ testTimeout: 120_000 });
  let panel: PanelHarness;
  let planted: PlantedStage;
  let screen: string;

  beforeAll(async () => {
    panel = await startPanel();
    // A second connection, as the game's own: the server learns of these rows only from the database.
    const database = await openDatabase({ dataDir: panel.app.config.dataDir, databaseUrl: null });
    try {
      const english = await database.db
        .selectFrom('languages')
        .select('id')
        .where('language', '=', 'English')
        .executeTakeFirstOrThrow();
      planted = await plantDifficulty(databaseRows(database), { languageId: english.id, stageNumber: STAGE });
    } finally {
      await database.close();
    }
    screen = `${PANEL}/difficulty?stage=${STAGE}&language=${planted.languageId}`;
  }, 120_000);

  afterAll(async () => {
    await panel?.close();
  });

  /** No answer of the difficulty report failed, whatever the harness lets pass. */
  const noFailedReport = (session: BrowserSession) =>
    expect(session.issues.filter((issue) => issue.url?.includes('difficulty'))).toEqual([]);

  /** A level's row of the table, as cells' text: [level, players, completion, …, drop-off]. */
  async function row(page: Page, level: number): Promise<string[]> {
    const cells = page
      .locator(`[data-testid="difficulty-table"] tr[data-level="${level}"]`)
      .locator('th, td');
    return (await cells.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
  }

  async function readScreen(page: Page, what: string): Promise<void> {
    await page.goto(screen);
    await hydrated(page);
    const table = page.getByRole('table', { name: `Levels of stage ${STAGE} in English` });
    expect(await table.count(), `${what}: the table`).toBe(1);
    expect(await table.locator('tbody tr').count()).toBe(15);
    const seven = await row(page, 7);
    expect(seven[0]).toBe('Level 7');
    expect(seven[1]).toBe(String(REACH[6]));
    expect(seven[2]).toMatch(/^20 %/);
    expect((await row(page, 6))[2]).toBe('80 %');
    const twelve = await row(page, 12);
    expect(twelve[1]).toBe(String(REACH[11]));
    expect(twelve.at(-1)).toMatch(/^70 %/);
    expect((await row(page, 11)).at(-1)).toBe('2 %');
    expect((await row(page, 15)).at(-1)).toBe('last level');
    expect(seven[8]).toMatch(/^planets \(\d+\)$/);
    // Exactly the two planted findings, each with its level's form and workbench.
    const findings = page.getByTestId('difficulty-findings').locator('[data-finding-kind]');
    const found = await findings.evaluateAll((items) =>
      items.map((item) => ({
        levelNumber: Number(item.getAttribute('data-level-number')),
        kind: item.getAttribute('data-finding-kind'),
      })),
    );
    expect(found, what).toEqual(EXPECTED_FINDINGS);
    const harder = findings.first();
    expect(await harder.innerText()).toMatch(/Level 7: completion rate 20 % where its neighbours have 80 %/);
    expect(await harder.getByRole('link', { name: 'Open level 7' }).getAttribute('href')).toBe(
      `${PANEL}/level/update/${planted.levelIds[6]}`,
    );
    expect(await harder.getByRole('link', { name: /^Its workbench/ }).getAttribute('href')).toBe(
      `${PANEL}/level/update/${planted.levelIds[6]}#workbench`,
    );
    // Three charts, each named by a caption that says where its table is; the flags in words.
    const charts = page.getByRole('img', { name: /The figures are in the table “Levels of stage 90/ });
    expect(await charts.count()).toBe(3);
    expect(await page.locator('svg[role="img"]:visible .difficulty-flag-text').allTextContents()).toEqual([
      'harder (7)',
      'players stop (12)',
    ]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${what}: no sideways scroll of the page`).toBeLessThanOrEqual(page.viewportSize()!.width);
    await expectNoAxeViolations(page, what);
  }

  it('reads the chart table and exactly the two findings at 1280×800 and 390×844, light and dark', async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const session = await openAt(panel, viewport);
        try {
          await session.page.emulateMedia({ colorScheme });
          await readScreen(session.page, `Difficulty screen (${viewport}, ${colorScheme})`);
          expect(session.problems()).toEqual([]);
          noFailedReport(session);
        } finally {
          await session.close();
        }
      }
    }
  });

  it('is server-rendered with its figures, charts and table', async () => {
    const response = await panel.page.request.get(screen);
    const html = await response.text();
    expect(response.status()).toBe(200);
    expect(html).toContain(`Levels of stage ${STAGE} in English`);
    expect(html).toMatch(/<svg[^>]*role="img"/);
    expect(html).toContain('Level 7: completion rate 20 %');
  });

  it('filters by the form: stage, language, days and active players, in a URL to share', async () => {
    const { page } = panel;
    await page.goto(`${PANEL}/`);
    await hydrated(page);
    await followNavbarLink(page, 'Difficulty');
    await page.waitForURL((url) => url.pathname === `${PANEL}/difficulty`);
    await hydrated(page);
    await page.getByLabel('Stage', { exact: true }).selectOption(String(STAGE));
    await page.getByLabel('Language', { exact: true }).selectOption({ label: 'English' });
    await page.getByLabel('Active players only').check();
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL((url) => url.searchParams.get('stage') === String(STAGE));
    const params = new URL(page.url()).searchParams;
    expect(params.get('language')).toBe(String(planted.languageId));
    expect(params.get('activePlayers')).toBe('true');
    await expect.poll(async () => (await row(page, 7))[2]).toMatch(/^20 %/);

    // Results of a day long gone: none, so every level says it cannot be judged.
    await page.goto(`${screen}&until=2001-01-01`);
    await hydrated(page);
    expect((await row(page, 1)).slice(1)).toEqual(['0', 'too few players to judge (0 of 20)']);
    expect(await page.getByTestId('difficulty-findings').innerText()).toMatch(/too few to judge/);
    // The demo's first stage: a handful of players, shown but not judged.
    await page.goto(`${PANEL}/difficulty?stage=1&language=${planted.languageId}`);
    await hydrated(page);
    expect((await row(page, 1))[2]).toMatch(/^too few players to judge \(\d+ of 20\)$/);
    // A bad filter is said, with the form still there.
    await page.goto(`${screen}&since=2026-13-45`);
    await hydrated(page);
    expect(await page.getByRole('alert').innerText()).toContain('is not a date');
    expect(panel.session.problems()).toEqual([]);
    noFailedReport(panel.session);
  });

  it("shows How players fare on level 7's form, with its finding and a way to the stage's screen", async () => {
    for (const viewport of ['desktop', 'phone'] as const) {
      const session = await openAt(panel, viewport);
      try {
        const { page } = session;
        await page.goto(`${PANEL}/level/update/${planted.levelIds[6]}`);
        await hydrated(page);
        const section = page.getByRole('region', { name: 'How players fare' });
        await expect.poll(() => section.innerText()).toContain('Completion rate');
        const text = await section.innerText();
        expect(text).toContain('Harder');
        expect(text).toMatch(/Completion rate\s+20 %/);
        expect(text).toMatch(/Neighbours’ completion rate\s+80 %/);
        const link = section.getByRole('link', { name: /Stage 90 in English on the Difficulty screen/ });
        expect(await link.getAttribute('href')).toBe(screen);
        await expectNoAxeViolations(page, `level 7's form (${viewport})`);
        expect(session.problems()).toEqual([]);
        noFailedReport(session);
      } finally {
        await session.close();
      }
    }
  });

  it('lists the findings on the home, each opening its stage on the Difficulty screen', async () => {
    const { page } = panel;
    const harder = page.locator('[data-finding="difficulty-harder"]');
    // The home's findings across every stage are read again at most every 30 s (players' results
    // change all the time): the home loaded at login may hold those from before the plant.
    await expect
      .poll(
        async () => {
          await page.goto(`${PANEL}/`);
          await hydrated(page);
          return harder.count();
        },
        { timeout: 45_000, interval: 1_000 },
      )
      .toBe(1);
    const link = harder.getByRole('link', { name: /^English, stage 90 · Level 7: completion rate 20 %/ });
    expect(await link.getAttribute('href')).toBe(screen);
    expect(await page.locator('[data-finding="difficulty-drop-off"]').innerText()).toContain(
      'English, stage 90 · Level 12:',
    );
    await expectNoAxeViolations(page, 'home with difficulty findings');
    await link.click();
    await page.waitForURL((url) => url.pathname === `${PANEL}/difficulty`);
    await expect.poll(async () => (await row(page, 12)).at(-1)).toMatch(/^70 %/);
    expect(panel.session.problems()).toEqual([]);
    noFailedReport(panel.session);
  });
});
