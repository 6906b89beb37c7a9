/**
 * Browser-test plumbing for the admin panel: one real app with a controllable clock, a Chromium,
 * the server-side session of a browser context (through the session store), and the real login
 * (password, then a TOTP computed from the secret the session store holds, as an authenticator
 * app would from the QR code).
 */
import { URI, type TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { PanelAuth } from '../../server/session/session-data.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import {
  launchBrowser,
  openPage,
  VIEWPORTS,
  type BrowserSession,
  type PageIssue,
  type ViewportName,
} from '../helpers/browser.ts';
import { readPanelAuth, testClock } from '../session/helpers.ts';

export const PANEL = '/argusma-words-panel';
export const ADMIN = { username: 'admin', password: 'correct-horse-battery-staple' };
/** One TOTP step: each login uses a fresh one (a code is good once). */
export const TOTP_STEP_MS = 30_000;

export interface PanelHarness {
  app: TestApp;
  browser: Browser;
  clock: ReturnType<typeof testClock>;
  /** The admin's authenticator, known once enrolled. */
  totp: TOTP | null;
  close(): Promise<void>;
}

export async function startPanelHarness(): Promise<PanelHarness> {
  const clock = testClock();
  const app = await startTestApp({}, { clock: clock.now });
  await app.listen();
  const browser = await launchBrowser();
  return {
    app,
    browser,
    clock,
    totp: null,
    async close() {
      await browser.close();
      await app.stop();
    },
  };
}

/** Failed logins and wrong codes make Chromium log the 4xx of the call; those are expected. */
export const allowAuthFailures = (issue: PageIssue): boolean =>
  /\/argusma-words-panel\/session\/(login|verify-otp)$/.test(issue.url ?? '') &&
  (issue.kind === 'http' || issue.kind === 'console') &&
  /40[13]/.test(issue.text);

/** A test navigating on before a page finished loading aborts that page's requests: not a fault. */
const abortedByNavigation = (issue: PageIssue): boolean =>
  issue.kind === 'requestfailed' && issue.text.endsWith('net::ERR_ABORTED');

/** A fresh browser context (no session yet), at the laptop size unless told otherwise. */
export function openPanelPage(
  harness: PanelHarness,
  allow?: (issue: PageIssue) => boolean,
  viewport: ViewportName = 'desktop',
): Promise<BrowserSession> {
  return openPage(harness.browser, {
    baseURL: harness.app.url,
    context: VIEWPORTS[viewport],
    allow: (issue) => abortedByNavigation(issue) || (allow?.(issue) ?? false),
  });
}

/** What the server-side session of this browser context holds, or null without a session. */
export async function sessionAuth(harness: PanelHarness, context: BrowserContext): Promise<PanelAuth | null> {
  const cookie = (await context.cookies()).find((c) => /^(__Host-)?argus-panel$/.test(c.name));
  return cookie ? readPanelAuth(harness.app, `${cookie.name}=${cookie.value}`) : null;
}

/** The page's lazy chunks are loaded and React has hydrated it (nothing left on the wire). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

/** Password step through the login screen; ends on the two-factor screen. */
export async function submitPassword(page: Page, password = ADMIN.password): Promise<void> {
  await page.goto(`${PANEL}/auth/login`);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`**${PANEL}/auth/set-qr-code`);
}

/** The code an authenticator shows now (server time), after moving to a fresh step. */
export function nextCode(harness: PanelHarness): string {
  if (!harness.totp) throw new Error('The admin has not enrolled yet');
  harness.clock.advance(TOTP_STEP_MS);
  return harness.totp.generate({ timestamp: harness.clock.now() });
}

/** Reads the enrolment secret the way the QR code carries it: from the server-side session. */
export async function scanQrCode(harness: PanelHarness, context: BrowserContext): Promise<TOTP> {
  const auth = await sessionAuth(harness, context);
  expect(auth?.qrCodeUrl, 'the session holds a QR url while enrolling').toMatch(/^otpauth:\/\/totp\//);
  harness.totp = URI.parse(auth!.qrCodeUrl!) as TOTP;
  return harness.totp;
}

/**
 * The whole login to the panel home. The first one enrols (and acknowledges the recovery codes);
 * later ones just type the current code.
 */
export async function logIn(harness: PanelHarness, page: Page): Promise<void> {
  await submitPassword(page);
  await enterCode(harness, page);
}

/** The code step of `logIn`, from the two-factor screen. */
export async function enterCode(harness: PanelHarness, page: Page): Promise<void> {
  const enrolling = harness.totp === null;
  if (enrolling) await scanQrCode(harness, page.context());
  await page.getByLabel('Authentication code').fill(nextCode(harness));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL((url) => url.pathname === PANEL);
  if (enrolling) await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1, name: /Welcome/ }).isVisible()).toBe(true);
}

/**
 * The bodies of every script the page loads, by URL. A body read after the page navigated away
 * rejects; that fails a test only if the test reads that body.
 */
export function collectScripts(page: Page): Map<string, Promise<string>> {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const text = response.text();
    text.catch(() => undefined);
    scripts.set(response.url(), text);
  });
  return scripts;
}
