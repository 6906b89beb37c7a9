import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { createFixture, insertPlayer, startApi, type ApiHarness, type Fixture } from './harness.ts';

/** `POST {resource}/cms/bulk-update` and `bulk-delete`: many rows per request, by ids or filters. */
describe.each(DIALECTS)('bulk edits by ids or filters (%s)', (dialect) => {
  let api: ApiHarness;
  let f: Fixture;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    api = await startApi(dialect);
    f = await createFixture(api);
    for (const letters of ['fizz', 'buzz', 'jazz', 'puzzle']) {
      const res = await api.post('words/cms', { letters, languageId: f.english });
      ids[letters] = res.body.id as number;
    }
    // puzzle is built by the letter group: deleting it must be refused.
    expect(
      (await api.post('letter-group-words/cms', { letterGroupId: f.group, wordId: ids.puzzle })).status,
    ).toBe(201);
  });
  afterAll(async () => api?.close());

  const letters = async (query: string) =>
    ((await api.get(`words/cms/search/?size=100&${query}`)).body.content as Array<{ letters: string }>).map(
      (w) => w.letters,
    );
  const auditCount = async () =>
    (await api.get('audit/cms/search/?entity=words&action=update')).body.totalElements as number;

  it('shows the plan in a dry run and writes nothing', async () => {
    const before = await auditCount();
    const res = await api.post('words/cms/bulk-update', {
      where: { letters: 'ZZ' },
      set: { isActive: false },
      dryRun: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dryRun: true, matched: 4, changed: 4, unchanged: 0, refused: 0 });
    expect(res.body.sample[0]).toEqual({ id: ids.fizz, changes: { isActive: { from: true, to: false } } });
    expect(await letters('isActive=false')).toEqual([]);
    expect(await auditCount()).toBe(before);
  });

  it('updates every matching row with one audit entry each; rows already right are unchanged', async () => {
    const before = await auditCount();
    const first = await api.post('words/cms/bulk-update', { ids: [ids.fizz], set: { isActive: false } });
    expect(first.body).toMatchObject({ changed: 1, unchanged: 0 });
    const res = await api.post('words/cms/bulk-update', {
      where: { letters: 'zz', languageId: f.english },
      set: { isActive: false },
    });
    expect(res.body).toMatchObject({ dryRun: false, matched: 4, changed: 3, unchanged: 1, refused: 0 });
    expect(await letters('isActive=false')).toEqual(['fizz', 'buzz', 'jazz', 'puzzle']);
    expect(await auditCount()).toBe(before + 4);
  });

  it('refuses a row whose natural key would clash, names missing ids, and goes on with the rest', async () => {
    const res = await api.post('words/cms/bulk-update', {
      ids: [ids.jazz, ids.buzz, 99999],
      set: { letters: 'razz' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ matched: 2, changed: 1, refused: 2 });
    expect(res.body.refusals).toEqual([
      { id: 99999, reason: 'Word 99999 not found' },
      { id: ids.jazz, reason: expect.stringMatching(/already exists/) },
    ]);
    expect(await letters('letters=razz')).toEqual(['razz']);
  });

  it('deletes by filter, refusing a word still linked, with what links it', async () => {
    const res = await api.post('words/cms/bulk-delete', { where: { letters: 'zz', isActive: false } });
    expect(res.body).toMatchObject({ matched: 4, changed: 3, refused: 1 });
    expect(res.body.refusals[0]).toEqual({
      id: ids.puzzle,
      reason: expect.stringMatching(
        /^Word \d+ is still used by 1 letter group-word; delete or change those first$/,
      ),
    });
    expect(await letters('letters=zz')).toEqual(['puzzle']);
  });

  it('a player deleted already is counted unchanged by a second bulk delete, not changed', async () => {
    const player = await insertPlayer(api, { username: 'gone-twice' });
    const first = await api.post('users/cms/bulk-delete', { ids: [player] });
    expect(first.body).toMatchObject({ matched: 1, changed: 1, unchanged: 0 });
    const second = await api.post('users/cms/bulk-delete', { ids: [player] });
    expect(second.body).toMatchObject({ changed: 0, refused: 0 });
    const deletes = await api.get(`audit/cms/search/?entity=users&entityId=${player}&action=delete`);
    expect(deletes.body.totalElements).toBe(1);
  });

  it('works through many chunks in one request', async () => {
    await sql`insert into words (letters, language_id)
      select 'many' || ${dialect === 'sqlite' ? sql`substr('0000' || i, -4)` : sql`right('0000' || i, 4)`}, ${f.spanish}
      from (${dialect === 'sqlite' ? sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 2500) select i from n` : sql`select generate_series(1, 2500) as i`}) as numbers`.execute(
      api.database.db,
    );
    const res = await api.post('words/cms/bulk-update', {
      where: { letters: 'many' },
      set: { isActive: false },
    });
    expect(res.body).toMatchObject({ matched: 2500, changed: 2500 });
    expect((await api.get('words/cms/search/?letters=many&isActive=true')).body.totalElements).toBe(0);
    const gone = await api.post('words/cms/bulk-delete', { where: { letters: 'many' } });
    expect(gone.body).toMatchObject({ matched: 2500, changed: 2500, refused: 0 });
  });

  it('answers 400 with a reason for what it cannot do', async () => {
    const cases: Array<[string, object, RegExp]> = [
      ['bulk-update', { where: {}, set: { isActive: false } }, /where names no condition.*allRows: true/],
      [
        'bulk-update',
        { where: { colour: 'red' }, set: { isActive: false } },
        /colour is not a filter of Words/,
      ],
      ['bulk-update', { where: { letters: 'a' }, set: { colour: 'red' } }, /colour/],
      ['bulk-update', { where: { letters: 'a' }, set: {} }, /set names no field/],
      ['bulk-update', { ids: [1], where: { letters: 'a' }, set: { isActive: true } }, /not both/],
      ['bulk-delete', {}, /name the rows/],
      ['bulk-delete', { where: { page: 2 } }, /not page/],
    ];
    for (const [path, body, message] of cases) {
      const res = await api.post(`words/cms/${path}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect(
      (
        await api.post('words/cms/bulk-update', {
          where: {},
          allRows: true,
          set: { isActive: true },
          dryRun: true,
        })
      ).status,
    ).toBe(200);
    expect((await api.post('audit/cms/bulk-delete', { ids: [1] })).status).toBe(404);
  });
});
