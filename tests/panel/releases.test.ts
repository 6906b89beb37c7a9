/**
 * The Releases screen (issue 45) in Chromium against the real app with the demo content: the draft's
 * pending changes, Publish after a confirmation with the counts, the job followed to its end, the
 * home's "N changes not yet released", a release's changes, a rollback; at 1280×800 and 390×844,
 * axe clean.
 */
import { expect, it, vi } from 'vitest';
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser.ts';
import { hydrated } from './login.ts';
import { open, openAt, PANEL, usePanel } from './entities-harness.ts';

describeBrowser('admin panel: releases', () => {
  vi.setConfig({ testTimeout: 120_000 });
  const panel = usePanel();

  const api = async (method: 'get' | 'put' | 'post', path: string, data?: unknown) => {
    const res = await panel.page.request[method](`${PANEL}/api/${path}`, {
      headers: { 'X-Argus-CSRF': '1', Origin: panel.app.url },
      ...(data === undefined ? {} : { data }),
    });
    if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };

  const publish = async (notes: string, number: number) => {
    const { page } = panel;
    await page.getByLabel('Notes (what this release is)').fill(notes);
    const findings = page.getByLabel('Publish despite the findings');
    if (await findings.count()) {
      await findings.check();
      await page
        .getByLabel('Why players may get them (recorded in the release)')
        .fill('demo content as it is');
    }
    await page.getByRole('button', { name: 'Publish…' }).click();
    const dialog = page.getByRole('dialog', { name: `Publish release ${number}?` });
    await dialog.waitFor();
    expect(await dialog.innerText()).toMatch(/\d+ (change goes|changes go) to every player/);
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await page
      .locator(`[data-release="${number}"]`)
      .getByText('current', { exact: true })
      .waitFor({ timeout: 60_000 });
  };

  it('desktop: publishes the draft, shows what changed, rolls back', async () => {
    const { page } = panel;
    await open(page, 'releases');
    await page.getByRole('heading', { level: 1, name: 'Releases' }).waitFor();
    await page.getByText('Nothing has been published yet: the game has no release to read.').waitFor();
    const draft = page.getByRole('region', { name: 'Not yet released' });
    expect(await draft.innerText()).toMatch(/\d+ changes since the start \(nothing published yet\)/);
    await expectNoAxeViolations(page, 'releases before the first publish');

    await publish('Demo content', 1);
    const players = page.getByRole('region', { name: 'What players get' });
    await players.getByRole('cell', { name: 'English' }).waitFor();

    // An edit waits for the next release: one word deactivated.
    const words = (await api('get', 'words/cms/search/?isActive=true&languageId=1&size=1')) as {
      content: Array<Record<string, unknown> & { id: number }>;
    };
    const word = words.content[0]!;
    await api('put', `words/cms/${word.id}`, { ...word, isActive: false });
    await open(page, 'releases');
    await page.getByText('1 change since release 1.').waitFor();
    expect(await page.getByTestId('draft-diff').innerText()).toContain(
      `removed word English "${String(word.letters)}"`,
    );

    // The home says so.
    await open(page, '');
    await page.getByTestId('unreleased-changes').getByText('1 change not yet released').waitFor();
    await page.getByRole('link', { name: 'Review and publish' }).click();
    await page.waitForURL(`**${PANEL}/releases`);
    await hydrated(page);

    await publish('Without one word', 2);
    await page.getByText('0 changes since release 2.').waitFor();
    const second = page.locator('[data-release="2"]');
    await second.getByRole('button', { name: 'Changes of release 2' }).click();
    expect(await page.getByTestId('release-2-diff').innerText()).toContain(
      `removed word English "${String(word.letters)}"`,
    );

    await page.locator('[data-release="1"]').getByRole('button', { name: 'Roll back to 1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Roll back to release 1?' });
    expect(await dialog.innerText()).toContain(
      'Players get release 1 from their next request, instead of release 2.',
    );
    await dialog.getByRole('button', { name: 'Roll back' }).click();
    await page.getByText('Players get release 1 again.').waitFor();
    await page.locator('[data-release="1"]').getByText('current', { exact: true }).waitFor();
    await page.locator('[data-release="2"]').getByText('previous', { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'releases after a rollback');
    expect(panel.session.problems()).toEqual([]);
  });

  it('phone: the screen fits, the releases and their changes read', async () => {
    const session = await openAt(panel, 'phone');
    const { page } = session;
    try {
      await page.goto(`${PANEL}/releases`);
      await hydrated(page);
      await page.getByRole('heading', { level: 1, name: 'Releases' }).waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await page.locator('[data-release="1"]').getByRole('button', { name: 'Changes of release 1' }).click();
      await page.getByTestId('release-1-diff').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectNoAxeViolations(page, 'releases on a phone');
      expect(session.problems()).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
