/**
 * The link builder (issue 13) in Chromium against the real app: from a letter group's form to its
 * link builder, a selection applied and the links there; a job for a stage's letter groups, seen
 * through a page reload to its result; at 1280×800 and 390×844, axe clean.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser.ts';
import { hydrated } from './login.ts';
import { apiSearch, idle, open, openAt, PANEL, startPanel, type PanelHarness } from './entities-harness.ts';

const WORDS = ['stop', 'tops', 'pots', 'post', 'spot', 'top', 'opt', 'pot', 'zoo'];

describeBrowser('admin panel: link builder', () => {
  // A loaded machine (other suites, benchmarks) can slow a phone-sized tab well past 30 s.
  vi.setConfig({ testTimeout: 120_000 });
  let panel: PanelHarness;
  let stage: number;
  const groups: number[] = [];
  const words = new Map<string, number>();

  const post = async (path: string, data: unknown) => {
    const res = await panel.page.request.post(`${PANEL}/api/${path}`, {
      headers: { 'X-Argus-CSRF': '1', Origin: panel.app.url },
      data,
    });
    if (!res.ok()) throw new Error(`POST ${path}: ${res.status()} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown> & { id: number };
  };
  const linked = async (page: Page, group: number) =>
    (await apiSearch(page, 'letter-group-words', { letterGroupId: String(group), size: '100' })).content
      .map((link) => [...words].find(([, id]) => id === link.wordId)?.[0])
      .sort();

  beforeAll(async () => {
    panel = await startPanel();
    const language = (await post('languages/cms', { language: 'Linkish' })).id;
    stage = (await post('stages/cms', { letterCount: 4, number: 901 })).id;
    const bulk = await post('words/cms/bulk', {
      rows: WORDS.map((letters) => ({ letters, languageId: language })),
    });
    for (const [i, r] of (bulk.results as Array<{ id: number }>).entries()) words.set(WORDS[i]!, r.id);
    for (const letters of ['stop', 'opts', 'spot'])
      groups.push((await post('letter-groups/cms', { letters, languageId: language, stageId: stage })).id);
  }, 90_000);

  afterAll(async () => panel?.close());

  it('desktop: from the form, the words to link, a selection applied, the links there', async () => {
    const { page } = panel;
    await open(page, `letter-group/update/${groups[0]}`);
    await page.getByRole('link', { name: /^Link builder/ }).click();
    await page.waitForURL(`**${PANEL}/letter-group/${groups[0]}/links`);
    await page.getByRole('heading', { level: 1, name: 'Link builder: letter group “stop”' }).waitFor();
    const toLink = page.getByRole('region', { name: /^Words to link/ });
    const shown = await toLink
      .getByRole('checkbox')
      .evaluateAll((boxes) =>
        boxes.map((b) => b.parentElement?.querySelector('label')?.firstChild?.textContent?.trim()),
      );
    expect(shown.sort()).toEqual(['opt', 'post', 'pot', 'pots', 'spot', 'stop', 'top', 'tops']);
    await expectNoAxeViolations(page, 'link builder');

    // Leave two words out, apply the rest in one batch.
    await toLink.getByRole('checkbox', { name: /^opt\b/ }).uncheck();
    await toLink.getByRole('checkbox', { name: /^pot\b/ }).uncheck();
    await page.getByRole('button', { name: 'Apply selected (6 to link, 0 to remove)' }).click();
    await page.getByText('Linked 6 words, removed 0 links.').waitFor();
    // The batch is one change set, linked to review or undo it.
    expect(await page.getByRole('link', { name: 'View or undo this change' }).getAttribute('href')).toMatch(
      new RegExp(`^${PANEL}/changes/[0-9a-f-]{36}$`),
    );
    await page.getByRole('button', { name: 'Apply selected (2 to link, 0 to remove)' }).waitFor();
    expect(await linked(page, groups[0]!)).toEqual(['post', 'pots', 'spot', 'stop', 'top', 'tops']);
    expect(panel.session.problems()).toEqual([]);
  });

  it('desktop: a job for the stage’s letter groups survives a reload and shows its result', async () => {
    const { page } = panel;
    await open(page, `letter-group/${groups[0]}/links`);
    await page.getByRole('link', { name: `Link every letter group of stage ${stage}` }).click();
    await page.waitForURL((url) => url.pathname === `${PANEL}/letter-group/links`);
    await hydrated(page);
    await page.getByText('3 letter groups match').waitFor();
    await expectNoAxeViolations(page, 'link jobs');
    await page.getByRole('button', { name: 'Start linking 3 letter groups' }).click();
    await page.waitForURL((url) => url.searchParams.has('job'));
    const job = new URL(page.url()).searchParams.get('job');
    await page.reload();
    await hydrated(page);
    await page.getByRole('heading', { name: new RegExp(`^Link job ${job}`) }).waitFor();
    await page.locator('[data-job-status="done"]').waitFor();
    await page.getByText('3 of 3 letter groups done (100%).').waitFor();
    await page
      .getByText(/3 letter groups linked, 18 links created/)
      .first()
      .waitFor();
    await idle(page);
    expect(await page.getByRole('link', { name: 'Its change set' }).getAttribute('href')).toMatch(
      new RegExp(`^${PANEL}/changes/[0-9a-f-]{36}$`),
    );
    await expectNoAxeViolations(page, 'a finished link job');
    expect(await linked(page, groups[1]!)).toEqual([
      'opt',
      'post',
      'pot',
      'pots',
      'spot',
      'stop',
      'top',
      'tops',
    ]);
    expect(panel.session.problems()).toEqual([]);
  });

  it('phone: the link builder fits and applies everything', async () => {
    const session = await openAt(panel, 'phone');
    const { page } = session;
    try {
      const zooGroup = (
        await post('letter-groups/cms', {
          letters: 'zoos',
          languageId: (await languageOf(page)) ?? 0,
          stageId: stage,
        })
      ).id;
      await page.goto(`${PANEL}/letter-group/${zooGroup}/links`);
      await hydrated(page);
      await page.getByRole('heading', { level: 1, name: 'Link builder: letter group “zoos”' }).waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page, 'link builder on a phone');
      await page.getByRole('button', { name: 'Apply selected (1 to link, 0 to remove)' }).click();
      await page.getByText('Linked 1 word, removed 0 links.').waitFor();
      expect(await linked(page, zooGroup)).toEqual(['zoo']);
      expect(session.problems()).toEqual([]);
    } finally {
      await session.close();
    }
  });

  async function languageOf(page: Page): Promise<number | undefined> {
    const found = await apiSearch(page, 'languages', { language: 'Linkish' });
    return found.content[0]?.id as number | undefined;
  }
});
