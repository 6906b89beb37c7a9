/**
 * Issue 12, "access screens", in Chromium at a laptop (1280×800) and a phone (390×844) against
 * the real server: the reduced navbar of SPEC §2 on the login and two-factor screens (brand and
 * Login only), the manual key under the QR code (grouped in fours, copied by a button), the way
 * back to the login once five wrong codes spent the login.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeBrowser, formatAxeViolations, runAxe } from '../helpers/browser.ts';
import {
  allowAuthFailures,
  hydrated,
  openPanelPage,
  PANEL,
  scanQrCode,
  sessionAuth,
  startPanelHarness,
  submitPassword,
  type PanelHarness,
} from './panel-browser.ts';

const VIEWPORTS = ['desktop', 'phone'] as const;

async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const violations = await runAxe(page);
  expect(violations, `${what}:\n${formatAxeViolations(violations)}`).toEqual([]);
}

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
