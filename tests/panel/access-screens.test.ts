/**
 * Issue 12, "access screens", in Chromium at a laptop (1280×800) and a phone (390×844) against
 * the real server: the reduced navbar of SPEC §2 on the login and two-factor screens (brand and
 * Login only), the manual key under the QR code (grouped in fours, copied by a button), the way
 * back to the login once five wrong codes spent the login, and an unknown panel address shown as
 * a 404 inside the panel (status 404) while the public site keeps its own 404.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeBrowser, expectNoAxeViolations, type PageIssue } from '../helpers/browser.ts';
import {
  allowAuthFailures,
  hydrated,
  logIn,
  openPanelPage,
  PANEL,
  scanQrCode,
  sessionAuth,
  startPanelHarness,
  submitPassword,
  type PanelHarness,
} from './panel-browser.ts';

const VIEWPORTS = ['desktop', 'phone'] as const;

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'no horizontal page scroll').toBeLessThanOrEqual(innerWidth);
}

/** SPEC §2: before the second factor is verified, the navbar is the brand and 'Login' only. */
async function expectReducedNavbar(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Admin' });
  expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Argus Words Admin', 'Login']);
  expect(await nav.getByRole('button').count()).toBe(0);
  expect(await nav.getByText('Manage link tables').count()).toBe(0);
}

/** A 404 document logs "Failed to load resource" for itself: expected on the 404 pages. */
const allow404 = (issue: PageIssue): boolean =>
  (issue.kind === 'http' || issue.kind === 'console') && /\b404\b/.test(issue.text);

describeBrowser('admin panel: access screens (issue 12)', () => {
  vi.setConfig({ testTimeout: 60_000 });
  let harness: PanelHarness;
  beforeAll(async () => {
    harness = await startPanelHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  for (const viewport of VIEWPORTS) {
    it(`${viewport}: reduced navbar on login and two-factor; the manual key, grouped in fours, copies`, async () => {
      const session = await openPanelPage(harness, allowAuthFailures, viewport);
      const { page, context } = session;
      try {
        await page.goto(`${PANEL}/auth/login`);
        await hydrated(page);
        await expectReducedNavbar(page);
        await expectNoAxeViolations(page, `${viewport} login`);

        await submitPassword(page);
        await hydrated(page);
        await expectReducedNavbar(page);
        const secret = new URL((await sessionAuth(harness, context))!.qrCodeUrl!).searchParams.get('secret')!;
        const key = page.locator('main code.panel-totp-key');
        const groups = (await key.innerText()).split(' ');
        expect(groups.join('')).toBe(secret);
        expect(groups.slice(0, -1).every((group) => group.length === 4)).toBe(true);
        expect(groups.at(-1)!.length).toBeLessThanOrEqual(4);
        expect(await page.getByRole('heading', { name: 'Can’t scan the code?' }).isVisible()).toBe(true);

        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        await page.getByRole('button', { name: 'Copy key' }).click();
        await page.getByRole('status').filter({ hasText: 'Key copied.' }).waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
        await expectNoAxeViolations(page, `${viewport} two-factor with the manual key`);
        await expectNoSidewaysScroll(page);

        // The reduced navbar's 'Login' starts over from the two-factor step.
        await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Login' }).click();
        await page.waitForURL(`**${PANEL}/auth/login`);
        await page.getByRole('button', { name: 'Log in' }).waitFor();
        expect(session.problems()).toEqual([]);
      } finally {
        await session.close();
      }
    });
  }

  for (const viewport of VIEWPORTS) {
    it(`${viewport}: an unknown panel address is a 404 inside the panel; the site keeps its own 404`, async () => {
      const session = await openPanelPage(harness, allow404, viewport);
      const { page } = session;
      try {
        await logIn(harness, page);
        const response = await page.goto(`${PANEL}/whatever`);
        expect(response?.status()).toBe(404);
        await hydrated(page);
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Page not found');
        expect(await page.getByText('Error 404', { exact: true }).isVisible()).toBe(true);
        const nav = page.getByRole('navigation', { name: 'Admin' });
        // On a phone the sections sit behind the navbar's closed Menu button.
        expect(await nav.getByRole('link', { name: 'Level', exact: true, includeHidden: true }).count()).toBe(
          1,
        );
        expect(await nav.getByRole('button', { name: 'Logout', includeHidden: true }).count()).toBe(1);
        expect(await page.locator('footer').count(), 'not the public layout').toBe(0);
        await expectNoAxeViolations(page, `${viewport} panel 404`);
        await expectNoSidewaysScroll(page);

        // The public 404 is still the site's (the panel's was not cached in its place).
        const site = await page.request.get('/no-such-page');
        expect(site.status()).toBe(404);
        const siteHtml = await site.text();
        expect(siteHtml).toContain('Go Home');
        expect(siteHtml).not.toContain('Argus Words Admin');

        await page.getByRole('link', { name: 'Go to the panel home' }).click();
        await page.waitForURL((url) => url.pathname === PANEL);
        await page.getByRole('heading', { level: 1, name: /Welcome/ }).waitFor();
        expect(session.problems()).toEqual([]);
      } finally {
        await session.close();
      }
    });
  }
});

describeBrowser('admin panel: the attempt cap of the two-factor step (issue 12)', () => {
  vi.setConfig({ testTimeout: 60_000 });

  for (const viewport of VIEWPORTS) {
    // A harness each: the five wrong codes count against the account's hourly allowance.
    it(`${viewport}: after five wrong codes, no more tries but a way back to the login`, async () => {
      const harness = await startPanelHarness();
      const session = await openPanelPage(harness, allowAuthFailures, viewport);
      const { page } = session;
      try {
        await submitPassword(page);
        await hydrated(page);
        const right = (await scanQrCode(harness, session.context)).generate({
          timestamp: harness.clock.now(),
        });
        const wrong = right === '000000' ? '111111' : '000000';
        for (let attempt = 1; attempt <= 5; attempt++) {
          await page.getByLabel('Authentication code').fill(wrong);
          await page.getByRole('button', { name: 'Verify' }).click();
          await page.getByRole('alert').waitFor();
          if (attempt < 5) {
            expect(await page.getByRole('alert').innerText()).toBe(
              'OTP verification failed. Please try again.',
            );
            await expect.poll(() => page.getByLabel('Authentication code').inputValue()).toBe('');
          }
        }
        await page.getByRole('link', { name: 'Back to login' }).waitFor();
        expect(await page.getByRole('alert').innerText()).toBe(
          'Too many wrong codes: this login cannot be completed. Please log in again.',
        );
        expect(await page.getByLabel('Authentication code').count()).toBe(0);
        await expectReducedNavbar(page);
        await expectNoAxeViolations(page, `${viewport} two-factor spent`);
        await expectNoSidewaysScroll(page);

        await page.getByRole('link', { name: 'Back to login' }).click();
        await page.waitForURL(`**${PANEL}/auth/login`);
        await expectReducedNavbar(page);
        await submitPassword(page);
        await page.getByLabel('Authentication code').waitFor();
        expect(session.problems()).toEqual([]);
      } finally {
        await session.close();
        await harness.close();
      }
    });
  }
});
