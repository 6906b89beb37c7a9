/**
 * `npx tsx scripts/screenshots.ts [--dark] [OUT_DIR]`: the panel screenshots of docs/panel.md, taken
 * with playwright-core in Debian's Chromium at 1280×800 against the real app on a temporary
 * database with the demo content (the home's first screen and its content health, the navbar's
 * Design menu, a list and a form, the history of a word and the trash), plus a list at 390×844 as
 * cards and the phone's open Menu.
 * Writes docs/screenshots/*.png unless told another folder. Builds first when the build is stale.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startTestApp } from '../tests/helpers/app.ts';
import { chromiumPath, VIEWPORTS } from '../tests/helpers/browser.ts';
import { hydrated, logInThroughBrowser, scanQrCode } from '../tests/panel/login.ts';
import { openDatabase } from '../server/db/database.ts';
import { databaseRows, plantDifficulty } from '../tests/helpers/difficulty-plant.ts';
import { ensureBuild, ROOT } from './bench/server.ts';

const PANEL = '/argusma-words-panel';
const dark = process.argv.includes('--dark');
const outDir = path.resolve(
  process.argv.slice(2).find((a) => !a.startsWith('--')) ?? path.join(ROOT, 'docs/screenshots'),
);
const suffix = dark ? '-dark' : '';

async function shoot(page: Page, pathname: string, file: string, fullPage = false) {
  await page.goto(pathname);
  await hydrated(page);
  await page.getByText('Loading...', { exact: true }).waitFor({ state: 'detached' });
  await page.screenshot({ path: path.join(outDir, `${file}${suffix}.png`), fullPage });
  console.log(`${file}${suffix}.png ← ${pathname}`);
}

ensureBuild();
mkdirSync(outDir, { recursive: true });
const app = await startTestApp({ DEMO_CONTENT: 'true' });
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: ['--headless', '--no-sandbox'],
});
try {
  await app.listen();
  const colorScheme = dark ? 'dark' : 'light';
  const desktop = await browser.newContext({ baseURL: app.url, ...VIEWPORTS.desktop, colorScheme });
  const page = await desktop.newPage();
  await logInThroughBrowser(page, await scanQrCode(app.url, 'admin', 'correct-horse-battery-staple'));
  await shoot(page, `${PANEL}/`, 'panel-home');
  // Below the cards: the content health, its findings, activity and charts.
  await page
    .locator('section.health')
    .screenshot({ path: path.join(outDir, `panel-home-health${suffix}.png`) });
  console.log(`panel-home-health${suffix}.png ← the home's content health`);
  // The navbar with one of our tools' menus open.
  await page.getByRole('navigation', { name: 'Admin' }).locator('summary', { hasText: 'Design' }).click();
  await page.screenshot({
    path: path.join(outDir, `panel-menu${suffix}.png`),
    clip: { x: 0, y: 0, width: 1280, height: 220 },
  });
  console.log(`panel-menu${suffix}.png ← the Design menu open`);
  await shoot(page, `${PANEL}/level`, 'panel-list');
  await shoot(page, `${PANEL}/level/update/1`, 'panel-form');
  // The link builder of a new group of stage 1 (demo groups are linked already).
  const headers = { 'X-Argus-CSRF': '1', Origin: app.url };
  for (const letters of ['trace', 'spine', 'later', 'notes']) {
    const res = await page.request.post(`${PANEL}/api/letter-groups/cms`, {
      headers,
      data: { letters, languageId: 1, stageId: 1 },
    });
    if (!res.ok()) continue;
    await shoot(page, `${PANEL}/letter-group/${String((await res.json()).id)}/links`, 'panel-link-builder');
    break;
  }
  // History and undo: an edit and a delete through the panel's proxy, so both screens show them.
  const write = async (method: string, pathname: string, data?: object) =>
    (await page.request
      .fetch(`${PANEL}/api/${pathname}`, {
        method,
        headers: { 'X-Argus-CSRF': '1', Origin: app.url },
        ...(data ? { data } : {}),
      })
      .then((r) => r.json())) as { id: number };
  const word = await write('POST', 'words/cms', { letters: 'zebra', languageId: 1 });
  await write('PUT', `words/cms/${word.id}`, { letters: 'zebras', isActive: false });
  const gone = await write('POST', 'words/cms', { letters: 'quokka', languageId: 1 });
  await write('DELETE', `words/cms/${gone.id}`);
  await shoot(page, `${PANEL}/audit?entity=words&entityId=${word.id}`, 'panel-history');
  await shoot(page, `${PANEL}/trash`, 'panel-trash');
  // The Difficulty screen of a stage whose players' results the game wrote (the tests' planted
  // stage: level 7 much harder than its neighbours, players stop at level 12).
  const database = await openDatabase({ dataDir: app.config.dataDir, databaseUrl: null });
  try {
    await plantDifficulty(databaseRows(database), { languageId: 1, stageNumber: 90, prefix: 'player' });
  } finally {
    await database.close();
  }
  await shoot(page, `${PANEL}/difficulty?stage=90&language=1`, 'panel-difficulty', true);
  const phone = await browser.newContext({ baseURL: app.url, ...VIEWPORTS.phone, colorScheme });
  await phone.addCookies(await desktop.cookies());
  const phonePage = await phone.newPage();
  await shoot(phonePage, `${PANEL}/word`, 'panel-list-phone');
  // The folded navbar: one Menu button holding every screen.
  await phonePage.getByRole('navigation', { name: 'Admin' }).locator('summary', { hasText: 'Menu' }).click();
  await phonePage.screenshot({ path: path.join(outDir, `panel-menu-phone${suffix}.png`) });
  console.log(`panel-menu-phone${suffix}.png ← the phone's Menu open`);
} finally {
  await browser.close();
  await app.stop();
}
