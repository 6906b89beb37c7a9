/**
 * Issue 13's "done when", as one content manager's day in the panel, never in a terminal: import a
 * dictionary, build and apply the links of a stage's letter groups, compose a level and see it is
 * solvable before saving, find every unsolvable level from the home, undo a wrong bulk edit.
 *
 * One flow, two users: the browser test runs it (every wait is an assertion: it fails when the
 * screen does not say what a person would read), and `scripts/walkthrough.ts` runs the same steps to
 * take the walkthrough's screenshots in docs/panel.md, so the docs show what the test proves.
 */
import type { Page } from 'playwright-core';
import { hydrated } from './login.ts';
import { apiSearch, dialog, idle, open, PANEL } from './entities-harness.ts';
import { followNavbarLink } from './navbar.ts';

/** Called at each step worth a picture: a file name and what it shows. */
export type Shot = (name: string, caption: string) => Promise<void>;

/** The French dictionary the manager uploads (one word a line), with one line that is not a word. */
export const FRENCH_WORDS = [
  'aimer',
  'aime',
  'amie',
  'rame',
  'rime',
  'mire',
  'mare',
  'maire',
  'ami',
  'mer',
  'air',
  'porte',
  'port',
  'pore',
  'trop',
  'tore',
  'pot',
  'top',
  'chien',
  'niche',
  'chine',
  'hein',
];
/** Letter groups of stage 1 (five letters) that French gets. */
export const FRENCH_GROUPS = ['aimer', 'porte', 'chien'];

export interface DayContext {
  page: Page;
  baseUrl: string;
  shot: Shot;
}

async function proxy(page: Page, baseUrl: string, method: string, path: string, data?: unknown) {
  const response = await page.request.fetch(`${PANEL}/api/${path}`, {
    method,
    headers: { 'X-Argus-CSRF': '1', Origin: baseUrl },
    ...(data === undefined ? {} : { data }),
  });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown> & { id: number };
}

/**
 * What exists before the day starts: French (in the demo content, inactive and empty) made active,
 * and the three letter groups of stage 1 its designers chose, added in their forms.
 */
export async function prepareFrench(page: Page, baseUrl: string): Promise<{ french: number; stage: number }> {
  const french = (await apiSearch(page, 'languages', { language: 'French' })).content[0]!;
  const stage = (await apiSearch(page, 'stages', { number: '1' })).content[0]!;
  await proxy(page, baseUrl, 'PUT', `languages/cms/${String(french.id)}`, {
    language: 'French',
    isActive: true,
  });
  for (const letters of FRENCH_GROUPS)
    await proxy(page, baseUrl, 'POST', 'letter-groups/cms', {
      letters,
      languageId: french.id,
      stageId: stage.id,
    });
  return { french: Number(french.id), stage: Number(stage.id) };
}

/** Step 1: the dictionary, uploaded, previewed (one line refused, with its reason) and applied. */
export async function importDictionary({ page, shot }: DayContext, french: number): Promise<void> {
  await open(page, '');
  await followNavbarLink(page, 'Import');
  await page.getByRole('heading', { level: 1, name: 'Import' }).waitFor();
  await hydrated(page);
  await page.getByRole('option', { name: 'French' }).waitFor({ state: 'attached' });
  await page.getByLabel('Language').selectOption(String(french));
  await page.getByLabel('File', { exact: true }).setInputFiles({
    name: 'francais.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(`${FRENCH_WORDS.join('\n')}\nl'eau\n`),
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  await page
    .locator('[data-import-counts]')
    .filter({ hasText: `Would create ${FRENCH_WORDS.length}, would update 0, unchanged 0, rejected 1.` })
    .waitFor();
  await shot(
    '1-import-preview',
    'The dry-run preview of a French word list: 22 words to create, one line refused',
  );
  await page.getByRole('button', { name: 'Apply' }).click();
  await page
    .getByRole('status')
    .filter({
      hasText: `Import applied: Created ${FRENCH_WORDS.length}, updated 0, unchanged 0, rejected 1.`,
    })
    .waitFor();
}

/** Step 2: from the stage's letter groups in the list, one link job for all of them, to its result. */
export async function buildLinks({ page, shot }: DayContext, french: number, stage: number): Promise<void> {
  await open(page, `letter-group?stageId=${stage}&languageId=${french}`);
  await page.getByRole('link', { name: 'Build links for these letter groups' }).click();
  await page.waitForURL((url) => url.pathname === `${PANEL}/letter-group/links`);
  await hydrated(page);
  await page.getByText(`${FRENCH_GROUPS.length} letter groups match`).waitFor();
  await page.getByRole('button', { name: `Start linking ${FRENCH_GROUPS.length} letter groups` }).click();
  await page.waitForURL((url) => url.searchParams.has('job'));
  await page.locator('[data-job-status="done"]').waitFor();
  await page
    .getByText(new RegExp(`${FRENCH_GROUPS.length} letter groups linked, \\d+ links created`))
    .first()
    .waitFor();
  await idle(page);
  await shot('2-link-job', 'A link job for the three French letter groups of stage 1, finished');
}

/** The level the manager composes in step 3. */
export const LEVEL_HINT = 'Premiers mots';

const workbench = (page: Page) => page.locator('#workbench [data-testid="solvability"]');

/** Waits for the workbench's verdict on the values now in the form. */
async function verdict(page: Page, value: 'solvable' | 'too-few-words' | 'unsolvable') {
  await workbench(page).locator(`[data-verdict="${value}"]`).waitFor();
  await page.locator('#workbench[aria-busy="false"]').waitFor();
}

/**
 * Step 3: a new level of French, stage 1, with the three letter groups picked in the workbench: its
 * verdict live while the condition is composed, before anything is saved; saved with its links.
 */
export async function composeLevel(
  { page, shot }: DayContext,
  groups: ReadonlyArray<{ id: number; letters: string }>,
) {
  const field = (label: string) => page.locator('main form').getByLabel(label, { exact: true });
  await open(page, 'level/add');
  await field('Hint').fill(LEVEL_HINT);
  await field('Stage').selectOption({ label: '5 letters' });
  await field('Language').selectOption({ label: 'French' });
  const picker = page.getByRole('combobox', { name: 'Letter groups to judge with' });
  for (const group of groups) {
    await picker.fill(group.letters);
    await page.getByRole('option', { name: `#${group.id} ${group.letters}` }).click();
    await page
      .getByRole('list', { name: 'Chosen: Letter groups to judge with' })
      .getByText(`#${group.id} ${group.letters}`)
      .waitFor();
  }
  // "chien" builds four words (chien, niche, chine, hein): six are too many, four will do.
  await field('Number of words').fill('6');
  await verdict(page, 'too-few-words');
  await page.locator('#workbench').scrollIntoViewIfNeeded();
  await shot(
    '3-workbench-too-few',
    'Composing a level: six words are more than letter group "chien" can give',
  );
  await field('Number of words').fill('4');
  await verdict(page, 'solvable');
  await shot('3-workbench-solvable', 'Four words: solvable with every letter group, before saving');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((url) => url.pathname === `${PANEL}/level`);
  await idle(page);
}

/** Step 5: from the home's unsolvable levels to the level list that shows all of them. */
export async function findUnsolvable({ page, shot }: DayContext): Promise<void> {
  await open(page, '');
  const finding = page.locator('section.health [data-finding="unsatisfiable-level"]');
  // Right after a change the home may show the last findings, saying the checks are running again:
  // a manager reloads a moment later.
  for (let tries = 0; !(await finding.isVisible()) && tries < 30; tries++) {
    await page.waitForTimeout(1000);
    await page.reload();
    await hydrated(page);
  }
  await finding.waitFor();
  // The line under the welcome names them first and leads to them, below the spec's cards.
  await page
    .getByTestId('attention')
    .getByRole('link', { name: /content findings?$/ })
    .click();
  await page.waitForURL((url) => url.hash === '#findings');
  // The page scrolls there smoothly: the picture waits until it has stopped.
  await page.waitForFunction(
    () => {
      const seen = window as unknown as { lastScrollY?: number };
      const still = seen.lastScrollY === window.scrollY;
      seen.lastScrollY = window.scrollY;
      return still && window.scrollY > 0;
    },
    undefined,
    { polling: 100 },
  );
  await shot('5-home-findings', 'The home: content health with its unsolvable levels');
  await finding.getByRole('link', { name: /^Show all \d+ unsolvable levels$/ }).click();
  await page.waitForURL(
    (url) => url.pathname === `${PANEL}/level` && url.searchParams.get('solvable') === 'no',
  );
  await idle(page);
  await shot('5-unsolvable-levels', 'The level list filtered to the levels players cannot finish');
}

/** Step 4, the wrong bulk edit: every French word made inactive, from the word list filtered by language. */
export async function wrongBulkEdit({ page, shot }: DayContext, french: number): Promise<void> {
  const count = FRENCH_WORDS.length;
  await open(page, `word?languageId=${french}`);
  await page.getByRole('checkbox', { name: 'Select every word on this page' }).check();
  await page.getByRole('button', { name: `Select all ${count} matching words` }).click();
  await page.getByLabel('Field to set').selectOption({ label: 'Active' });
  await page.getByLabel('New Active').selectOption({ label: 'No' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await dialog(page).getByRole('button', { name: 'Yes', exact: true }).click();
  await page.getByText(`${count} words updated.`).waitFor();
  await shot('4-wrong-bulk-edit', `The wrong bulk edit: all ${count} French words made inactive`);
}

/** Step 6: the bulk edit found under Changes, its plan read, undone as one unit. */
export async function undoBulkEdit({ page, shot }: DayContext): Promise<void> {
  const count = FRENCH_WORDS.length;
  await open(page, '');
  await followNavbarLink(page, 'Changes');
  await page.waitForURL((url) => url.pathname === `${PANEL}/changes`);
  await idle(page);
  const edit = page.locator('article[data-change-set]').filter({ hasText: 'bulk update words' }).first();
  await edit.getByRole('link', { name: /bulk update words/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Change set' }).waitFor();
  await hydrated(page);
  await page.getByRole('button', { name: 'Undo…' }).click();
  await page.getByText(`${count} rows get their earlier values back.`).waitFor();
  await shot(
    '6-undo-plan',
    'Its change set, with the plan of the undo: every word gets its earlier value back',
  );
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await dialog(page).getByRole('button', { name: 'Undo', exact: true }).click();
  const undone = page
    .getByRole('status')
    .filter({ hasText: `Change set undone: ${count} rows got their earlier values back.` });
  await undone.waitFor();
  await page.locator('h1').scrollIntoViewIfNeeded();
  await shot('6-undone', 'Undone as one unit; the undo is a change set of its own');
}
