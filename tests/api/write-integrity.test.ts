/**
 * Issue 43's reproductions, each as it was reported, on both databases: every one is refused
 * (403, 409 or 404) and changes nothing — no row, no history entry, no trash entry. The property
 * test (tests/reliability/write-integrity.property.test.ts) holds the same promises for every
 * request it can generate; these name the attacks that once broke them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { auditSince, changedRows, changedTeam, snapshot } from './write-integrity/snapshot.ts';
import { startWorld, type Caller, type World } from './write-integrity/world.ts';

describe.each(DIALECTS)('refused writes change nothing, on %s', (dialect) => {
  let world: World;
  let as: (name: string) => Caller;
  const ids = { enWord: 0, esWord: 0, enLink: 0, esLevel: 0, esGroups: [] as number[], admin2: 0 };
  beforeAll(async () => {
    world = await startWorld(dialect);
    as = (name) => world.callers.find((c) => c.name === name)!;
    const db = world.database.db;
    const { english, spanish } = world.languages;
    const word = (languageId: number) =>
      db
        .selectFrom('words')
        .select('id')
        .where('languageId', '=', languageId)
        .orderBy('id')
        .executeTakeFirstOrThrow();
    ids.enWord = (await word(english)).id;
    ids.esWord = (await word(spanish)).id;
    ids.enLink = (
      await db
        .selectFrom('letterGroupWords')
        .innerJoin('words', 'words.id', 'letterGroupWords.wordId')
        .select('letterGroupWords.id')
        .where('words.languageId', '=', english)
        .executeTakeFirstOrThrow()
    ).id;
    ids.esLevel = (
      await db.selectFrom('levels').select('id').where('languageId', '=', spanish).executeTakeFirstOrThrow()
    ).id;
    ids.esGroups = (
      await db.selectFrom('letterGroups').select('id').where('languageId', '=', spanish).execute()
    ).map((g) => g.id);
    ids.admin2 = (
      await db.selectFrom('users').select('id').where('username', '=', 'admin-2').executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => world?.close());

  /** Sends the request and asserts its status, and that the database holds what it held before. */
  const refused = async (
    caller: string,
    method: string,
    path: string,
    body: unknown,
    status: number,
    headers: Record<string, string> = {},
  ) => {
    const before = await snapshot(world.database);
    const answer = await world.send(
      as(caller),
      method,
      path,
      body === undefined ? undefined : JSON.stringify(body),
      headers,
    );
    expect(answer.status, answer.text).toBe(status);
    const after = await snapshot(world.database);
    expect(changedRows(before, after).map((c) => `${c.entity.resource} ${c.id}`)).toEqual([]);
    expect(changedTeam(before, after)).toEqual([]);
    expect(await auditSince(world.database, before.auditTop)).toEqual([]);
    expect(after.trashTop).toBe(before.trashTop);
    return (answer.body as { message: string }).message;
  };

  it('1. an English-only token cannot change a Spanish word, however the language is written', async () => {
    const token = 'editor-en-token';
    const { spanish } = world.languages;
    const letters = (
      await world.database.db
        .selectFrom('words')
        .select('letters')
        .where('id', '=', ids.esWord)
        .executeTakeFirstOrThrow()
    ).letters;
    for (const row of [
      { letters, languageId: String(spanish), isActive: false },
      { letters, languageId: { language: 'Spanish' }, isActive: false },
      { letters, idLanguage: String(spanish), isActive: false },
      { letters, languageId: spanish, isActive: false },
    ]) {
      const message = await refused(token, 'POST', 'words/cms/bulk', { rows: [row] }, 403);
      expect(message).toMatch(/^Your token may edit English words only; nothing was changed/);
    }
    // Moving its own row into Spanish, by a bulk row and by the form.
    await refused(
      token,
      'POST',
      'words/cms/bulk',
      { rows: [{ id: ids.enWord, languageId: String(spanish) }] },
      403,
    );
    await refused(token, 'PUT', `words/cms/${ids.enWord}`, { idLanguage: String(spanish) }, 403);
    // Repointing its own link at a Spanish word.
    await refused(
      token,
      'POST',
      'letter-group-words/cms/bulk',
      { rows: [{ id: ids.enLink, wordId: String(ids.esWord) }] },
      403,
    );
    // A Spanish level.
    await refused(token, 'POST', 'levels/cms/bulk', { rows: [{ id: ids.esLevel, hint: 'taken' }] }, 403);
    await refused(token, 'PUT', `levels/cms/${ids.esLevel}`, { hint: 'taken' }, 403);
  });

  it('2. a token limited to a language cannot rename a stage, which every language shares', async () => {
    const message = await refused(
      'editor-en-token',
      'POST',
      'stages/cms/bulk',
      { rows: [{ number: 1, letters: 'X', letterCount: 5 }] },
      403,
    );
    expect(message).toMatch(/may not change stages: they are shared by every language/);
  });

  it("3. another account's change set is a 409 before anything, for a bulk delete and a bulk upsert", async () => {
    const set = randomUUID();
    const own = await world.send(
      as('admin-2'),
      'POST',
      'words/cms/bulk',
      JSON.stringify({ rows: [{ letters: 'tea', languageId: world.languages.english, isActive: true }] }),
      { 'x-change-set': set },
    );
    expect(own.status, own.text).toBe(200);
    await world.send(
      as('admin-2'),
      'POST',
      'words/cms/bulk',
      JSON.stringify({ rows: [{ letters: 'tea', languageId: world.languages.english, isActive: false }] }),
      { 'x-change-set': set },
    );
    const header = { 'x-change-set': set };
    const message = await refused(
      'editor-all',
      'POST',
      'words/cms/bulk-delete',
      { ids: [ids.enWord] },
      409,
      header,
    );
    expect(message).toMatch(/belongs to another admin or has been undone/);
    await refused(
      'editor-all',
      'POST',
      'words/cms/bulk',
      { rows: [{ id: ids.enWord, isActive: false }] },
      409,
      header,
    );
    await refused('administrator', 'DELETE', `words/cms/${ids.enWord}`, undefined, 409, header);
  });

  it('4. no API token changes a panel account, and users/cms leaves accounts to the Team', async () => {
    const account = `users/cms/${ids.admin2}`;
    for (const body of [{ isActive: false }, { username: 'renamed' }, { role: 'common' }]) {
      const message = await refused('admin-token', 'PUT', account, body, 403);
      expect(message).toMatch(/is a panel account: a token cannot change accounts/);
      await refused('admin-token', 'POST', 'users/cms/bulk', { rows: [{ id: ids.admin2, ...body }] }, 200);
    }
    await refused('admin-token', 'DELETE', account, undefined, 403);
    // An administrator in person is pointed to the Team, where the last administrator is kept.
    const message = await refused('administrator', 'PUT', account, { role: 'common' }, 409);
    expect(message).toMatch(new RegExp(`change on the Team screen \\(accounts/cms/${ids.admin2}\\)`));
    await refused('administrator', 'DELETE', account, undefined, 409);
    await refused(
      'administrator',
      'POST',
      'users/cms/bulk-update',
      { ids: [ids.admin2], set: { isActive: false } },
      200,
    );
  });

  it('5. a viewer limited to English cannot judge Spanish letter groups; a missing row is named', async () => {
    const body = {
      languageId: world.languages.spanish,
      checkCondition: 'words::1',
      letterGroupIds: ids.esGroups,
    };
    expect(await refused('viewer-en', 'POST', 'levels/cms/solvability', body, 403)).toMatch(
      /English languages only/,
    );
    const english = { ...body, languageId: world.languages.english };
    expect(await refused('viewer-en', 'POST', 'levels/cms/solvability', english, 403)).toMatch(
      /English letter groups only/,
    );
    expect(
      await refused('administrator', 'POST', 'levels/cms/solvability', { ...body, languageId: 999 }, 404),
    ).toBe('Language 999 not found');
    expect(
      await refused(
        'administrator',
        'POST',
        'levels/cms/solvability',
        { ...body, letterGroupIds: [99_999] },
        404,
      ),
    ).toBe('Letter group 99999 not found');
  });
});
