/**
 * Issue 12: the panel's error screen, seen working. A panel server in front of a separate content
 * API server (UPSTREAM_API_URL), both real; the admin logs in, then the content API is stopped for
 * real. Loading a record now fails on the server's side: the edit screen gives way to 'Unexpected
 * Application Error!' inside the panel, with the message, the request id the server logged (the
 * X-Request-Id the server gave that request) and a way home — after a client-side navigation and
 * in a page rendered by the server (status 502), at a laptop (1280×800) and a phone (390×844).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import {
  describeBrowser,
  formatAxeViolations,
  launchBrowser,
  openPage,
  runAxe,
  VIEWPORTS,
  type BrowserSession,
  type PageIssue,
} from '../helpers/browser.ts';
import { hydrated, logInThroughBrowser, scanQrCode } from './login.ts';

const PANEL = '/argusma-words-panel';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The stopped content API makes the panel answer 502 (and Chromium logs the failed load). */
const allow502 = (issue: PageIssue): boolean =>
  (issue.kind === 'http' || issue.kind === 'console') && /\b502\b/.test(issue.text);

async function expectErrorScreen(page: Page, requestId: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }).waitFor();
  expect(await page.getByRole('alert').innerText()).toMatch(
    /^Error loading user: The content API is unavailable\. Please try again in a moment\. \(request [0-9a-f-]+\)$/,
  );
  expect(await page.locator('code.panel-request-id').innerText()).toBe(requestId);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  // On a phone the sections sit behind the navbar's closed Menu button.
  const level = nav.getByRole('link', { name: 'Level', exact: true, includeHidden: true });
  expect(await level.count(), 'inside the panel').toBe(1);
  const home = page.getByRole('link', { name: 'Go to the panel home' });
  expect(await home.getAttribute('href')).toBe(PANEL);
  const violations = await runAxe(page);
  expect(violations, formatAxeViolations(violations)).toEqual([]);
}

describeBrowser('admin panel: the error screen, with a request id and a way home (issue 12)', () => {
  vi.setConfig({ testTimeout: 60_000 });
  let backend: TestApp;
  let frontend: TestApp;
  let browser: Browser;
  let backendStopped = false;
  const tabs = new Map<string, BrowserSession>();

  beforeAll(async () => {
    backend = await startTestApp();
    await backend.listen();
    frontend = await startTestApp({ UPSTREAM_API_URL: `${backend.url}/arguscreative/words` });
    await frontend.listen();
    browser = await launchBrowser();
    const admin = await scanQrCode(backend.url, 'admin', 'correct-horse-battery-staple');
    for (const viewport of ['desktop', 'phone'] as const) {
      const tab = await openPage(browser, {
        baseURL: frontend.url,
        context: VIEWPORTS[viewport],
        allow: allow502,
      });
      // One login; the phone's tab shares its session cookie.
      const first = tabs.get('desktop');
      if (first) await tab.context.addCookies(await first.context.cookies());
      else await logInThroughBrowser(tab.page, admin);
      tabs.set(viewport, tab);
      // The list while the content API still answers (its rows are not kept in the browser, so
      // the edit form will ask the API for its record).
      await tab.page.goto(`${PANEL}/user`);
      await hydrated(tab.page);
      await tab.page.getByRole('link', { name: /^Edit user 1$/ }).waitFor();
    }
    await backend.stop();
    backendStopped = true;
  }, 90_000);

  afterAll(async () => {
    for (const tab of tabs.values()) await tab.close();
    await browser?.close();
    await frontend?.stop();
    if (!backendStopped) await backend?.stop();
  });

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`${viewport}: a record whose loading fails on the server shows the request id and leads home`, async () => {
      const tab = tabs.get(viewport)!;
      const { page } = tab;

      // A client-side navigation: the failed call's own request id.
      const failed = page.waitForResponse((r) => r.url().includes(`${PANEL}/api/users/cms/1`));
      await page.getByRole('link', { name: /^Edit user 1$/ }).click();
      const response = await failed;
      expect(response.status()).toBe(502);
      const callId = response.headers()['x-request-id']!;
      expect(callId).toMatch(UUID);
      expect(((await response.json()) as { requestId: string }).requestId).toBe(callId);
      await expectErrorScreen(page, callId);
      await page.getByRole('link', { name: 'Go to the panel home' }).click();
      await page.waitForURL((url) => url.pathname === PANEL);
      await page.getByRole('heading', { level: 1, name: /Welcome/ }).waitFor();

      // Rendered by the server: the document's status and its own request id.
      const document = await page.goto(`${PANEL}/user/update/1`);
      expect(document?.status()).toBe(502);
      const pageId = (await document?.allHeaders())?.['x-request-id'] ?? '';
      expect(pageId).toMatch(UUID);
      await expectErrorScreen(page, pageId);
      expect(tab.problems()).toEqual([]);
    });
  }
});
