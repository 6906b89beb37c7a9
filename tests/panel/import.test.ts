/**
 * Import in the browser (issue 13) in Chromium against the real app with the demo content: a word
 * list for a language previews what it creates, the line it rejects (with the reason) and the line
 * that repeats another (saying which), Apply writes the words; a levels CSV export with one edited
 * cell previews the `old → new` update and Apply writes it; a file that is not UTF-8 gets one
 * message and changes nothing. At 1280×800 and 390×844, axe clean.
 */
import { request } from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { csvLine, parseCsv } from '../../shared/import/csv.ts';
import { MAX_FILE_BYTES } from '../../shared/import/records.ts';
import { describeBrowser, expectNoAxeViolations, type PageIssue } from '../helpers/browser.ts';
import { apiSearch, open, openAt, PANEL, startPanel, type PanelHarness } from './entities-harness.ts';
import { followNavbarLink } from './navbar.ts';

// The non-UTF-8 upload is refused on purpose (400), and Chromium logs the failed request.
const refusedUpload = (issue: PageIssue) => /\b400\b/.test(issue.text) && /imports|resource/.test(issue.text);

describeBrowser('admin panel: import in the browser', () => {
  let panel: PanelHarness;

  beforeAll(async () => {
    panel = await startPanel();
  }, 60_000);
  afterAll(async () => panel?.close());

  const upload = async (page: Page, name: string, content: Buffer | string) => {
    await page.getByLabel('File', { exact: true }).setInputFiles({
      name,
      mimeType: 'application/octet-stream',
      buffer: Buffer.isBuffer(content) ? content : Buffer.from(content),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
  };
  const counts = (page: Page) => page.locator('[data-import-counts]');

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`${viewport}: a word list previews created, rejected and repeated lines, Apply writes the words`, async () => {
      const session = await openAt(panel, viewport, refusedUpload);
      const { page } = session;
      try {
        const language = (await apiSearch(page, 'languages', { size: '1' })).content[0]!;
        await open(page, 'import');
        await page.getByRole('heading', { level: 1, name: 'Import' }).waitFor();
        await page.getByRole('option', { name: String(language.language) }).waitFor({ state: 'attached' });
        await page.getByLabel('Language').selectOption(String(language.id));
        const words = viewport === 'desktop' ? ['quokkas', 'numbats'] : ['wombats', 'dingoes'];
        await upload(page, 'list.txt', `${words[0]}\n${words[1]}\nab3c\n${words[0]}\n`);
        await counts(page)
          .filter({ hasText: 'Would create 2, would update 0, unchanged 0, rejected 1.' })
          .waitFor();
        const rejected = page.locator('tr[data-import-row="rejected"]');
        expect(await rejected.getByRole('cell').first().textContent()).toBe('3');
        expect(await rejected.getByRole('cell').nth(2).textContent()).toMatch(/^"ab3c" /);
        // The repeated line is said, with the line it repeats, and is not created twice.
        const skipped = page.locator('tr[data-import-row="skipped"]');
        expect(await skipped.getByRole('cell').allTextContents()).toEqual([
          '4',
          'Skipped',
          `"${words[0]}" duplicate of line 1`,
        ]);
        const created = page.locator('tr[data-import-row="created"]');
        expect(await created.count()).toBe(2);
        // Fields by their labels, the language by its name as the lists show it (its id on hover).
        expect(await created.first().getByRole('cell').nth(2).textContent()).toBe(
          `Letters: ${words[0]}; Language: ${String(language.language)}`,
        );
        expect(await created.first().locator(`[title="Language ${language.id}"]`).count()).toBe(1);
        await expectNoAxeViolations(page, `import preview (${viewport})`);

        await page.getByRole('button', { name: 'Apply' }).click();
        await page
          .getByRole('status')
          .filter({ hasText: 'Import applied: Created 2, updated 0, unchanged 0, rejected 1.' })
          .waitFor();
        for (const letters of words) {
          const found = (await apiSearch(page, 'words', { letters })).content;
          expect(found.map((w) => [w.letters, w.languageId])).toContainEqual([letters, language.id]);
        }
        await expectNoAxeViolations(page, `import applied (${viewport})`);

        // The same list again: nothing to create, the words are there already.
        await page.reload();
        await open(page, 'import');
        await page.getByRole('option', { name: String(language.language) }).waitFor({ state: 'attached' });
        await page.getByLabel('Language').selectOption(String(language.id));
        await upload(page, 'list.txt', `${words[0]}\n${words[1]}\n`);
        await counts(page)
          .filter({ hasText: 'Would create 0, would update 0, unchanged 2, rejected 0.' })
          .waitFor();
        expect(await page.getByRole('button', { name: 'Apply' }).count()).toBe(0);
      } finally {
        await session.close();
      }
    }, 60_000);
  }

  it('desktop: a levels CSV export with one edit previews old → new, Apply writes it', async () => {
    const session = await openAt(panel, 'desktop', refusedUpload);
    const { page } = session;
    try {
      const exported = await page.request.get(`${PANEL}/api/levels/cms/export?format=csv&sort=id`);
      expect(exported.ok()).toBe(true);
      const [header, first, ...rest] = parseCsv(await exported.text());
      const timeAt = header!.cells.indexOf('time');
      const idAt = header!.cells.indexOf('id');
      expect(timeAt).toBeGreaterThanOrEqual(0);
      const id = Number(first!.cells[idAt]);
      const before = Number(first!.cells[timeAt]);
      const after = before === 86_400 ? before - 1 : before + 1;
      first!.cells[timeAt] = String(after);
      const csv = [header!, first!, ...rest].map((record) => csvLine(record.cells)).join('\n');

      // Reached from the navbar's Design menu.
      await open(page, '');
      await followNavbarLink(page, 'Import');
      await page.getByRole('heading', { level: 1, name: 'Import' }).waitFor();
      await page.getByLabel('Table export').check();
      await page.getByRole('option', { name: 'Levels', exact: true }).waitFor({ state: 'attached' });
      await page.getByLabel('Table', { exact: true }).selectOption('levels');
      await upload(page, 'levels.csv', csv);
      await counts(page)
        .filter({ hasText: `Would create 0, would update 1, unchanged ${rest.length}, rejected 0.` })
        .waitFor();
      const updated = page.locator('tr[data-import-row="updated"]');
      expect(await updated.getByRole('cell').nth(1).textContent()).toBe(`Update #${id}`);
      expect(await updated.getByRole('cell').nth(2).textContent()).toBe(`Time: ${before} → ${after}`);
      await expectNoAxeViolations(page, 'levels import preview');

      await page.getByRole('button', { name: 'Apply' }).click();
      const done = page.getByRole('status').filter({ hasText: 'Import applied: Created 0, updated 1' });
      await done.waitFor();
      const level = (await (await page.request.get(`${PANEL}/api/levels/cms/${id}`)).json()) as {
        time: number;
      };
      expect(level.time).toBe(after);
      // The import's writes are one change set, named in the message and in the audit entry.
      const changeSet = /Change set ([0-9a-f-]{36})\./.exec((await done.textContent()) ?? '')?.[1];
      expect(changeSet).toBeDefined();
      const audit = await page.request.get(
        `${PANEL}/api/audit/cms/search/?${new URLSearchParams({ page: '0', entity: 'levels', entityId: String(id) })}`,
      );
      const entries = ((await audit.json()) as { content: Array<{ changeSetId: string | null }> }).content;
      expect(entries.map((entry) => entry.changeSetId)).toContain(changeSet);
    } finally {
      await session.close();
    }
  }, 60_000);

  it('desktop: the preview pages its rows; a file of the wrong shape gets one message', async () => {
    const session = await openAt(panel, 'desktop', refusedUpload);
    const { page } = session;
    try {
      await open(page, 'import');
      await page.getByRole('option').first().waitFor({ state: 'attached' });
      // 55 rejected lines: 50 on the first page, 5 on the second.
      const lines = Array.from({ length: 55 }, (_, i) => `bad${i + 1}`);
      await upload(page, 'bad.txt', lines.join('\n'));
      await counts(page).filter({ hasText: 'rejected 55.' }).waitFor();
      expect(await page.locator('tr[data-import-row]').count()).toBe(50);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Page 2 of 2', { exact: true }).waitFor();
      expect(await page.locator('tr[data-import-row] td:first-child').allTextContents()).toEqual([
        '51',
        '52',
        '53',
        '54',
        '55',
      ]);
      expect(await page.getByRole('button', { name: 'Apply' }).count()).toBe(0);

      // A levels file whose header names no field of levels refuses the whole file.
      await page.getByLabel('Table export').check();
      await page.getByLabel('Table', { exact: true }).selectOption('levels');
      await upload(page, 'levels.csv', 'colour,flavour\nred,sweet\n');
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(
        /^Error: Unknown column "colour": the fields of levels are id, /,
      );
      expect(await counts(page).count()).toBe(0);
      await expectNoAxeViolations(page, 'import of the wrong shape');
    } finally {
      await session.close();
    }
  }, 60_000);

  it('an upload bigger than the import limit is refused before it is read; no session or CSRF, no import', async () => {
    const cookie = (await panel.session.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const url = new URL(`${PANEL}/imports/?words=1&languageId=1&name=huge.txt`, panel.app.url);
    // The declared length says it all: the answer comes before any of the body is sent.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(url, {
        method: 'POST',
        headers: {
          Cookie: cookie,
          'X-Argus-CSRF': '1',
          Origin: panel.app.url,
          'Content-Type': 'application/octet-stream',
          'Content-Length': String(MAX_FILE_BYTES + 1),
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      message: 'The file is too big (more than 512 MB): split it.',
    });
    // Without a session there is nothing to import with; without the CSRF header, no write at all.
    const headers = { 'X-Argus-CSRF': '1', Origin: panel.app.url };
    const anonymous = await fetch(url, { method: 'POST', headers, body: 'word\n' });
    expect([anonymous.status, await anonymous.json()]).toEqual([401, { message: 'Log in to import.' }]);
    const forged = await fetch(url, { method: 'POST', headers: { Cookie: cookie }, body: 'word\n' });
    expect(forged.status).toBe(403);
  });

  it('phone: a file that is not UTF-8 gets one clear message and changes nothing', async () => {
    const session = await openAt(panel, 'phone', refusedUpload);
    const { page } = session;
    try {
      const language = (await apiSearch(page, 'languages', { size: '1' })).content[0]!;
      await open(page, 'import');
      await page.getByRole('option', { name: String(language.language) }).waitFor({ state: 'attached' });
      // "café" in Latin-1 on line 2: the é is one byte that UTF-8 never starts a character with.
      await upload(page, 'latin1.txt', Buffer.from('plain\ncaf\xe9\n', 'latin1'));
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe(
        'Error: latin1.txt is not UTF-8 text (line 2): save it as UTF-8 and try again',
      );
      expect(await counts(page).count()).toBe(0);
      expect(
        (await apiSearch(page, 'words', { letters: 'plain' })).content.map((w) => w.letters),
      ).not.toContain('plain');
      await expectNoAxeViolations(page, 'import refused');
    } finally {
      await session.close();
    }
  }, 60_000);

  it('desktop: an Apply that stops part-way says how far it got, and the same file again writes the rest', async () => {
    const { page } = panel;
    // 3,000 words: the panel writes 2,500 per request, so the first request lands before the failure.
    const words = Array.from(
      { length: 3000 },
      (_, i) => `zzh${i.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!)}`,
    );
    const file = path.join(panel.app.config.dataDir, 'argus-words.sqlite');
    const language = (await apiSearch(page, 'languages', { size: '1' })).content[0]!;
    await open(page, 'import');
    await page.getByRole('option', { name: String(language.language) }).waitFor({ state: 'attached' });
    await page.getByLabel('Language').selectOption(String(language.id));
    await upload(page, 'part.txt', words.join('\n'));
    await counts(page).filter({ hasText: 'Would create 3000,' }).waitFor();
    // A real failure of the database on a row of the second request.
    const db = new Database(file);
    db.exec(
      `CREATE TRIGGER doomed BEFORE INSERT ON words WHEN NEW.letters = '${words[2800]}' ` +
        `BEGIN SELECT RAISE(ABORT, 'disk on fire'); END`,
    );
    db.close();
    try {
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('alert').filter({ hasText: 'Error: The import stopped: try again.' }).waitFor();
      const stopped = page.locator('[data-import-stopped]');
      expect(await stopped.textContent()).toMatch(
        /^The import stopped after writing 2,500 of 3,000 rows \(change set [0-9a-f-]{36}: undo it there\)\. Upload the file again to write the rest/,
      );
      expect(await stopped.getByRole('link').getAttribute('href')).toMatch(new RegExp(`^${PANEL}/changes/`));
      expect(await page.getByRole('button', { name: 'Apply' }).count()).toBe(0);
    } finally {
      const cleanup = new Database(file);
      cleanup.exec('DROP TRIGGER doomed');
      cleanup.close();
    }
    await upload(page, 'part.txt', words.join('\n'));
    await counts(page)
      .filter({ hasText: 'Would create 500, would update 0, unchanged 2500, rejected 0.' })
      .waitFor();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('status').filter({ hasText: 'Import applied: Created 500,' }).waitFor();
    expect(panel.session.problems().filter((p) => !/\b502\b/.test(p))).toEqual([]);
  }, 90_000);
});
