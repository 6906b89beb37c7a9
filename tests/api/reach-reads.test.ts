/**
 * Issue 43, item 6: reads are scoped to the caller's reach, on both databases. An account that is
 * no administrator sees its own change sets only (never another's command line), and when limited
 * to some languages only their entries about its languages' rows; a link job is seen only by
 * accounts reaching every language it may touch; the trash is administrators' alone, list and
 * restore. A refusal names nothing the caller may not see.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { startApi, type ApiHarness } from './harness.ts';
import { apiToken, callsAs, invitedMember } from './team-members.ts';

type Loose = Kysely<Record<string, Record<string, unknown>>>;

describe.each(DIALECTS)('reads within reach (%s)', (dialect) => {
  let api: ApiHarness;
  const ids = { english: 0, spanish: 0, stage: 0, enGroup: 0, esGroup: 0 };
  /** Access tokens: editor of English, viewer of English, editor of every language, viewer. */
  const who = { enEditor: '', enViewer: '', allEditor: '', viewer: '', biEditor: '' };
  let biEditorId = 0;
  const adminSet = randomUUID();
  const SECRET_COMMAND = 'argus-words import spanish.csv --note "for the board only"';

  const created = async (path: string, body: object, token = api.token, headers = {}) => {
    const res = await callsAs(api, token).post(path, body, headers);
    if (res.status !== 201 && res.status !== 200)
      throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Record<string, unknown>;
  };
  const changeSetHeaders = (id: string, command: string) => ({
    'X-Change-Set': id,
    'X-Change-Set-Command': encodeURIComponent(command),
  });

  beforeAll(async () => {
    api = await startApi(dialect);
    ids.english = (await created('languages/cms', { language: 'English' })).id as number;
    ids.spanish = (await created('languages/cms', { language: 'Spanish' })).id as number;
    ids.stage = (await created('stages/cms', { letterCount: 5, number: 1 })).id as number;
    ids.enGroup = (
      await created('letter-groups/cms', { letters: 'stone', languageId: ids.english, stageId: ids.stage })
    ).id as number;
    ids.esGroup = (
      await created('letter-groups/cms', { letters: 'perro', languageId: ids.spanish, stageId: ids.stage })
    ).id as number;
    who.enEditor = (await invitedMember(api, 'en-editor', 'editor', [ids.english])).token;
    who.enViewer = (await invitedMember(api, 'en-viewer', 'viewer', [ids.english])).token;
    who.allEditor = (await invitedMember(api, 'all-editor', 'editor')).token;
    who.viewer = (await invitedMember(api, 'viewer', 'viewer')).token;
    const bi = await invitedMember(api, 'bi-editor', 'editor', [ids.english, ids.spanish]);
    [who.biEditor, biEditorId] = [bi.token, bi.id];
    // The administrator's run, with a command line of its own, over both languages.
    await created(
      'words/cms/bulk',
      {
        rows: [
          { letters: 'notes', languageId: ids.english },
          { letters: 'perro', languageId: ids.spanish },
        ],
      },
      api.token,
      changeSetHeaders(adminSet, SECRET_COMMAND),
    );
  });
  afterAll(async () => api?.close());

  it("shows an editor its own change sets only: another account's is not found, command line and all", async () => {
    const own = randomUUID();
    await created(
      'words/cms/bulk',
      { rows: [{ letters: 'tones', languageId: ids.english }] },
      who.enEditor,
      changeSetHeaders(own, 'en import'),
    );
    for (const token of [who.enEditor, who.allEditor, who.enViewer, who.viewer]) {
      const list = await callsAs(api, token).get('change-sets/cms/search?size=100');
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.body)).not.toContain('for the board only');
      expect(list.body.content.map((c: { id: string }) => c.id)).toEqual(token === who.enEditor ? [own] : []);
      for (const path of [adminSet, `${adminSet}/entries`]) {
        const hidden = await callsAs(api, token).get(`change-sets/cms/${path}`);
        expect(hidden.status, path).toBe(404);
        expect(hidden.body.message).toBe(`Change set ${adminSet} not found`);
      }
    }
    // Undoing it is as unknown: nothing changes.
    const before = (await api.get('words/cms/search?size=100')).body.totalElements;
    const undo = await callsAs(api, who.allEditor).post(`change-sets/cms/${adminSet}/undo`, {});
    expect(undo.status).toBe(404);
    expect((await api.get('words/cms/search?size=100')).body.totalElements).toBe(before);
    expect((await callsAs(api, who.enEditor).get(`change-sets/cms/${own}`)).body).toMatchObject({
      id: own,
      command: 'en import',
      counts: { created: 1 },
    });
    // The administrator sees every account's, and the username filter still narrows.
    const all = await api.get('change-sets/cms/search?size=100');
    expect(all.body.content.map((c: { id: string }) => c.id)).toEqual([own, adminSet]);
    expect((await api.get(`change-sets/cms/${adminSet}`)).body.command).toBe(SECRET_COMMAND);
    expect((await api.get('change-sets/cms/search?username=en-editor')).body.totalElements).toBe(1);
  });

  it('an API token of an account sees that account’s change sets; an administrator token all', async () => {
    const viewerToken = await apiToken(api, api.token, { name: 'reader', permissions: 'viewer' });
    const adminId = (await api.get('accounts/cms/me')).body.userId as number;
    // The token's owner is the administrator, but the token itself is a viewer: its owner's only.
    const list = await callsAs(api, viewerToken.token).get('change-sets/cms/search?size=100');
    expect(list.body.content.map((c: { id: string }) => c.id)).toContain(adminSet);
    expect(list.body.content.every((c: { userId: number }) => c.userId === adminId)).toBe(true);
    expect(list.body.totalElements).toBeLessThan(
      (await api.get('change-sets/cms/search')).body.totalElements,
    );
    const adminToken = await apiToken(api, api.token, { name: 'auditor', permissions: 'administrator' });
    expect(
      (await callsAs(api, adminToken.token).get('change-sets/cms/search?size=100')).body.totalElements,
    ).toBe((await api.get('change-sets/cms/search?size=100')).body.totalElements);
  });

  it('an account narrowed since sees only the entries of its own change set within its languages', async () => {
    const mixed = randomUUID();
    await created(
      'words/cms/bulk',
      {
        rows: [
          { letters: 'stoat', languageId: ids.english },
          { letters: 'gatos', languageId: ids.spanish },
        ],
      },
      who.biEditor,
      changeSetHeaders(mixed, 'both'),
    );
    expect(
      (await callsAs(api, who.biEditor).get(`change-sets/cms/${mixed}/entries`)).body.totalElements,
    ).toBe(2);
    expect((await api.put(`accounts/cms/${biEditorId}`, { languages: [ids.english] })).status).toBe(200);
    const entries = await callsAs(api, who.biEditor).get(`change-sets/cms/${mixed}/entries`);
    expect(entries.status).toBe(200);
    expect(
      entries.body.content.map((e: { changes: { letters: { to: string } } }) => e.changes.letters.to),
    ).toEqual(['stoat']);
    expect(JSON.stringify(entries.body)).not.toContain('gatos');
  });

  it('lists and finds a link job only for accounts reaching every language it may touch', async () => {
    const finished = async (id: number) => {
      for (;;) {
        const job = (await api.get(`letter-groups/cms/link-jobs/${id}`)).body as { status: string };
        if (!['queued', 'running'].includes(job.status)) return job;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const start = async (token: string, where: object) => {
      const res = await callsAs(api, token).post('letter-groups/cms/link-jobs', { where });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      await finished(res.body.id as number);
      return res.body as { id: number; languages: number[] | null };
    };
    const spanishJob = await start(api.token, { languageId: ids.spanish });
    const everyJob = await start(api.token, {});
    const englishJob = await start(who.enEditor, {});
    expect([spanishJob.languages, everyJob.languages, englishJob.languages]).toEqual([
      [ids.spanish],
      null,
      [ids.english],
    ]);
    const listed = async (token: string) =>
      (await callsAs(api, token).get('letter-groups/cms/link-jobs')).body.content.map(
        (j: { id: number }) => j.id,
      );
    expect(await listed(who.enEditor)).toEqual([englishJob.id]);
    expect(await listed(who.enViewer)).toEqual([englishJob.id]);
    expect(await listed(who.allEditor)).toEqual([englishJob.id, everyJob.id, spanishJob.id]);
    for (const hidden of [spanishJob.id, everyJob.id]) {
      const res = await callsAs(api, who.enEditor).get(`letter-groups/cms/link-jobs/${hidden}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(`Link job ${hidden} not found`);
    }
    expect(
      (await callsAs(api, who.enEditor).get(`letter-groups/cms/link-jobs/${englishJob.id}`)).status,
    ).toBe(200);

    // One job at a time: the refusal names the running job only to whoever may see it.
    const db = api.database.db as unknown as Loose;
    const running = await db
      .insertInto('jobs')
      .values({
        kind: 'link-build',
        status: 'running',
        params: JSON.stringify({ where: {} }),
        languages: null,
        username: 'admin',
        createdAt: new Date(api.clock.now).toISOString(),
        updatedAt: new Date(api.clock.now).toISOString(),
        owner: 'elsewhere/1/abc',
        leaseUntil: new Date(api.clock.now + 3_600_000).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const limited = await callsAs(api, who.enEditor).post('letter-groups/cms/link-jobs', { where: {} });
      expect(limited.status).toBe(409);
      expect(limited.body.message).toBe(
        'A link job is still running: wait for it to finish before starting another.',
      );
      const admin = await api.post('letter-groups/cms/link-jobs', { where: {} });
      expect(admin.body.message).toBe(
        `Link job ${String(running.id)} is still running: wait for it to finish before starting another.`,
      );
    } finally {
      await db
        .updateTable('jobs')
        .set({ status: 'interrupted', leaseUntil: null })
        .where('id', '=', running.id)
        .execute();
    }
  });

  it('keeps the trash to administrators: list and restore, whoever else asks', async () => {
    const word = await created('words/cms', { letters: 'onset', languageId: ids.english });
    expect((await api.del(`words/cms/${String(word.id)}`)).status).toBe(200);
    const trash = await api.get('trash/cms/search?entity=words');
    const entry = (trash.body.content as Array<{ id: number; entityId: number }>).find(
      (e) => e.entityId === word.id,
    )!;
    expect(entry).toBeDefined();
    const readerToken = await apiToken(api, api.token, { name: 'trash reader', permissions: 'editor' });
    for (const token of [who.enEditor, who.enViewer, who.allEditor, who.viewer, readerToken.token]) {
      const list = await callsAs(api, token).get('trash/cms/search');
      expect(list.status).toBe(403);
      expect(list.body.message).toMatch(
        /^Your (account|token) may not use the trash: only administrators may/,
      );
      const restore = await callsAs(api, token).post(`trash/cms/${entry.id}/restore`);
      expect(restore.status).toBe(403);
    }
    expect((await api.get(`words/cms/${String(word.id)}`)).status).toBe(404);
    const adminToken = await apiToken(api, api.token, { name: 'trash keeper', permissions: 'administrator' });
    expect((await callsAs(api, adminToken.token).get('trash/cms/search')).status).toBe(200);
    expect((await api.post(`trash/cms/${entry.id}/restore`)).status).toBe(200);
    expect((await api.get(`words/cms/${String(word.id)}`)).body.letters).toBe('onset');
  });
});
