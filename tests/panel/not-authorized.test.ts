/**
 * SPEC §4: a login whose account has no two-factor ends on the login screen with 'Not authorized'.
 * In the embedded API that is an account with a password whose role is no longer admin.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { createAdmin } from '../helpers/admin-login.ts';
import { describeBrowser } from '../helpers/browser.ts';
import {
  PANEL,
  allowAuthFailures,
  hydrated,
  openPanelPage,
  sessionAuth,
  startPanelHarness,
  type PanelHarness,
} from './panel-browser.ts';

describeBrowser('admin panel: an account without two-factor', () => {
  vi.setConfig({ testTimeout: 60_000 });
  let harness: PanelHarness;

  beforeAll(async () => {
    harness = await startPanelHarness();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it("an account without two-factor (a former admin turned player) gets 'Not authorized' and stays logged out", async () => {
    // A real account with a password whose role was changed to 'common' afterwards: the API answers
    // twoFaEnabled false, which SPEC §4 turns into 'Not authorized'.
    const database = await openDatabase({ dataDir: harness.app.config.dataDir, databaseUrl: null });
    try {
      await createAdmin(database, { username: 'former-admin', password: 'a-long-enough-password' });
      await database.db
        .updateTable('users')
        .set({ role: 'common' })
        .where('username', '=', 'former-admin')
        .execute();
    } finally {
      await database.close();
    }
    const session = await openPanelPage(harness, allowAuthFailures);
    const { page } = session;
    try {
      await page.goto(`${PANEL}/auth/login`);
      await hydrated(page);
      await page.getByLabel('Username').fill('former-admin');
      await page.getByLabel('Password').fill('a-long-enough-password');
      await page.getByRole('button', { name: 'Log in' }).click();
      const error = page.getByRole('alert').filter({ hasText: 'Not authorized' });
      await expect.poll(() => error.isVisible()).toBe(true);
      expect(page.url()).toContain(`${PANEL}/auth/login`);
      expect((await sessionAuth(harness, page.context()))?.accessToken ?? null).toBeNull();
      // Still logged out: the panel sends this browser back to the site root.
      await page.goto(PANEL);
      expect(new URL(page.url()).pathname).toBe('/');
      expect(session.problems()).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
