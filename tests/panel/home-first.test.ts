/**
 * The spec's home first (issue 47), in Chromium against the real app with the demo content: at
 * 1280×800 the welcome, its sub-text, the one line of what needs attention and the six cards of
 * SPEC §2 in their order fill the first screen; the content health follows; every chart says what
 * it shows, and one with nothing to show is a line of text, not an empty frame.
 */
import { expect, it, vi } from 'vitest';
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser.ts';
import { open, openAt, usePanel } from './entities-harness.ts';

/** SPEC §2 "Admin home", in order. */
const CARDS = [
  'Manage Levels',
  'Manage Users',
  'Manage Languages',
  'Manage Words',
  'Manage Stages',
  'Manage Letter Groups',
];

describeBrowser('admin panel: the spec’s home first', () => {
  vi.setConfig({ testTimeout: 60_000 });
  const panel = usePanel();

  it('1280×800: the welcome, its sub-text and the six cards fill the first screen, in the spec’s order', async () => {
    const session = await openAt(panel, 'desktop');
    const { page } = session;
    try {
      await open(page, '');
      const top = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
      const welcome = await top('main h1');
      const subText = (await page
        .getByText('Explore the various sections below to manage the content.')
        .boundingBox())!;
      const attention = (await page.getByTestId('attention').boundingBox())!;
      expect(welcome.y).toBeLessThan(subText.y);
      expect(subText.y).toBeLessThan(attention.y);
      // One line: no taller than a line of text and its padding.
      expect(attention.height).toBeLessThanOrEqual(48);

      const cards = page.locator('main article.card');
      expect(await cards.locator('h2').allInnerTexts()).toEqual(CARDS);
      const boxes = await Promise.all(CARDS.map(async (_, i) => (await cards.nth(i).boundingBox())!));
      for (const [i, box] of boxes.entries()) {
        expect(box.y, CARDS[i]).toBeGreaterThan(attention.y + attention.height);
        expect(box.y + box.height, `${CARDS[i]}: inside the first 800 px`).toBeLessThanOrEqual(800);
      }
      // Two rows of three.
      expect(new Set(boxes.slice(0, 3).map((b) => Math.round(b.y))).size).toBe(1);
      expect(new Set(boxes.slice(3).map((b) => Math.round(b.y))).size).toBe(1);
      expect(boxes[3]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height);

      // The content health, its findings, activity and charts follow the cards.
      const health = (await page.getByRole('heading', { level: 2, name: 'Content health' }).boundingBox())!;
      expect(health.y).toBeGreaterThan(boxes[5]!.y + boxes[5]!.height);
      await expectNoAxeViolations(page, 'the home at 1280×800');
      expect(session.problems()).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('every chart has a title; one with nothing to show is a short line of text', async () => {
    const { page } = panel;
    await open(page, '');
    const health = page.locator('section.health');
    // The demo content has levels and letter groups in every stage, and no audited edit yet.
    for (const title of ['Levels per stage and language', 'Letter groups per stage and language']) {
      const named = { level: 3, name: title, exact: true };
      expect(await health.getByRole('heading', named).isVisible(), title).toBe(true);
      // The inner locator of `has` is matched inside each card: it starts from the page.
      const card = health.locator('.card').filter({ has: page.getByRole('heading', named) });
      expect(await card.getByRole('img', { name: new RegExp(`^${title}`) }).count(), title).toBe(1);
    }
    const edits = health.locator('[data-chart-empty="chart-edits"]');
    expect(await edits.innerText()).toBe(
      'Edits per day, last 30 days: no audited edits in the last 30 days.',
    );
    expect((await edits.boundingBox())!.height, 'one line').toBeLessThanOrEqual(30);
    expect(await health.getByRole('img', { name: /Edits per day/ }).count()).toBe(0);
    expect(await health.locator('.card').filter({ hasText: 'Edits per day' }).count(), 'no empty frame').toBe(
      0,
    );
  });
});
