/**
 * The landing page with FEEDBACK_FORM_URL set, in Chromium: the form is embedded in a titled frame,
 * the CSP's frame-src lets exactly that origin in, and the page stays clean for axe-core.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import {
  VIEWPORTS,
  describeBrowser,
  formatAxeViolations,
  launchBrowser,
  openPage,
  runAxe,
} from '../helpers/browser.ts';

describeBrowser('public website in Chromium with a feedback form configured', () => {
  const FORM_URL = 'https://docs.google.com/forms/d/e/TEST/viewform?embedded=true';
  let browser: Browser;
  let app: TestApp;
  let base: string;

  beforeAll(async () => {
    [browser, app] = await Promise.all([launchBrowser(), startTestApp({ FEEDBACK_FORM_URL: FORM_URL })]);
    base = await app.listen();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('embeds the form in a titled frame that the CSP allows', async () => {
    const { page, problems, close } = await openPage(browser, { baseURL: base, context: VIEWPORTS.desktop });
    // No network in tests: the form's origin answers with a stand-in page (registered after the
    // helper's blocking route, so it takes precedence).
    await page.context().route('https://docs.google.com/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><title>Stand-in form</title><p>Stand-in feedback form</p></html>',
      }),
    );
    await page.goto('/');

    const frame = page.locator('#feedback iframe');
    expect(await frame.count()).toBe(1);
    expect(await frame.getAttribute('src')).toBe(FORM_URL);
    expect(await frame.getAttribute('title')).toBeTruthy();
    await frame.scrollIntoViewIfNeeded();
    expect(await frame.isVisible()).toBe(true);
    // frame-src lets the form's origin in: the stand-in document actually loads in the frame.
    await expect
      .poll(() => page.frames().some((f) => f !== page.mainFrame() && f.url() === FORM_URL))
      .toBe(true);
    await expect
      .poll(async () => page.frameLocator('#feedback iframe').getByText('Stand-in feedback form').count())
      .toBe(1);

    const fallback = page
      .locator('#feedback')
      .getByRole('link', { name: 'Open the feedback form in a new tab' });
    expect(await fallback.getAttribute('href')).toBe(FORM_URL);
    expect(await page.getByRole('button', { name: 'Coming Soon' }).isDisabled()).toBe(true);

    const violations = await runAxe(page);
    expect(violations, formatAxeViolations(violations)).toEqual([]);
    expect(problems()).toEqual([]);
    await close();
  });
});
