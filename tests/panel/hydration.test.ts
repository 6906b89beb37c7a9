/**
 * React hydrates what React rendered (issue 31): every panel screen, server-rendered and then
 * hydrated by React in Chromium, at a laptop's and a phone's size, logs no hydration message — no
 * recoverable error (a mismatch React patched up by re-rendering), no error caught by a boundary, no
 * warning or error that names hydration — and no other console error or page error either. The
 * screens: home, every list, every add form, every table's first edit form, history, trash, the
 * change sets and one change set, import, search, the link builder and its jobs, and the access
 * screens (login, two-factor) of a visitor who is not logged in.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, it, vi } from 'vitest';
import { contentEntities } from '#shared/entities/index.ts';
import {
  describeBrowser,
  openPage,
  VIEWPORTS,
  type BrowserSession,
  type ViewportName,
} from '../helpers/browser.ts';
import { apiSearch, open, openAt, PANEL, usePanel } from './entities-harness.ts';
import { hydrated } from './login.ts';

/** Console lines of React's that are about hydration, whatever their level (warnings included). */
const HYDRATION_TEXT = /hydrat|did not match|server rendered|#418|#423|#425/i;

/** Records every console message that speaks of hydration, and every React error report. */
function watchHydration(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (HYDRATION_TEXT.test(text) || text.startsWith('React ')) {
      messages.push(`${message.type()}: ${text.slice(0, 300)} <${page.url()}>`);
    }
  });
  return messages;
}

describeBrowser('admin panel: React hydrates every screen without a message', () => {
  vi.setConfig({ testTimeout: 240_000 });
  const panel = usePanel(60_000);

  /** The panel paths of every screen a logged-in administrator can open (demo content). */
  async function screens(page: Page, viewportWord: string): Promise<string[]> {
    const paths = [''];
    for (const entity of contentEntities) {
      paths.push(entity.name);
      if (entity.panel.add) paths.push(`${entity.name}/add`);
      const first = (await apiSearch(page, entity.resource, { size: '1', sort: 'id' })).content[0];
      expect(first, `${entity.name}: a demo row to edit`).toBeDefined();
      paths.push(`${entity.name}/update/${String(first!.id)}`);
    }
    // One change set of its own, so that its screen has entries to show.
    const changeSet = randomUUID();
    const languageId = (await apiSearch(page, 'languages', { size: '1' })).content[0]!.id;
    const created = await page.request.post(`${PANEL}/api/words/cms`, {
      headers: { 'X-Argus-CSRF': '1', Origin: panel.app.url, 'X-Change-Set': changeSet },
      data: { letters: `qqhydrate${viewportWord}`, languageId },
    });
    expect(created.status(), await created.text()).toBe(201);
    const group = (await apiSearch(page, 'letter-groups', { size: '1', sort: 'id' })).content[0]!;
    paths.push(
      'audit',
      'audit?entity=words&action=create',
      'trash',
      'changes',
      `changes/${changeSet}`,
      'import',
      'search?q=a',
      `letter-group/${String(group.id)}/links`,
      'letter-group/links',
      'difficulty',
      'difficulty?stage=1&activePlayers=true',
      'dictionary',
      'releases',
    );
    return paths;
  }

  it.each(['desktop', 'phone'] as ViewportName[])(
    '%s: every logged-in screen hydrates without a hydration message',
    async (viewport) => {
      const paths = await screens(panel.page, viewport);
      const tab = await openAt(panel, viewport);
      try {
        const messages = watchHydration(tab.page);
        for (const path of paths) {
          await open(tab.page, path);
          // Effects that run after hydration (lazy modules, the idle monitor) have had their turn.
          await tab.page.waitForLoadState('networkidle');
        }
        expect(messages, `${viewport}: hydration messages`).toEqual([]);
        expect(tab.problems(), `${viewport}: console and page errors`).toEqual([]);
      } finally {
        await tab.close();
      }
    },
  );

  it.each(['desktop', 'phone'] as ViewportName[])(
    '%s: the access screens (login, two-factor) hydrate without a hydration message',
    async (viewport) => {
      const visitor: BrowserSession = await openPage(panel.browser, {
        baseURL: panel.app.url,
        context: VIEWPORTS[viewport],
      });
      try {
        const messages = watchHydration(visitor.page);
        const { page } = visitor;
        await page.goto(`${PANEL}/auth/login`);
        await hydrated(page);
        await page.getByLabel('Username').fill(panel.admin.username);
        await page.getByLabel('Password').fill(panel.admin.password);
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.waitForURL(`**${PANEL}/auth/set-qr-code`);
        // The two-factor screen as a document of its own, rendered by the server and hydrated.
        await page.reload();
        await hydrated(page);
        await page.waitForLoadState('networkidle');
        expect(messages, `${viewport}: hydration messages`).toEqual([]);
        expect(visitor.problems(), `${viewport}: console and page errors`).toEqual([]);
      } finally {
        await visitor.close();
      }
    },
  );
});
