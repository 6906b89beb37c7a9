/**
 * Change sets through the panel proxy (issue 13): a bulk action's writes sent with one change set
 * are one unit the panel lists and shows; its undo goes through the proxy as a dry-run plan, a
 * refusal naming the row changed since, a forced undo recorded as its own change set, and a second
 * undo refused. A bulk delete's undo creates the rows again with their ids. The screens render on
 * the server.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { CSRF, PANEL, panelCookie, readPanelAuth, testClock, totpCode } from './helpers.ts';

describe('panel proxy: change sets and their undo', () => {
  const clock = testClock();
  let app: TestApp;
  let cookie: string;
  let languageId: number;
  /** Two more languages, to move words to (a value someone can change again afterwards). */
  let moved: number;
  let movedAgain: number;

  beforeAll(async () => {
    app = await startTestApp({}, { clock: clock.now });
    const http = request(app.handler);
    const login = await http
      .post(`${PANEL}/session/login`)
      .set(CSRF)
      .send({ username: 'admin', password: 'correct-horse-battery-staple' });
    const pending = await readPanelAuth(app, panelCookie(login)!);
    const verify = await http
      .post(`${PANEL}/session/verify-otp`)
      .set(CSRF)
      .set('Cookie', panelCookie(login)!)
      .send({ otp: totpCode(pending!.qrCodeUrl!, clock.now()) });
    expect(verify.status).toBe(200);
    cookie = panelCookie(verify)!;
    const language = async (name: string) => {
      const res = await api('post', 'languages/cms').send({ language: name });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    languageId = await language('Undoable');
    moved = await language('Moved');
    movedAgain = await language('Moved again');
  });
  afterAll(async () => app?.stop());

  const api = (method: 'get' | 'post' | 'put' | 'delete', path: string) =>
    request(app.handler)[method](`${PANEL}/api/${path}`).set(CSRF).set('Cookie', cookie);
  /** A write of a panel action: its change set's id and command, as the browser sends them. */
  const inChangeSet = (method: 'post' | 'put', path: string, id: string, command: string) =>
    api(method, path).set('X-Change-Set', id).set('X-Change-Set-Command', encodeURIComponent(command));
  const newWords = async (letters: string[]) => {
    const ids: number[] = [];
    for (const word of letters) {
      const res = await api('post', 'words/cms').send({ letters: word, languageId, isActive: true });
      expect(res.status).toBe(201);
      ids.push(res.body.id as number);
    }
    return ids;
  };
  const word = async (id: number) => (await api('get', `words/cms/${id}`)).body as Record<string, unknown>;

  it('a bulk update is one change set; undo plans, refuses a row changed since, then forces and is final', async () => {
    const ids = await newWords(['alpha', 'bravo', 'charlie', 'delta']);
    const id = randomUUID();
    const command = `panel: bulk update words where languageId=${languageId} (4 rows) set languageId=${moved}`;
    const edit = await inChangeSet('post', 'words/cms/bulk-update', id, command).send({
      where: { languageId },
      set: { languageId: moved },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.changed).toBe(4);
    // The proxy relays how many entries the request added to the change set.
    expect(edit.headers['x-change-set-recorded']).toBe('4');

    const listed = await api('get', 'change-sets/cms/search/?username=admin&page=0&size=5');
    expect(listed.status).toBe(200);
    expect(listed.body.content[0]).toMatchObject({
      id,
      command,
      username: 'admin',
      counts: { created: 0, updated: 4, deleted: 0 },
      undoneBy: null,
    });
    const entries = await api('get', `change-sets/cms/${id}/entries?page=0&size=10`);
    expect(entries.body.content.map((e: { entityId: number }) => e.entityId).sort()).toEqual(ids);
    expect(entries.body.content[0].changes.languageId).toEqual({ from: languageId, to: moved });

    // Someone changes one of the rows afterwards: the plan refuses it, naming the change.
    const put = await api('put', `words/cms/${ids[0]}`).send({
      isActive: true,
      letters: 'alpha',
      languageId: movedAgain,
    });
    expect(put.status).toBe(200);
    const plan = await api('post', `change-sets/cms/${id}/undo`).send({ dryRun: true });
    expect(plan.status).toBe(200);
    expect(plan.body).toMatchObject({ dryRun: true, changed: 3, refused: 1, changeSet: null });
    expect(plan.body.plan).toEqual({ recreated: 0, restored: 3, deleted: 0 });
    expect(plan.body.refusals[0].reason).toMatch(
      new RegExp(
        `^Word ${ids[0]} changed since: languageId is now ${movedAgain}, the change set left ${moved} \\(last changed by admin at `,
      ),
    );
    expect((await word(ids[1]!)).languageId).toBe(moved); // a dry run changes nothing

    const own = randomUUID();
    const undo = await inChangeSet(
      'post',
      `change-sets/cms/${id}/undo`,
      own,
      `panel: undo ${id} --force`,
    ).send({
      force: true,
    });
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({ complete: true, changeSet: own, refused: 0 });
    expect(undo.body.plan.restored).toBe(4);
    for (const wordId of ids) expect((await word(wordId)).languageId).toBe(languageId);

    const undone = await api('get', `change-sets/cms/${id}`);
    expect(undone.body).toMatchObject({ undoneBy: own });
    expect((await api('get', `change-sets/cms/${own}`)).body).toMatchObject({
      undoes: id,
      command: `panel: undo ${id} --force`,
    });
    const again = await api('post', `change-sets/cms/${id}/undo`).send({});
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(
      new RegExp(`^Change set ${id} was already undone by change set ${own}`),
    );
  });

  it('a bulk delete undone creates the rows again with their ids', async () => {
    const ids = await newWords(['echo', 'foxtrot']);
    const id = randomUUID();
    const gone = await inChangeSet('post', 'words/cms/bulk-delete', id, 'panel: bulk delete words').send({
      ids,
    });
    expect(gone.status).toBe(200);
    expect((await api('get', `words/cms/${ids[0]}`)).status).toBe(404);
    const plan = await api('post', `change-sets/cms/${id}/undo`).send({ dryRun: true });
    expect(plan.body.plan).toEqual({ recreated: 2, restored: 0, deleted: 0 });
    const undo = await api('post', `change-sets/cms/${id}/undo`).send({});
    expect(undo.body).toMatchObject({ complete: true, changed: 2 });
    expect((await word(ids[0]!)).letters).toBe('echo');
    expect((await word(ids[1]!)).letters).toBe('foxtrot');
  });

  it('renders the change-set screens on the server: the list, one with its entries, 404 for an unknown one', async () => {
    const [wordId] = await newWords(['golf']);
    const id = randomUUID();
    const command = 'panel: bulk update words ids 1 (1 row) set isActive=false';
    await inChangeSet('post', 'words/cms/bulk-update', id, command)
      .send({ ids: [wordId], set: { isActive: false } })
      .expect(200);
    const page = (path: string) => request(app.handler).get(`${PANEL}/${path}`).set('Cookie', cookie);
    const list = await page('changes?username=admin');
    expect(list.status).toBe(200);
    expect(list.text).toContain(`data-change-set="${id}"`);
    expect(list.text).toContain(command);
    const one = await page(`changes/${id}`);
    expect(one.status).toBe(200);
    expect(one.text).toContain('1 entry, in the order written.');
    // React marks where adjacent texts meet with empty comments.
    expect(one.text.replaceAll('<!-- -->', '')).toContain(`Updated Word ${wordId}`);
    expect((await page(`changes/${randomUUID()}`)).status).toBe(404);
    expect((await page('changes/not-a-uuid')).status).toBe(404);
  });

  it('refuses change-set calls the panel never makes', async () => {
    const id = randomUUID();
    expect((await api('get', `change-sets/cms/${id}/undo`)).status).toBe(404);
    expect((await api('delete', `change-sets/cms/${id}`)).status).toBe(404);
    expect((await api('get', `change-sets/cms/${id.toUpperCase()}`)).status).toBe(404);
    const missing = await api('get', `change-sets/cms/${id}`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(`Change set ${id} not found`);
  });
});
