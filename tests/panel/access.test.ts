/**
 * The admin panel's access screens in Chromium against the real server (embedded API, panel
 * session): login, enrolment with a wrong code first, recovery codes shown once, gating, no token in
 * the browser, no console errors or CSP violations, axe-core clean, and the login page not loading
 * list code. The shell once logged in (home, navbar, logout) is in shell.test.ts.
 */
import type { Response } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeBrowser, expectNoAxeViolations } from '../helpers/browser.ts';
import { secretsOf } from '../session/helpers.ts';
import {
  ADMIN,
  PANEL,
  allowAuthFailures,
  enterCode,
  hydrated,
  collectScripts,
  logIn,
  nextCode,
  openPanelPage,
  scanQrCode,
  sessionAuth,
  startPanelHarness,
  submitPassword,
  type PanelHarness,
} from './panel-browser.ts';

/** Text the entity list screens render and the access screens never do. */
const LIST_SCREEN_MARKER = 'Clear All Filters';

describeBrowser('admin panel: access screens', () => {
  vi.setConfig({ testTimeout: 60_000 });
  let harness: PanelHarness;

  beforeAll(async () => {
    harness = await startPanelHarness();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('login: server-rendered, button disabled until both fields are filled, wrong password in red, busy text', async () => {
    const session = await openPanelPage(harness, allowAuthFailures);
    const { page } = session;
    try {
      const response = await page.goto(`${PANEL}/auth/login`);
      expect(response?.status()).toBe(200);
      // Server-rendered: the form is in the document itself.
      expect(await response?.text()).toContain('Log in');
      await hydrated(page);
      await expectNoAxeViolations(page, 'login');

      const submit = page.getByRole('button', { name: 'Log in' });
      await expect.poll(() => submit.isDisabled()).toBe(true);
      await page.getByLabel('Username').fill(ADMIN.username);
      expect(await submit.isDisabled()).toBe(true);
      await page.getByLabel('Password').fill('wrong password');
      expect(await submit.isEnabled()).toBe(true);
      await page.getByLabel('Username').fill('');
      expect(await submit.isDisabled()).toBe(true);
      await page.getByLabel('Username').fill(ADMIN.username);

      // Hold the call to see the busy state.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/argusma-words-panel/session/login', async (route) => {
        await held;
        await route.continue();
      });
      await submit.click();
      const busy = page.getByRole('button', { name: 'Logging in...' });
      await expect.poll(() => busy.isDisabled()).toBe(true);
      release();

      const error = page.getByRole('alert').filter({ hasText: 'User or password not correct' });
      await expect.poll(() => error.isVisible()).toBe(true);
      expect(await error.getAttribute('class')).toContain('text-danger');
      expect(page.url()).toContain(`${PANEL}/auth/login`);
      expect(session.problems()).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('enrolment: QR code before JavaScript, wrong code cleared and dismissible, recovery codes once, then home', async () => {
    const session = await openPanelPage(harness, allowAuthFailures);
    const { page, context } = session;
    try {
      await submitPassword(page);
      // The QR code is inlined by the server: present in the document as delivered.
      const document = await (await context.request.get(`${PANEL}/auth/set-qr-code`)).text();
      expect(document).toContain(
        'Please scan this QR code with your authentication app and enter the code below',
      );
      expect(document).toMatch(/<svg[^>]*width="256"/);
      await hydrated(page);
      await expectNoAxeViolations(page, 'set-qr-code');

      const totp = await scanQrCode(harness, context);
      const verify = page.getByRole('button', { name: 'Verify' });
      expect(await verify.isDisabled()).toBe(true);
      const field = page.getByLabel('Authentication code');
      await field.fill('   ');
      expect(await verify.isDisabled()).toBe(true);

      const current = totp.generate({ timestamp: harness.clock.now() });
      const wrong = current === '000000' ? '111111' : '000000';
      await field.fill(wrong);
      await verify.click();
      const error = page.getByRole('alert').filter({ hasText: 'OTP verification failed' });
      await expect.poll(() => error.isVisible()).toBe(true);
      expect(await error.getAttribute('class')).toContain('text-danger');
      expect(await page.getByLabel('Authentication code').inputValue()).toBe('');
      await page.getByRole('button', { name: 'Dismiss' }).click();
      expect(await error.count()).toBe(0);

      await page.getByLabel('Authentication code').fill(nextCode(harness));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL((url) => url.pathname === PANEL);
      await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
      const codes = await page
        .getByRole('list', { name: 'Recovery codes' })
        .getByRole('listitem')
        .allInnerTexts();
      expect(codes.length).toBeGreaterThanOrEqual(8);
      expect(await page.getByText('They are shown only this once.').isVisible()).toBe(true);
      await expectNoAxeViolations(page, 'recovery codes');

      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { level: 1, name: `Welcome, ${ADMIN.username}!` }).waitFor();
      // Once: a reload shows the home, not the codes.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: `Welcome, ${ADMIN.username}!` }).waitFor();
      expect(await page.getByText(codes[0]!).count()).toBe(0);
      expect(session.problems()).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('gating: logged out → /, two-factor pending → the QR/code screen (or the login, to start over), logged in → away from the access screens', async () => {
    const session = await openPanelPage(harness);
    const { page } = session;
    try {
      for (const path of [PANEL, `${PANEL}/level`, `${PANEL}/auth/set-qr-code`]) {
        await page.goto(path);
        expect(new URL(page.url()).pathname, path).toBe('/');
      }
      await page.goto(`${PANEL}/auth/login`);
      expect(
        await page
          .getByRole('navigation', { name: 'Admin' })
          .getByRole('link', { name: 'Login' })
          .isVisible(),
      ).toBe(true);
      expect(await page.getByRole('link', { name: 'Level', exact: true }).count()).toBe(0);

      await submitPassword(page);
      // Enrolled already: no QR url is held, so only the code form shows.
      expect(await page.getByText('Please scan this QR code').count()).toBe(0);
      expect(await page.locator('main svg').count()).toBe(0);
      expect(await page.getByLabel('Authentication code').isVisible()).toBe(true);
      // The login screen stays open, to start over (the reduced navbar's 'Login').
      await page.goto(`${PANEL}/auth/login`);
      expect(new URL(page.url()).pathname).toBe(`${PANEL}/auth/login`);
      for (const path of [PANEL, `${PANEL}/word`, `${PANEL}/no-such-page`]) {
        await page.goto(path);
        expect(new URL(page.url()).pathname, path).toBe(`${PANEL}/auth/set-qr-code`);
      }
      // No section links before the second factor.
      expect(await page.getByRole('link', { name: 'Level', exact: true }).count()).toBe(0);
      await hydrated(page);
      await page.getByLabel('Authentication code').fill(nextCode(harness));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL((url) => url.pathname === PANEL);
      for (const path of [`${PANEL}/auth/login`, `${PANEL}/auth/set-qr-code`]) {
        await page.goto(path);
        expect(new URL(page.url()).pathname, path).toBe(PANEL);
      }
      expect(session.problems()).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('no token, two-factor token or TOTP secret ever reaches the page, its cookies or storage', async () => {
    const session = await openPanelPage(harness);
    const { page, context } = session;
    const bodies: string[] = [];
    const reading: Promise<void>[] = [];
    page.on('response', (response: Response) => {
      reading.push(
        response.text().then(
          (text) => void bodies.push(text),
          () => undefined, // redirects have no body
        ),
      );
    });
    try {
      await submitPassword(page);
      const pending = await sessionAuth(harness, context);
      expect(pending?.twoFactorToken).toBeTruthy();
      await enterCode(harness, page);
      await hydrated(page);
      await page.goto(`${PANEL}/level`);
      await hydrated(page);
      await page.getByRole('link', { name: 'Language', exact: true }).click();
      await page.waitForURL(`**${PANEL}/language`);
      await hydrated(page);
      const auth = await sessionAuth(harness, context);
      const secrets = [...secretsOf(pending), ...secretsOf(auth), harness.totp!.secret.base32];
      expect(auth?.accessToken && auth.refreshToken).toBeTruthy();

      await Promise.all(reading);
      const places: Record<string, string> = {
        dom: await page.content(),
        cookies: JSON.stringify(await context.cookies()),
        storage: await page.evaluate(
          () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
        ),
        responses: bodies.join('\n'),
      };
      expect(bodies.length).toBeGreaterThan(5);
      for (const secret of secrets) {
        for (const [place, text] of Object.entries(places)) {
          expect(text.includes(secret), `a secret found in ${place}`).toBe(false);
        }
      }
      expect(session.problems()).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it("the login page does not load the list screens' code (split bundle)", async () => {
    const session = await openPanelPage(harness);
    const { page } = session;
    const scripts = collectScripts(page);
    const loaded = async () =>
      Promise.all([...scripts].map(async ([url, text]) => ({ url, text: await text })));
    try {
      await page.goto(`${PANEL}/auth/login`);
      await hydrated(page);
      const loginScripts = await loaded();
      expect(loginScripts.length).toBeGreaterThan(0);
      expect(loginScripts.filter((s) => s.text.includes(LIST_SCREEN_MARKER)).map((s) => s.url)).toEqual([]);

      // The marker is real: the list screens' chunk carries it.
      await logIn(harness, page);
      await page.goto(`${PANEL}/stage`);
      await hydrated(page);
      expect((await loaded()).some((s) => s.text.includes(LIST_SCREEN_MARKER))).toBe(true);
      expect(session.problems()).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
