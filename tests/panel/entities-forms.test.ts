/**
 * The add and edit forms and the deletes of the panel in a real browser against the real server
 * with demo content (SPEC §2 "Forms", §5, §8): every entity's create, edit (with the confirmation
 * where the spec has one) and delete, the exact validation and success messages, a refused delete,
 * loading errors, foreign keys picked from related records, and unsaved changes guarded.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, formatAxeViolations, runAxe } from '../helpers/browser.ts';
import {
  apiSearch,
  dialog,
  idle,
  open,
  PANEL,
  rowWith,
  tableRows,
  waitForQuery,
} from './entities-harness.ts';
import { usePanel } from './entities-harness.ts';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const field = (page: Page, label: string) => page.locator('main form').getByLabel(label, { exact: true });
const save = (page: Page) => page.getByRole('button', { name: 'Save' }).click();
const filter = (page: Page, label: string) => page.getByRole('search').getByLabel(label, { exact: true });

/** The green success message, or the red error, as the screen shows it. */
async function expectMessage(page: Page, text: string, kind: 'success' | 'danger'): Promise<void> {
  const message = page.locator(`.text-${kind}`).filter({ hasText: text });
  await message.first().waitFor();
  expect(await message.first().textContent()).toBe(text);
  // A delete's message shows while the list reloads ('Loading...' in the same render): let it end.
  await idle(page);
}

async function expectFieldError(page: Page, text: string): Promise<void> {
  await page.locator('.invalid-feedback').getByText(text, { exact: true }).waitFor();
}

async function confirm(page: Page, answer: 'Yes' | 'No'): Promise<void> {
  await dialog(page).getByRole('heading', { name: 'Are you sure?' }).waitFor();
  await dialog(page).getByRole('button', { name: answer, exact: true }).click();
  await dialog(page).waitFor({ state: 'detached' });
}

/** Opens the edit form of the row holding `text` and waits for it. */
async function edit(page: Page, row: Locator, title: string): Promise<void> {
  await row.getByRole('link', { name: /^Edit/ }).click();
  await heading(page, title).waitFor();
  await idle(page);
}

async function saveAndReturn(page: Page, list: string, answer?: 'Yes'): Promise<void> {
  await save(page);
  if (answer) await confirm(page, answer);
  await page.waitForURL((url) => url.pathname === `${PANEL}/${list}`);
  await idle(page);
}

async function remove(page: Page, row: Locator, confirmFirst: boolean): Promise<void> {
  await row.getByRole('button', { name: /^Delete/ }).click();
  if (confirmFirst) await confirm(page, 'Yes');
  await idle(page);
}

describeBrowser('the panel forms', () => {
  const panel = usePanel();

  it('languages: add, edit with confirmation, delete, with their exact messages', async () => {
    const { page } = panel;
    await open(page, 'language');
    await page.getByRole('link', { name: 'Add New' }).click();
    await heading(page, 'Add Language').waitFor();
    expect(await field(page, 'Active').isChecked()).toBe(true);
    await field(page, 'Language').fill('   ');
    await save(page);
    await expectFieldError(page, 'Language name is required');
    // A name already taken: the server's answer is shown, the form stays.
    await field(page, 'Language').fill('English');
    await save(page);
    await expectMessage(
      page,
      'Error: Failed to add language. Please try again. A language with language "English" already exists (id 1)',
      'danger',
    );
    await field(page, 'Language').fill('Klingon');
    await saveAndReturn(page, 'language');
    await expectMessage(page, 'Language created successfully', 'success');

    await edit(page, rowWith(page, 'Klingon'), 'Edit Language');
    expect(await field(page, 'Language').inputValue()).toBe('Klingon');
    expect(await field(page, 'ID').getAttribute('readonly')).not.toBeNull();
    await field(page, 'Language').fill('');
    await save(page);
    await expectFieldError(page, 'Language name is required.');
    await field(page, 'Language').fill('Klingon II');
    await save(page);
    await confirm(page, 'No');
    expect(page.url()).toContain('/language/update/');
    await saveAndReturn(page, 'language', 'Yes');
    await expectMessage(page, 'Language updated successfully', 'success');

    await remove(page, rowWith(page, 'Klingon II'), true);
    await expectMessage(page, 'Language deleted successfully', 'success');
    expect(await rowWith(page, 'Klingon').count()).toBe(0);
  });

  it('a delete refused because other rows refer to the record says what refers to it', async () => {
    const { page } = panel;
    await open(page, 'language?language=English');
    const before = await tableRows(page);
    await remove(page, rowWith(page, 'English'), true);
    await expectMessage(page, (await page.locator('.text-danger').first().textContent())!, 'danger');
    const text = await page.locator('.text-danger').first().textContent();
    expect(text).toMatch(/^Error: Language \d+ is still used by .*words?.*; delete or change those first$/);
    expect(await tableRows(page)).toEqual(before);
  });

  it('stages: required fields, add, edit, delete', async () => {
    const { page } = panel;
    await open(page, 'stage/add');
    await save(page);
    await expectFieldError(page, 'Letter Count is required');
    await expectFieldError(page, 'Number is required');
    await field(page, 'Letters').fill('nine letters');
    await field(page, 'Letter Count').fill('9');
    await field(page, 'Number').fill('77');
    await saveAndReturn(page, 'stage');
    await expectMessage(page, 'Stage created successfully', 'success');

    await filter(page, 'Number').fill('77');
    await waitForQuery(page, (p) => p.get('number') === '77');
    await edit(page, rowWith(page, '77'), 'Edit Stage');
    await field(page, 'Letter Count').fill('8');
    await saveAndReturn(page, 'stage', 'Yes');
    await expectMessage(page, 'Stage updated successfully', 'success');
    await open(page, 'stage?number=77');
    expect((await tableRows(page))[0]).toEqual(['Yes', '8', '77']);
    await remove(page, rowWith(page, '77'), true);
    await expectMessage(page, 'Stage deleted successfully', 'success');
    expect(await tableRows(page)).toEqual([]);
  });

  it('words: required fields, the language chosen by name, add, edit, delete', async () => {
    const { page } = panel;
    await open(page, 'word/add');
    await save(page);
    await expectFieldError(page, 'Letters is required');
    await expectFieldError(page, 'Language is required');
    await field(page, 'Letters').fill('  Zyzzyva ');
    await field(page, 'Language').selectOption({ label: 'English' });
    await saveAndReturn(page, 'word');
    await expectMessage(page, 'Word created successfully', 'success');

    await open(page, 'word?letters=zyzzyva');
    expect((await tableRows(page))[0]?.slice(0, 2)).toEqual(['Yes', 'zyzzyva']);
    await edit(page, rowWith(page, 'zyzzyva'), 'Edit Word');
    await field(page, 'Letters').fill('zyzzyvas');
    await saveAndReturn(page, 'word', 'Yes');
    await expectMessage(page, 'Word updated successfully', 'success');
    await open(page, 'word?letters=zyzzyvas');
    await remove(page, rowWith(page, 'zyzzyvas'), true);
    await expectMessage(page, 'Word deleted successfully', 'success');
  });

  it('letter groups: letters, language and stage required; add, edit, delete', async () => {
    const { page } = panel;
    await open(page, 'letter-group/add');
    await save(page);
    for (const message of ['Letters is required', 'Language is required', 'Stage is required']) {
      await expectFieldError(page, message);
    }
    // As many letters as the stage's letter count (5), so no length warning is asked.
    await field(page, 'Letters').fill('Q, Z, X, J, K');
    await field(page, 'Language').selectOption({ label: 'English' });
    await field(page, 'Stage').selectOption({ index: 1 });
    await saveAndReturn(page, 'letter-group');
    await expectMessage(page, 'Letter group created successfully', 'success');

    await open(page, 'letter-group?letters=qzxjk');
    await edit(page, rowWith(page, 'qzxjk'), 'Edit Letter Group');
    await field(page, 'Letters').fill('qzxjv');
    await saveAndReturn(page, 'letter-group', 'Yes');
    await expectMessage(page, 'Letter group updated successfully', 'success');
    await open(page, 'letter-group?letters=qzxjv');
    await remove(page, rowWith(page, 'qzxjv'), true);
    await expectMessage(page, 'Letter group deleted successfully', 'success');
  });

  it('levels: stage by its letters, the check condition composed live and parsed back', async () => {
    const { page } = panel;
    await open(page, 'level/add');
    expect(await field(page, 'Time').inputValue()).toBe('60');
    await save(page);
    await expectMessage(page, 'Error: Please select a valid stage and language.', 'danger');

    const stages = await apiSearch(page, 'stages');
    const stage = stages.content[0]!;
    await field(page, 'Hint').fill('Browser test level');
    await field(page, 'Stage').selectOption({ label: String(stage.letters) });
    await field(page, 'Language').selectOption({ label: 'English' });
    await field(page, 'Number of words').fill('7');
    await field(page, 'Required Letter?').check();
    expect(await field(page, 'Required Letter').inputValue()).toBe('first');
    expect(await page.locator('main output').textContent()).toBe('words::7::sameCharStart');
    await saveAndReturn(page, 'level');
    await expectMessage(page, 'Level created successfully', 'success');

    await open(page, 'level?hint=Browser+test+level');
    const [row] = await tableRows(page);
    expect(row?.[5]).toBe('Yes');
    expect(row?.[7]).toBe('words::7::sameCharStart');
    expect(row?.[9]).toBe(String(stage.id));
    await edit(page, rowWith(page, 'Browser test level'), 'Edit Level');
    expect(await field(page, 'Number of words').inputValue()).toBe('7');
    expect(await field(page, 'Required Letter?').isChecked()).toBe(true);
    await field(page, 'Required Letter').selectOption('last');
    await field(page, 'Each word starts with the last letter of the one before').check();
    expect(await page.locator('main output').textContent()).toBe('words::7::endIsStart');
    await saveAndReturn(page, 'level', 'Yes');
    await expectMessage(page, 'Level updated successfully', 'success');
    await open(page, 'level?hint=Browser+test+level');
    expect((await tableRows(page))[0]?.[7]).toBe('words::7::endIsStart');
    await remove(page, rowWith(page, 'Browser test level'), true);
    await expectMessage(page, 'Level deleted successfully', 'success');
  });

  it('users: e-mail and username validated, role choices, edit and (soft) delete', async () => {
    const { page } = panel;
    await open(page, 'user?username=anna');
    await edit(page, rowWith(page, 'anna'), 'Edit User');
    expect(await field(page, 'Role').locator('option').allTextContents()).toEqual([
      'None selected',
      'common',
      'admin',
    ]);
    expect(await field(page, 'Email').getAttribute('type')).toBe('email');
    await field(page, 'Email').fill('not-an-email');
    await field(page, 'Username').fill('');
    await save(page);
    await expectFieldError(page, 'Email must be an e-mail address');
    await expectFieldError(page, 'Username is required');
    await field(page, 'Email').fill('anna.new@example.com');
    await field(page, 'Username').fill('anna.wordsmith');
    await saveAndReturn(page, 'user', 'Yes');
    await expectMessage(page, 'User updated successfully', 'success');
    await open(page, 'user?username=anna');
    expect((await tableRows(page))[0]?.[1]).toBe('anna.new@example.com');

    await remove(page, rowWith(page, 'anna'), true);
    await expectMessage(page, 'User deleted successfully', 'success');
    expect((await tableRows(page))[0]?.[18]).toMatch(/UTC$/);
  });

  it('user-levels: ids read-only, saved and deleted without confirmation or message', async () => {
    const { page } = panel;
    await open(page, 'user-level');
    const row = page.locator('main table tbody tr').first();
    const id = (await row.getByRole('link', { name: /^Edit/ }).textContent())!.replace(/\D/g, '');
    await edit(page, row, 'Edit User-Level');
    expect(await field(page, 'Level').getAttribute('readonly')).not.toBeNull();
    expect(await field(page, 'User').getAttribute('readonly')).not.toBeNull();
    await field(page, 'Valid Words').fill('4242');
    await saveAndReturn(page, 'user-level');
    expect(await dialog(page).count()).toBe(0);
    expect(await page.locator('.text-success').count()).toBe(0);
    expect(await rowWith(page, '4242').count()).toBe(1);

    await remove(page, rowWith(page, '4242'), false);
    expect(await dialog(page).count()).toBe(0);
    expect(await page.getByRole('link', { name: `Edit user-level ${id}`, exact: true }).count()).toBe(0);
    expect(await page.locator('.text-success').count()).toBe(0);
  });

  it('link tables: the letter group picked by searching, the fixed id read-only', async () => {
    const { page } = panel;
    const created = await page.request.post(`${PANEL}/api/letter-groups/cms`, {
      headers: { 'X-Argus-CSRF': '1', Origin: panel.app.url },
      data: { letters: 'jqvwx', languageId: 1, stageId: 1 },
    });
    expect(created.status()).toBe(201);
    const group = (await created.json()) as { id: number };

    // Letter Group-Level: picked with the mouse, saved after the confirmation, then deleted.
    await open(page, 'letter-group-level');
    await edit(page, page.locator('main table tbody tr').first(), 'Edit Letter Group-Level');
    expect(await field(page, 'Level').getAttribute('readonly')).not.toBeNull();
    await field(page, 'Letter Group').fill('jqvw');
    await page.getByRole('option', { name: `#${group.id} jqvwx` }).click();
    await field(page, 'Used').click();
    await saveAndReturn(page, 'letter-group-level', 'Yes');
    await expectMessage(page, 'Letter Group-Level updated successfully', 'success');
    await open(page, `letter-group-level?letterGroupId=${group.id}`);
    expect((await tableRows(page)).length).toBe(1);
    await remove(page, rowWith(page, 'jqvwx'), true);
    await expectMessage(page, 'Letter Group-Level deleted successfully', 'success');

    // Letter Group-Word: no delete; picked with the keyboard, saved without confirmation.
    await open(page, 'letter-group-word');
    expect(await page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await edit(page, page.locator('main table tbody tr').first(), 'Edit Letter Group-Word');
    expect(await field(page, 'Word').getAttribute('readonly')).not.toBeNull();
    await field(page, 'Letter Group').fill(String(group.id));
    await page.getByRole('option', { name: `#${group.id} jqvwx` }).waitFor();
    await field(page, 'Letter Group').press('Enter');
    expect(await field(page, 'Letter Group').inputValue()).toBe(`#${group.id} jqvwx`);
    await saveAndReturn(page, 'letter-group-word');
    expect(await dialog(page).count()).toBe(0);
    await expectMessage(page, 'Letter Group-Word updated successfully', 'success');
    await open(page, `letter-group-word?letterGroupId=${group.id}`);
    expect((await tableRows(page)).length).toBe(1);
  });

  it('an edit form that cannot load its record says so in place of the form', async () => {
    const { page } = panel;
    await open(page, 'language/update/999999');
    const error = page.getByRole('alert').filter({ hasText: 'Error loading language:' });
    expect(await error.textContent()).toMatch(/^Error loading language: .+/);
    expect(await page.locator('main form').count()).toBe(0);
    await open(page, 'user/update/999999');
    expect(await page.getByRole('alert').filter({ hasText: 'Error loading user:' }).count()).toBe(1);
  });

  it('a form with unsaved changes asks before navigating away', async () => {
    const { page } = panel;
    await open(page, 'language');
    await edit(page, rowWith(page, 'Spanish'), 'Edit Language');
    await field(page, 'Language').fill('Español');
    const wordLink = page.getByRole('navigation').getByRole('link', { name: 'Word', exact: true });
    await wordLink.click();
    await dialog(page).getByRole('heading', { name: 'Leave without saving?' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Stay' }).click();
    expect(page.url()).toContain('/language/update/');
    expect(await field(page, 'Language').inputValue()).toBe('Español');
    await wordLink.click();
    await dialog(page).getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((url) => url.pathname === `${PANEL}/word`);
  });

  it('a form passes axe-core with no violations, errors shown', async () => {
    const { page } = panel;
    await open(page, 'letter-group/add');
    await save(page);
    await expectFieldError(page, 'Letters is required');
    const violations = await runAxe(page);
    expect(violations, formatAxeViolations(violations)).toEqual([]);
  });

  it('logged no unexpected errors or CSP violations', () => {
    expect(panel.session.problems()).toEqual([]);
  });
});
