/**
 * The panel's idle timeout in Chromium with controlled clocks on both sides (Playwright's fake
 * clock in the page, the injected clock in the server): the 'Stay logged in?' prompt one minute
 * before the end (keyboard accessible, axe clean), Escape and the button both extend the session
 * on the server, two tabs of one session agree, and at zero the admin is logged out on the server
 * too and the site root is loaded.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeBrowser, formatAxeViolations, runAxe } from '../helpers/browser.ts';
import {
  hydrated,
  ADMIN,
  logIn,
  nextCode,
  openPanelPage,
  PANEL,
  sessionAuth,
  startPanelHarness,
  type PanelHarness,
} from './panel-browser.ts';

const MINUTE = 60_000;

const prompt = (page: Page) => page.getByRole('dialog', { name: 'Stay logged in?' });

/** The page's requests not yet answered, counted from the first call on. */
const inFlight = new WeakMap<Page, Set<Request>>();
function requestsOf(page: Page): Set<Request> {
  const known = inFlight.get(page);
  if (known) return known;
  const pending = new Set<Request>();
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  inFlight.set(page, pending);
  return pending;
}

describeBrowser('admin panel: idle timeout', () => {
  vi.setConfig({ testTimeout: 90_000 });
  let harness: PanelHarness;

  beforeAll(async () => {
    harness = await startPanelHarness();
  });

  afterAll(async () => {
    await harness?.close();
  });

  /**
   * Both clocks jump: the server's first, so the page's next check reads the new server time. Not
   * while the page has a request on its way: the server would answer it at the new time and the
   * page read it at the old one: its clock would seem behind the server's by the jump (the deadline
   * that much early), or a keep-alive would extend the session from the new time. No real clock
   * jumps while a request is out.
   */
  async function idleFor(page: Page, ms: number): Promise<void> {
    const pending = requestsOf(page);
    await vi.waitFor(
      () => {
        if (pending.size > 0) throw new Error(`${pending.size} requests still on their way`);
      },
      { timeout: 15_000, interval: 20 },
    );
    harness.clock.advance(ms);
    await page.clock.fastForward(ms);
  }

  it('warns a minute early, Escape or the button extends the session, and at zero logs out and loads /', async () => {
    const session = await openPanelPage(harness);
    const { page, context } = session;
    try {
      await page.clock.install({ time: harness.clock.now() });
      await logIn(harness, page);
      await hydrated(page);

      await idleFor(page, 13 * MINUTE);
      expect(await prompt(page).count()).toBe(0);
      await idleFor(page, MINUTE + 1_000);
      await prompt(page).waitFor();
      expect(await prompt(page).innerText()).toMatch(/logged out in \d+ seconds/);
      const violations = await runAxe(page);
      expect(violations, formatAxeViolations(violations)).toEqual([]);

      // Escape: whoever pressed it is here.
      const stayed = page.waitForResponse(
        (r) => r.url().endsWith('/session/keep-alive') && r.status() === 200,
      );
      await page.keyboard.press('Escape');
      await stayed;
      await expect.poll(() => prompt(page).count()).toBe(0);

      // Again, answered with the button, by keyboard (focus starts on it).
      await idleFor(page, 14 * MINUTE + 1_000);
      await prompt(page).waitFor();
      const focused = await page.evaluate(() => document.activeElement?.textContent);
      expect(focused).toBe('Stay logged in');
      const extended = page.waitForResponse(
        (r) => r.url().endsWith('/session/keep-alive') && r.status() === 200,
      );
      await page.keyboard.press('Enter');
      const status = (await (await extended).json()) as { idleDeadline: number };
      expect(status.idleDeadline).toBe(harness.clock.now() + 15 * MINUTE);
      await expect.poll(() => prompt(page).count()).toBe(0);

      // Nobody answers: logged out at zero, on the server too, then the site root.
      await idleFor(page, 14 * MINUTE + 1_000);
      await prompt(page).waitFor();
      await idleFor(page, MINUTE);
      await page.waitForURL((url) => url.pathname === '/');
      expect(await sessionAuth(harness, context)).toBeNull();
      await page.goto(`${PANEL}/level`);
      expect(new URL(page.url()).pathname).toBe('/');
      expect(session.problems()).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it("two tabs of one session agree: staying in one closes the other's prompt", async () => {
    const session = await openPanelPage(harness);
    const { page, context } = session;
    try {
      await page.clock.install({ time: harness.clock.now() });
      await logIn(harness, page);
      await hydrated(page);
      const other = await context.newPage();
      await other.goto(`${PANEL}/auth/login`); // logged in: leads to the panel home
      expect(new URL(other.url()).pathname).toBe(PANEL);
      await hydrated(other);

      harness.clock.advance(14 * MINUTE + 5_000);
      await page.clock.fastForward(14 * MINUTE + 5_000);
      await prompt(page).waitFor();
      await prompt(other).waitFor();

      await other.getByRole('button', { name: 'Stay logged in' }).click();
      await expect.poll(() => prompt(other).count()).toBe(0);
      // The first tab re-reads the server's deadline within seconds while it warns.
      await page.clock.runFor(6_000);
      await expect.poll(() => prompt(page).count()).toBe(0);
      expect((await sessionAuth(harness, context))?.accessToken).toBeTruthy();
      expect(session.problems()).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('at zero with unsaved input in a form: logged out on the server, the form stays and asks for the login, then saves', async () => {
    const session = await openPanelPage(
      harness,
      (issue) => (issue.kind === 'http' || issue.kind === 'console') && /\b401\b/.test(issue.text),
    );
    const { page, context } = session;
    try {
      await page.clock.install({ time: harness.clock.now() });
      await logIn(harness, page);
      const created = await page.request.post(`${PANEL}/api/languages/cms`, {
        headers: { 'X-Argus-CSRF': '1', Origin: harness.app.url },
        data: { language: 'Idle form' },
      });
      const { id } = (await created.json()) as { id: number };
      await page.goto(`${PANEL}/language/update/${id}`);
      await hydrated(page);
      const name = page.locator('main form').getByLabel('Language', { exact: true });
      await name.fill('Idle form, typed before the break');

      await idleFor(page, 15 * MINUTE + 1_000);
      const login = page.getByRole('dialog', { name: 'Log in to save your changes' });
      await login.waitFor();
      expect(await sessionAuth(harness, context)).toBeNull();
      expect(new URL(page.url()).pathname).toBe(`${PANEL}/language/update/${id}`);
      expect(await name.inputValue()).toBe('Idle form, typed before the break');
      const violations = await runAxe(page);
      expect(violations, formatAxeViolations(violations)).toEqual([]);

      await login.getByLabel('Password').fill(ADMIN.password);
      await login.getByRole('button', { name: 'Log in' }).click();
      await login.getByLabel('Authentication code').fill(nextCode(harness));
      await login.getByRole('button', { name: 'Verify' }).click();
      await login.waitFor({ state: 'detached' });
      expect((await sessionAuth(harness, context))?.accessToken).toBeTruthy();

      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Yes', exact: true }).click();
      await page.waitForURL((url) => url.pathname === `${PANEL}/language`);
      const stored = await page.request.get(`${PANEL}/api/languages/cms/${id}`);
      expect(((await stored.json()) as { language: string }).language).toBe(
        'Idle form, typed before the break',
      );

      // The renewed session has its idle timer again: the prompt comes back a minute early.
      await idleFor(page, 14 * MINUTE + 1_000);
      await prompt(page).waitFor();
      expect(session.problems()).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
