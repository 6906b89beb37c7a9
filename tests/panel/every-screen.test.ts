/**
 * Every screen of the panel, one after another in Chromium with the demo content: each of the nine
 * lists, every add form and the edit form of each table's first record renders, hydrates, logs no
 * error or CSP violation, and passes axe-core's WCAG 2.1 AA rules (issue 5: "on every screen").
 */
import { expect, it, vi } from 'vitest';
import { contentEntities } from '#shared/entities/index.ts';
import { describeBrowser, formatAxeViolations, runAxe } from '../helpers/browser.ts';
import { open, usePanel, tableRows } from './entities-harness.ts';

describeBrowser('admin panel: every screen', () => {
  vi.setConfig({ testTimeout: 120_000 });
  const panel = usePanel(60_000);

  async function expectAccessible(path: string): Promise<void> {
    await open(panel.page, path);
    expect(await panel.page.getByRole('heading', { level: 1 }).count(), `${path}: one h1`).toBe(1);
    const violations = await runAxe(panel.page);
    expect(violations, `${path}:\n${formatAxeViolations(violations)}`).toEqual([]);
  }

  it.each(contentEntities.map((entity) => [entity.name, entity] as const))(
    '%s: the list, the edit form and, where the spec has one, the add form',
    async (name, entity) => {
      await expectAccessible(name);
      expect((await tableRows(panel.page)).length, `${name}: demo rows listed`).toBeGreaterThan(0);
      if (entity.panel.add) await expectAccessible(`${name}/add`);
      await open(panel.page, name);
      const editLink = panel.page.getByRole('link', { name: /^Edit\b/ }).first();
      const href = await editLink.getAttribute('href');
      expect(href, `${name}: an Edit action`).toMatch(new RegExp(`/${name}/update/\\d+$`));
      await expectAccessible(href!.replace('/argusma-words-panel/', ''));
      expect(panel.session.problems()).toEqual([]);
    },
  );

  it('the history (audit), the trash and the change sets', async () => {
    await expectAccessible('audit');
    await expectAccessible('audit?entity=words&action=create');
    await expectAccessible('trash');
    await expectAccessible('changes');
    expect(panel.session.problems()).toEqual([]);
  });

  it('the Dictionary screen (issue 46)', async () => {
    await expectAccessible('dictionary');
    expect(panel.session.problems()).toEqual([]);
  });

  it('the Releases screen (issue 45)', async () => {
    await expectAccessible('releases');
    expect(panel.session.problems()).toEqual([]);
  });

  it('the Difficulty screen, with its first stage and with a date range', async () => {
    await expectAccessible('difficulty');
    await expectAccessible('difficulty?stage=1&since=2026-01-01&until=2026-12-31&activePlayers=true');
    expect(panel.session.problems()).toEqual([]);
  });
});
