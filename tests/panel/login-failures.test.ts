import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { describeBrowser, launchBrowser, openPage, VIEWPORTS } from '../helpers/browser.ts';
import type { Browser } from 'playwright-core';
import { ADMIN, hydrated, PANEL } from './panel-browser.ts';

/**
 * The login screen tells the admin what really happened: a wait after too many attempts (with the
 * seconds), and an outage of the content API — never 'User or password not correct' for those.
 */
describeBrowser('panel login: throttling and outages are shown as they are', () => {
  vi.setConfig({ testTimeout: 60_000 });
  let browser: Browser;
  let healthy: TestApp;
  let cutOff: TestApp;

  beforeAll(async () => {
    browser = await launchBrowser();
    healthy = await startTestApp();
    await healthy.listen();
    // An external content API on a port nothing listens on.
    cutOff = await startTestApp({ UPSTREAM_API_URL: 'http://127.0.0.1:9/arguscreative/words' });
    await cutOff.listen();
  });
  afterAll(async () => {
    await browser?.close();
    await healthy?.stop();
    await cutOff?.stop();
  });

  const expected = (status: string) => (issue: { kind: string; text: string; url?: string }) =>
    /\/session\/login$/.test(issue.url ?? '') &&
    (issue.kind === 'http' || issue.kind === 'console') &&
    issue.text.includes(status);

  async function logIn(
    app: TestApp,
    viewport: keyof typeof VIEWPORTS,
    password: string,
    allow: (i: never) => boolean,
  ) {
    const session = await openPage(browser, {
      baseURL: app.url,
      context: VIEWPORTS[viewport],
      allow: allow as never,
    });
    const { page } = session;
    await page.goto(`${PANEL}/auth/login`);
    await hydrated(page);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    return session;
  }

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`shows the content API outage, not a password error (${viewport})`, async () => {
      const session = await logIn(cutOff, viewport, ADMIN.password, expected('502'));
      try {
        await expect
          .poll(() => session.page.locator('main').innerText())
          .toMatch(/The content API is unavailable\. Please try again in a moment\. \(request [\w-]+\)/);
        expect(await session.page.locator('main').innerText()).not.toContain('User or password not correct');
        expect(session.problems()).toEqual([]);
      } finally {
        await session.close();
      }
    });
  }

  it('shows how long to wait after repeated wrong passwords', async () => {
    const allow = (issue: { kind: string; text: string; url?: string }) =>
      expected('401')(issue) || expected('429')(issue);
    const first = await logIn(healthy, 'desktop', 'wrong password', allow);
    await expect.poll(() => first.page.locator('main').innerText()).toContain('User or password not correct');
    await first.close();
    // Someone keeps guessing this account's password, from anywhere, waiting out each delay
    // (1, 2, 4 s): after 8 failures the account waits 8 s before its next attempt.
    for (let failures = 1; failures < 8;) {
      const res = await fetch(`${healthy.url}/arguscreative/words/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: ADMIN.username, password: `guess ${failures}` }),
      });
      if (res.status === 401) failures++;
      else await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after')) * 1000));
    }
    const session = await logIn(healthy, 'phone', ADMIN.password, allow);
    try {
      await expect
        .poll(() => session.page.locator('main').innerText())
        .toMatch(/Too many attempts\. Try again in \d+ seconds\./);
      expect(session.problems()).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
