import { URI, type TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { startTestApp } from '../helpers/app.ts';
import { describeBrowser, expectNoAxeViolations, launchBrowser } from '../helpers/browser.ts';
import { testClock } from '../session/helpers.ts';
import {
  hydrated,
  logIn,
  openPanelPage,
  PANEL,
  sessionAuth,
  TOTP_STEP_MS,
  type PanelHarness,
} from './panel-browser.ts';
import { navbarLink } from './navbar.ts';

/**
 * Issue 33 in the browser: an administrator invites an editor limited to one language from the
 * Team screen; the editor enrols through the link, logs in with two-factor, sees only that
 * language's rows and no Team screen, and reads a clean refusal at another language's row by URL.
 * Issue 43: the tokens list tells each token's real state, its owner's reach and state included.
 */
describeBrowser('the Team screen: invite, enrol, a limited editor', () => {
  vi.setConfig({ testTimeout: 120_000 });
  let harness: PanelHarness;
  let englishWord: number;
  const PASSWORD = 'a-long-editor-password';

  beforeAll(async () => {
    const clock = testClock();
    const app = await startTestApp({ DEMO_CONTENT: 'true' }, { clock: clock.now });
    await app.listen();
    const browser: Browser = await launchBrowser();
    harness = {
      app,
      browser,
      clock,
      totp: null,
      async close() {
        await browser.close();
        await app.stop();
      },
    };
    const database = await openDatabase({ dataDir: app.config.dataDir, databaseUrl: null });
    const row = await database.db
      .selectFrom('words')
      .innerJoin('languages', 'languages.id', 'words.languageId')
      .select('words.id')
      .where('languages.language', '=', 'English')
      .executeTakeFirstOrThrow();
    englishWord = row.id;
    await database.close();
  });
  afterAll(async () => harness?.close());

  /** The editor's login: password, then (enrolling) a code from the QR the session holds. */
  async function editorLogIn(page: Page, totp: TOTP | null): Promise<TOTP> {
    await page.goto(`${PANEL}/auth/login`);
    await hydrated(page);
    await page.getByLabel('Username').fill('marie');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`**${PANEL}/auth/set-qr-code`);
    const enrolling = totp === null;
    const authenticator =
      totp ?? (URI.parse((await sessionAuth(harness, page.context()))!.qrCodeUrl!) as TOTP);
    harness.clock.advance(TOTP_STEP_MS);
    await page
      .getByLabel('Authentication code')
      .fill(authenticator.generate({ timestamp: harness.clock.now() }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === PANEL);
    if (enrolling) await page.getByRole('button', { name: 'Continue' }).click();
    return authenticator;
  }

  it('invites an editor limited to Spanish, who enrols, sees Spanish only and no Team screen (laptop, then phone)', async () => {
    const admin = await openPanelPage(harness);
    await logIn(harness, admin.page);
    await admin.page.getByRole('link', { name: 'Team' }).click();
    await admin.page.waitForURL(`**${PANEL}/team`);
    await hydrated(admin.page);
    await expectNoAxeViolations(admin.page, 'the Team screen');
    await admin.page.getByLabel('Username').fill('marie');
    await admin.page.locator('#invite-permissions').selectOption('editor');
    await admin.page.getByLabel('Spanish').first().check();
    await admin.page.getByRole('button', { name: 'Invite' }).click();
    const status = admin.page.getByRole('status').filter({ hasText: 'Invited marie' });
    await expect.poll(() => status.textContent()).toMatch(/enrol\?token=/);
    const link = /(http:\/\/\S+enrol\?token=[A-Za-z0-9_-]+)/.exec((await status.textContent())!)![1]!;
    await expect
      .poll(() => admin.page.locator('[data-account="marie"]').textContent())
      .toContain('editor, Spanish');
    expect(await admin.page.locator('[data-account="marie"]').textContent()).toContain(
      'Invited: no password yet',
    );
    expect(admin.problems()).toEqual([]);
    await admin.close();

    let totp: TOTP | null = null;
    for (const viewport of ['desktop', 'phone'] as const) {
      // A German row by URL is this data set's English word: its 403 is expected in the console.
      const editor = await openPanelPage(harness, (issue) => /40[13]/.test(issue.text), viewport);
      const { page } = editor;
      if (totp === null) {
        await page.goto(link);
        await hydrated(page);
        await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
        await page.getByLabel('Password again').fill(PASSWORD);
        await page.getByRole('button', { name: 'Set my password' }).click();
        await expect
          .poll(() => page.getByRole('heading', { name: 'Your password is set' }).isVisible())
          .toBe(true);
      }
      totp = await editorLogIn(page, totp);

      // The navbar offers what the account may use: its history, but no players, trash or Team
      // (not even inside a closed menu).
      const nav = page.getByRole('navigation', { name: 'Admin' });
      if (viewport === 'phone') await nav.getByText('Menu').click();
      await expect.poll(() => nav.getByRole('link', { name: 'Word', exact: true }).isVisible()).toBe(true);
      for (const hidden of ['Team', 'User', 'User-Level', 'Trash']) {
        const link = nav.getByRole('link', { name: hidden, exact: true, includeHidden: true });
        expect(await link.count(), hidden).toBe(0);
      }
      expect(await (await navbarLink(page, 'History')).isVisible()).toBe(true);

      await page.goto(`${PANEL}/word`);
      await hydrated(page);
      await expect.poll(() => page.getByTestId('reach-note').textContent()).toContain('editor of Spanish');
      const table = await page.locator('table').first().textContent();
      expect(table).toContain('Spanish');
      expect(table).not.toContain('English');
      await expectNoAxeViolations(page, `the editor's word list (${viewport})`);

      await page.goto(`${PANEL}/word/update/${englishWord}`);
      await expect
        .poll(() => page.getByRole('alert').first().textContent())
        .toMatch(/Your account may see Spanish words only/);
      await page.goto(`${PANEL}/team`);
      await expect
        .poll(() => page.getByRole('alert').first().textContent())
        .toBe('Error: Your account may not manage accounts or tokens: only administrators may');
      expect(editor.problems()).toEqual([]);
      await editor.close();
    }
  });

  it("lists each token's real state: narrowed with its owner, then revoked with it (laptop, then phone)", async () => {
    // A token marie made while she was an administrator (arranged in the database: an account
    // makes tokens for itself, and only while it is an administrator).
    const database = await openDatabase({ dataDir: harness.app.config.dataDir, databaseUrl: null });
    const marie = await database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'marie')
      .executeTakeFirstOrThrow();
    const now = harness.clock.now();
    await database.db
      .insertInto('apiTokens')
      .values({
        name: 'marie script',
        tokenHash: 'f'.repeat(64),
        userId: marie.id,
        permissions: 'administrator',
        languages: null,
        createdAt: now,
        expiresAt: now + 30 * 86_400_000,
      })
      .execute();
    await database.close();
    for (const viewport of ['desktop', 'phone'] as const) {
      const admin = await openPanelPage(harness, undefined, viewport);
      await logIn(harness, admin.page);
      await admin.page.goto(`${PANEL}/team`);
      await hydrated(admin.page);
      const token = admin.page.locator('[data-token="marie script"]');
      if (viewport === 'desktop') {
        await expect
          .poll(() => token.textContent())
          .toContain('now editor, Spanish: its owner reaches no further');
        expect(await token.textContent()).toContain('active');
        await admin.page.getByRole('button', { name: 'Deactivate marie' }).click();
        await expect
          .poll(() => admin.page.getByRole('status').filter({ hasText: 'marie deactivated' }).textContent())
          .toBe('marie deactivated; its sessions and API tokens ended for good.');
      }
      await expect.poll(() => token.textContent()).toContain('revoked');
      expect(await token.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
      await expectNoAxeViolations(admin.page, `the Team screen's tokens (${viewport})`);
      expect(admin.problems()).toEqual([]);
      await admin.close();
    }
  });
});
