/**
 * The workbench's letter groups (issue 13) in Chromium against the real server with demo content:
 * a new level is judged with the letter groups picked before any is linked, live as the condition
 * changes, and saving links them; a link that fails leaves the level saved and names the failure
 * with a Retry; an existing level starts with its links and may try others without changing them.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser.ts';
import { apiSearch, open, openAt, PANEL, usePanel } from './entities-harness.ts';

const field = (page: Page, label: string) => page.locator('main form').getByLabel(label, { exact: true });
const workbench = (page: Page) => page.locator('#workbench [data-testid="solvability"]');
const picker = (page: Page) => page.getByRole('combobox', { name: 'Letter groups to judge with' });
const chosen = (page: Page) => page.getByRole('list', { name: 'Chosen: Letter groups to judge with' });

async function verdictShown(page: Page, verdict: string): Promise<string> {
  await workbench(page).locator(`[data-verdict="${verdict}"]`).waitFor();
  await page.locator('#workbench[aria-busy="false"]').waitFor();
  return (await workbench(page).innerText()).replace(/\s+/g, ' ');
}

/** Picks a letter group in the workbench by typing its id, as a manager may. */
async function pick(page: Page, group: Record<string, unknown>) {
  await picker(page).fill(String(group.id));
  await page.getByRole('option', { name: `#${String(group.id)} ${String(group.letters)}` }).click();
  await chosen(page)
    .getByText(`#${String(group.id)} ${String(group.letters)}`)
    .waitFor();
}

/** A write through the session proxy, from the page (the browser sends the CSRF header). */
async function api(page: Page, method: string, path: string, body?: object) {
  return page.evaluate(
    async ({ url, method, body }) => {
      const response = await fetch(url, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-Argus-CSRF': '1' },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: response.status, body: (await response.json().catch(() => null)) as never };
    },
    { url: `${PANEL}/api/${path}`, method, body },
  ) as Promise<{ status: number; body: Record<string, unknown> }>;
}

const linksOf = async (page: Page, levelId: number) =>
  (await apiSearch(page, 'letter-group-levels', { levelId: String(levelId), size: '100' })).content
    .map((link) => Number(link.letterGroupId))
    .sort((a, b) => a - b);

describeBrowser('the workbench letter groups', () => {
  const panel = usePanel();

  /** Demo level 1's stage, language and letter groups (they have words). */
  async function demo(page: Page) {
    const [level] = (await apiSearch(page, 'levels', { ids: '1' })).content;
    const ids = await linksOf(page, 1);
    const groups = (await apiSearch(page, 'letter-groups', { ids: ids.join(',') })).content;
    const [stage] = (await apiSearch(page, 'stages', { ids: String(level!.stageId) })).content;
    const [language] = (await apiSearch(page, 'languages', { ids: String(level!.languageId) })).content;
    return { level: level!, groups, stage: stage!, language: language! };
  }

  it('judges a new level with the letter groups picked, live, and links them when saving', async () => {
    const { page } = panel;
    await open(page, 'level');
    const { groups, stage, language } = await demo(page);
    expect(groups.length).toBeGreaterThan(0);
    await open(page, 'level/add');
    await field(page, 'Hint').fill('Workbench picked groups');
    await field(page, 'Stage').selectOption({ label: String(stage.letters) });
    await field(page, 'Language').selectOption({ label: String(language.language) });
    expect(await workbench(page).innerText()).toContain('Pick the letter groups this level will use');
    const link = page.getByLabel('Link these letter groups when saving');
    expect(await link.isDisabled()).toBe(true);

    for (const group of groups) await pick(page, group);
    expect(await link.isChecked()).toBe(true);
    await field(page, 'Number of words').fill('1');
    expect(await verdictShown(page, 'solvable')).toMatch(/Solvable .*usable words? \(1 needed\)/);
    await field(page, 'Number of words').fill('5000');
    expect(await verdictShown(page, 'too-few-words')).toMatch(/Too few words .*5000 needed/);
    await field(page, 'Number of words').fill('2');
    await verdictShown(page, 'solvable');
    await expectNoAxeViolations(page, 'new level with letter groups picked in the workbench');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === `${PANEL}/level`);
    const [created] = (await apiSearch(page, 'levels', { hint: 'Workbench picked groups' })).content;
    const expected = groups.map((g) => Number(g.id)).sort((a, b) => a - b);
    expect(await linksOf(page, Number(created!.id))).toEqual(expected);
    // Made through the normal API: audited, each link a create by this admin.
    const links = (await apiSearch(page, 'letter-group-levels', { levelId: String(created!.id) })).content;
    for (const link of links) {
      const audit = (
        await apiSearch(page, 'audit', { entity: 'letter-group-levels', entityId: String(link.id) })
      ).content;
      expect(audit.map((entry) => entry.action)).toEqual(['create']);
    }
    const stored = await api(page, 'GET', `levels/cms/${String(created!.id)}/solvability`);
    expect(stored.body.verdict).toBe('solvable');
  });

  it('keeps a new level saved when a link fails, naming it, with a Retry', async () => {
    const { page } = panel;
    await open(page, 'level');
    const { groups, stage, language } = await demo(page);
    // A letter group that is gone by the time the level is saved: its link fails for real.
    const doomed = await api(page, 'POST', 'letter-groups/cms', {
      letters: 'zqxjvkwyfbg'.slice(0, Number(stage.letterCount)),
      languageId: language.id,
      stageId: stage.id,
    });
    expect(doomed.status).toBe(201);
    await open(page, 'level/add');
    await field(page, 'Hint').fill('Workbench failed link');
    await field(page, 'Stage').selectOption({ label: String(stage.letters) });
    await field(page, 'Language').selectOption({ label: String(language.language) });
    await pick(page, groups[0]!);
    await pick(page, doomed.body as { id: number; letters: string });
    await verdictShown(page, 'unsolvable');
    expect((await api(page, 'DELETE', `letter-groups/cms/${String(doomed.body.id)}`)).status).toBeLessThan(
      300,
    );

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => /\/level\/update\/\d+$/.test(url.pathname));
    const levelId = Number(/update\/(\d+)/.exec(page.url())![1]);
    const alert = page.locator('#workbench').getByRole('alert');
    const text = await alert.innerText();
    expect(text).toMatch(new RegExp(`^Error: level ${levelId} is saved, but this link failed`));
    expect(text).toContain(`letter group #${String(doomed.body.id)} ${String(doomed.body.letters)}:`);
    expect(await linksOf(page, levelId)).toEqual([Number(groups[0]!.id)]);
    // The form holds the saved level; the workbench still judges with both groups picked.
    expect(await field(page, 'Hint').inputValue()).toBe('Workbench failed link');
    expect(await chosen(page).getByRole('listitem').count()).toBe(2);
    const [retried] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().includes('/api/letter-group-levels/cms') && r.request().method() === 'POST',
      ),
      alert.getByRole('button', { name: 'Retry linking' }).click(),
    ]);
    expect(retried.status()).toBeGreaterThanOrEqual(400);
    await alert.getByRole('button', { name: 'Retry linking' }).waitFor();
    expect(await alert.innerText()).toMatch(/^Error: level \d+ is saved, but this link failed/);
    expect(await linksOf(page, levelId)).toEqual([Number(groups[0]!.id)]);
  });

  it('starts an existing level with its links, server-rendered; others are tried without linking', async () => {
    const { page } = panel;
    await open(page, 'level');
    const { groups } = await demo(page);
    const response = await page.goto(`${PANEL}/level/update/1`);
    const html = await response!.text();
    for (const group of groups) expect(html).toContain(`#${String(group.id)} ${String(group.letters)}`);
    await open(page, 'level/update/1');
    await verdictShown(page, 'solvable');
    const first = `#${String(groups[0]!.id)} ${String(groups[0]!.letters)}`;
    for (const group of groups)
      await chosen(page)
        .getByRole('button', { name: `Remove #${String(group.id)} ${String(group.letters)}` })
        .click();
    expect(await verdictShown(page, 'unsolvable')).toMatch(/No letter group is linked/);
    expect(await page.getByText('Trying letter groups other than its links').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Back to its linked letter groups' }).click();
    await chosen(page).getByText(first).waitFor();
    await verdictShown(page, 'solvable');
    expect(await linksOf(page, 1)).toEqual(groups.map((g) => Number(g.id)).sort((a, b) => a - b));
  });

  it('fits a phone (390×844): picking and the verdict, axe clean', async () => {
    const phone = await openAt(panel, 'phone');
    try {
      await open(phone.page, 'level/update/2');
      await verdictShown(phone.page, 'solvable');
      const [link] = (await apiSearch(phone.page, 'letter-group-levels', { levelId: '2', size: '1' }))
        .content;
      const [group] = (await apiSearch(phone.page, 'letter-groups', { ids: String(link!.letterGroupId) }))
        .content;
      const name = `#${String(group!.id)} ${String(group!.letters)}`;
      await chosen(phone.page)
        .getByRole('button', { name: `Remove ${name}` })
        .click();
      await pick(phone.page, group!);
      await verdictShown(phone.page, 'solvable');
      await expectNoAxeViolations(phone.page, 'workbench letter groups on a phone');
      const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
    } finally {
      await phone.close();
    }
  });
});
