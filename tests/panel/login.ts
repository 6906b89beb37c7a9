/**
 * Logging in to the panel through the browser, as a content manager does: username and password,
 * then the two-factor code. The test plays the authenticator app: it reads the TOTP secret from the
 * otpauth URL the content API hands out before enrolment (what the QR code encodes) and computes
 * codes from it; a second login within one 30 s step uses a recovery code, as a person would.
 */
import { URI, type TOTP } from 'otpauth';
import type { Page } from 'playwright-core';

export interface PanelAdmin {
  username: string;
  password: string;
  totp: TOTP;
  recoveryCodes: string[];
  lastStep: number;
}

/**
 * Waits until the page is hydrated (typing earlier would be lost to the controlled inputs): the
 * client entry marks `<html data-hydrated>` once its root has mounted, and the heading is there.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.documentElement.hasAttribute('data-hydrated') && document.querySelector('main h1') !== null,
  );
}

/** Reads the admin's TOTP secret (the QR code's otpauth URL) from the API's login answer. */
export async function scanQrCode(baseUrl: string, username: string, password: string): Promise<PanelAdmin> {
  const response = await fetch(`${baseUrl}/arguscreative/words/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as { qrCodeUrl?: string | null };
  if (!response.ok || !body.qrCodeUrl) {
    throw new Error(`No QR url for ${username}: ${response.status} ${JSON.stringify(body)}`);
  }
  return { username, password, totp: URI.parse(body.qrCodeUrl) as TOTP, recoveryCodes: [], lastStep: -1 };
}

/** A code the admin's app would show now, or a recovery code when this step's code was used. */
export function nextCode(admin: PanelAdmin): string {
  const step = admin.totp.counter();
  if (step > admin.lastStep) {
    admin.lastStep = step;
    return admin.totp.generate();
  }
  const code = admin.recoveryCodes.shift();
  if (!code) throw new Error('No recovery code left for a second login within one time step');
  return code;
}

/** Logs in on `page` and lands on the panel home; keeps the recovery codes shown at enrolment. */
export async function logInThroughBrowser(page: Page, admin: PanelAdmin): Promise<void> {
  await page.goto('/argusma-words-panel/auth/login');
  await hydrated(page);
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/argusma-words-panel/auth/set-qr-code');
  await hydrated(page);
  await page.getByLabel('Authentication code').fill(nextCode(admin));
  await page.getByRole('button', { name: 'Verify' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' });
  const home = page.getByRole('heading', { level: 1 });
  await codes.or(home).first().waitFor();
  if (await codes.isVisible()) {
    admin.recoveryCodes = (await codes.getByRole('listitem').allTextContents()).map((code) => code.trim());
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await page.waitForURL((url) => url.pathname === '/argusma-words-panel');
}
