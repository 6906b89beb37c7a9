/**
 * Issue 13's "done when" end to end in Chromium against the real app (see content-managers-day.ts):
 * the steps run in order, each starting from what the one before left, as a manager's day would.
 */
import { expect, it, vi } from 'vitest';
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser.ts';
import {
  buildLinks,
  FRENCH_GROUPS,
  composeLevel,
  findUnsolvable,
  importDictionary,
  LEVEL_HINT,
  prepareFrench,
  undoBulkEdit,
  wrongBulkEdit,
  type DayContext,
} from './content-managers-day.ts';
import { apiSearch, usePanel } from './entities-harness.ts';

describeBrowser("admin panel: a content manager's day, never in a terminal", () => {
  vi.setConfig({ testTimeout: 120_000 });
  const panel = usePanel();
  let day: DayContext;
  let french: number;
  let stage: number;

  it('imports a dictionary after a preview that names the refused line', async () => {
    ({ french, stage } = await prepareFrench(panel.page, panel.app.url));
    day = {
      page: panel.page,
      baseUrl: panel.app.url,
      shot: (name) => expectNoAxeViolations(panel.page, name),
    };
    await importDictionary(day, french);
    const words = await apiSearch(panel.page, 'words', { languageId: String(french), size: '100' });
    expect(words.content.map((w) => w.letters)).toContain('niche');
    expect(words.content.map((w) => w.letters)).not.toContain("l'eau");
  });

  it("builds and applies the links of the stage's letter groups from their list", async () => {
    await buildLinks(day, french, stage);
    const groups = await apiSearch(panel.page, 'letter-groups', { languageId: String(french) });
    expect(groups.content.map((g) => g.letters).sort()).toEqual([...FRENCH_GROUPS].sort());
    const chien = groups.content.find((g) => g.letters === 'chien')!;
    const links = await apiSearch(panel.page, 'letter-group-words', {
      letterGroupId: String(chien.id),
      size: '100',
    });
    expect(links.content.length).toBe(4); // chien, niche, chine, hein
    expect(panel.session.problems()).toEqual([]);
  });

  const verdictOfLevel = async () => {
    const [level] = (await apiSearch(panel.page, 'levels', { hint: LEVEL_HINT })).content;
    const res = await panel.page.request.get(
      `/argusma-words-panel/api/levels/cms/${String(level!.id)}/solvability`,
    );
    return ((await res.json()) as { verdict: string }).verdict;
  };

  it('composes a level, sees it solvable before saving, and saves it with its letter groups', async () => {
    const groups = (await apiSearch(panel.page, 'letter-groups', { languageId: String(french) })).content.map(
      (g) => ({ id: Number(g.id), letters: String(g.letters) }),
    );
    await composeLevel(day, groups);
    const [level] = (await apiSearch(panel.page, 'levels', { hint: LEVEL_HINT })).content;
    const links = await apiSearch(panel.page, 'letter-group-levels', { levelId: String(level!.id) });
    expect(links.content.map((l) => l.letterGroupId).sort()).toEqual(groups.map((g) => g.id).sort());
    expect(await verdictOfLevel()).toBe('solvable');
  });

  it('after a wrong bulk edit, finds the unsolvable level from the home and undoes the edit as one unit', async () => {
    const active = async () =>
      (await apiSearch(panel.page, 'words', { languageId: String(french), size: '100' })).content.map(
        (w) => w.isActive,
      );
    await wrongBulkEdit(day, french);
    expect(new Set(await active())).toEqual(new Set([false]));
    await findUnsolvable(day);
    expect(await verdictOfLevel()).toBe('unsolvable');
    await undoBulkEdit(day);
    expect(new Set(await active())).toEqual(new Set([true]));
    expect(await verdictOfLevel()).toBe('solvable');
    expect(panel.session.problems()).toEqual([]);
  });
});
