/**
 * What the entity-screen browser suites share: the real app with demo content, one Chromium, a page
 * logged in through the browser, and small readers of the list screens.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import {
  launchBrowser,
  openPage,
  VIEWPORTS,
  type BrowserSession,
  type PageIssue,
  type ViewportName,
} from '../helpers/browser.ts';
import { hydrated, logInThroughBrowser, scanQrCode, type PanelAdmin } from './login.ts';

export const PANEL = '/argusma-words-panel';

export interface PanelHarness {
  app: TestApp;
  browser: Browser;
  session: BrowserSession;
  page: Page;
  admin: PanelAdmin;
  close(): Promise<void>;
}

/**
 * Failures the suites provoke on purpose: refused deletes (409), records that do not exist (404),
 * Chromium's "Failed to load resource" line for each, and requests a quick navigation cancelled.
 */
const expectedFailure = (issue: PageIssue): boolean =>
  ((issue.kind === 'http' || issue.kind === 'console') && /\b(404|409)\b/.test(issue.text)) ||
  (issue.kind === 'requestfailed' && issue.text === 'GET net::ERR_ABORTED');

export async function startPanel(env: Record<string, string> = {}): Promise<PanelHarness> {
  const app = await startTestApp({ DEMO_CONTENT: 'true', ...env });
  await app.listen();
  const browser = await launchBrowser();
  const session = await openPage(browser, {
    baseURL: app.url,
    context: VIEWPORTS.desktop,
    allow: expectedFailure,
  });
  const admin = await scanQrCode(app.url, 'admin', 'correct-horse-battery-staple');
  await logInThroughBrowser(session.page, admin);
  return {
    app,
    browser,
    session,
    page: session.page,
    admin,
    async close() {
      await session.close();
      await browser.close();
      await app.stop();
    },
  };
}

/**
 * The panel of a describe block: started (and logged in) before its tests, closed after them. The
 * object is filled in by the beforeAll, so read its fields inside the tests only.
 */
export function usePanel(timeout = 90_000): PanelHarness {
  const panel = {} as PanelHarness;
  beforeAll(async () => {
    Object.assign(panel, await startPanel());
  }, timeout);
  afterAll(async () => {
    await panel.close?.();
  });
  return panel;
}

/**
 * Another tab of the logged-in admin at a named size (laptop or phone), sharing the session's
 * cookie; close it when done. Its issues are recorded like the main page's.
 */
export async function openAt(
  panel: PanelHarness,
  viewport: ViewportName,
  allow?: (issue: PageIssue) => boolean,
): Promise<BrowserSession> {
  const session = await openPage(panel.browser, {
    baseURL: panel.app.url,
    context: VIEWPORTS[viewport],
    allow: (issue) => expectedFailure(issue) || (allow?.(issue) ?? false),
  });
  await session.context.addCookies(await panel.session.context.cookies());
  return session;
}

/** Opens a list (or any panel path) and waits until it is hydrated and idle. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${PANEL}/${path}`);
  try {
    await hydrated(page);
  } catch (error) {
    const body = (await page.locator('body').innerText()).slice(0, 300);
    throw new Error(`${page.url()} did not hydrate: ${body}`, { cause: error });
  }
  await idle(page);
}

/** Waits until no list or form is loading. */
export async function idle(page: Page): Promise<void> {
  await page.getByText('Loading...', { exact: true }).waitFor({ state: 'detached' });
}

/**
 * The SPEC §2 cells of every data row, as shown, but a foreign key as its id (the cell shows the
 * row it points at by title; `data-id` keeps the id). The selection box, the ID and the actions
 * (issue 12) are left out.
 */
export async function tableRows(page: Page): Promise<string[][]> {
  return page
    .locator('main table tbody tr')
    .evaluateAll((rows) =>
      rows
        .filter((row) => row.querySelectorAll('td').length > 1)
        .map((row) =>
          [...row.querySelectorAll<HTMLElement>('td')]
            .filter((cell) => !['Select', 'ID', 'Actions'].includes(cell.dataset.label ?? ''))
            .map((cell) => cell.dataset.id ?? cell.textContent ?? ''),
        ),
    );
}

/** The column headers, without the selection box and the sort marks. */
export async function headers(page: Page): Promise<string[]> {
  const texts = await page.locator('main table thead th').allTextContents();
  return texts.slice(1).map((text) => text.replace(/[▲▼↕]$/, ''));
}

/** 'Page X of Y' as numbers. */
export async function pageOf(page: Page): Promise<[number, number]> {
  const text = await page.getByText(/^Page \d+ of \d+$/).textContent();
  const [, x, y] = /Page (\d+) of (\d+)/.exec(text ?? '') ?? [];
  return [Number(x), Number(y)];
}

/**
 * Waits for the URL's query to satisfy `test`, then for the list to show that query's rows: the
 * router commits the URL a moment before React paints (the list marks what it shows in
 * `data-list-query`).
 */
export async function waitForQuery(page: Page, test: (params: URLSearchParams) => boolean): Promise<void> {
  await page.waitForURL((url) => test(url.searchParams));
  await idle(page);
  await page.waitForFunction(() => {
    const list = document.querySelector('[data-list-query]');
    if (!list) return true;
    const sorted = (query: string) => [...new URLSearchParams(query)].sort().join('&');
    return sorted(list.getAttribute('data-list-query') ?? '') === sorted(window.location.search);
  });
}

/**
 * Waits until a list screen shows the rows of the address bar's query: after a click from another
 * screen React renders the new one in a transition, a moment after the router commits the URL.
 */
export async function listShown(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const list = document.querySelector('[data-list-query]');
    const sorted = (query: string) => [...new URLSearchParams(query)].sort().join('&');
    return (
      list !== null && sorted(list.getAttribute('data-list-query') ?? '') === sorted(window.location.search)
    );
  });
  await idle(page);
}

/** A search through the session proxy, as the panel makes it: the raw Spring-style page. */
export async function apiSearch(
  page: Page,
  resource: string,
  query: Record<string, string> = {},
): Promise<{ content: Array<Record<string, unknown>>; totalPages: number }> {
  const params = new URLSearchParams({ page: '0', ...query });
  const response = await page.request.get(`${PANEL}/api/${resource}/cms/search/?${params}`);
  if (!response.ok()) throw new Error(`search ${resource}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { content: Array<Record<string, unknown>>; totalPages: number };
}

/** The row of the table that holds `text`. */
export const rowWith = (page: Page, text: string) =>
  page.locator('main table tbody tr').filter({ hasText: text });

/** The confirm dialog, when open. */
export const dialog = (page: Page) => page.getByRole('dialog');
