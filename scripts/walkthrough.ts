/**
 * `npx tsx scripts/walkthrough.ts [OUT_DIR]`: the walkthrough screenshots of docs/panel.md ("A content
 * manager's day"), taken at 1280×800 in Debian's Chromium while the steps of
 * tests/panel/content-managers-day.ts run against the real app on a temporary database with the
 * demo content: the same steps its browser test proves. Writes docs/walkthrough/*.png unless told
 * another folder, and prints each file with its caption. Builds first when the build is stale.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startTestApp } from '../tests/helpers/app.ts';
import { chromiumPath, VIEWPORTS } from '../tests/helpers/browser.ts';
import { logInThroughBrowser, scanQrCode } from '../tests/panel/login.ts';
import * as day from '../tests/panel/content-managers-day.ts';
import { ensureBuild, ROOT } from './bench/server.ts';

const outDir = path.resolve(process.argv[2] ?? path.join(ROOT, 'docs/walkthrough'));

ensureBuild();
mkdirSync(outDir, { recursive: true });
const app = await startTestApp({ DEMO_CONTENT: 'true' });
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: ['--headless', '--no-sandbox'],
});
try {
  await app.listen();
  const context = await browser.newContext({ baseURL: app.url, ...VIEWPORTS.desktop });
  const page = await context.newPage();
  await logInThroughBrowser(page, await scanQrCode(app.url, 'admin', 'correct-horse-battery-staple'));
  const shot: day.Shot = async (name, caption) => {
    await page.screenshot({ path: path.join(outDir, `${name}.png`) });
    console.log(`${name}.png: ${caption}`);
  };
  const ctx: day.DayContext = { page, baseUrl: app.url, shot };
  const { french, stage } = await day.prepareFrench(page, app.url);
  await day.importDictionary(ctx, french);
  await day.buildLinks(ctx, french, stage);
  const groups = await page.request
    .get(`/argusma-words-panel/api/letter-groups/cms/search?page=0&languageId=${french}`)
    .then(async (r) => ((await r.json()) as { content: Array<{ id: number; letters: string }> }).content);
  await day.composeLevel(ctx, groups);
  await day.wrongBulkEdit(ctx, french);
  await day.findUnsolvable(ctx);
  await day.undoBulkEdit(ctx);
} finally {
  await browser.close();
  await app.stop();
}
