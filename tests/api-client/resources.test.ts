import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, logInWithClient, startClientHarness, type ClientHarness } from './harness.ts';

describe('API client against the embedded content API: every resource operation', () => {
  let h: ClientHarness;
  const ids = {} as Record<
    'english' | 'spanish' | 'stage' | 'level' | 'group' | 'groupLevel' | 'word' | 'groupWord' | 'player',
    number
  >;

  beforeAll(async () => {
    h = await startClientHarness();
    await logInWithClient(h);
  });
  afterAll(async () => h?.close());

  it('logs in with password and TOTP through the client and then sends the access token', async () => {
    expect(h.tokens.current?.accessToken).toMatch(/\S{20,}/);
    expect(h.tokens.current?.refreshToken).toMatch(/\S{20,}/);
    const page = await h.client.languages.search();
    expect(page).toMatchObject({ items: [], page: 1, totalElements: 0, first: true, last: true });
  });

  it('languages: create, get, update, search by filters, remove', async () => {
    const { languages } = h.client;
    const english = await languages.create({ language: 'English' });
    expect(english).toEqual({ id: expect.any(Number), isActive: true, language: 'English' });
    ids.english = english.id;
    ids.spanish = (await languages.create({ language: 'Español', isActive: false })).id;
    const gone = await languages.create({ language: 'Klingon' });

    expect(await languages.get(english.id)).toEqual(english);
    expect(await languages.update(gone.id, { language: 'tlhIngan' })).toMatchObject({ language: 'tlhIngan' });

    const inactive = await languages.search({ filters: { isActive: false } });
    expect(inactive.items.map((l) => l.language)).toEqual(['Español']);
    const byName = await languages.search({ filters: { language: 'ngl', isActive: '' } });
    expect(byName.items.map((l) => l.id)).toEqual([english.id]);
    expect(h.requests.at(-1)).toBe('GET /arguscreative/words/languages/cms/search/?page=0&language=ngl');

    expect(await languages.remove(gone.id)).toBe(gone.id);
    expect((await failure(languages.get(gone.id))).status).toBe(404);
  });

  it('stages and levels: create (level number from the sequence), update, search, remove', async () => {
    const stage = await h.client.stages.create({ letterCount: 5, number: 1, letters: 'five' });
    expect(stage).toMatchObject({ letterCount: 5, number: 1, letters: 'five', isActive: true });
    ids.stage = stage.id;
    expect(await h.client.stages.update(stage.id, { letters: 'FIVE' })).toMatchObject({ letters: 'FIVE' });
    expect((await h.client.stages.search({ filters: { isActive: true } })).items).toHaveLength(1);
    const spare = await h.client.stages.create({ letterCount: 6, number: 2 });
    expect(await h.client.stages.remove(spare.id)).toBe(spare.id);

    const level = await h.client.levels.create({
      hint: 'Kitchen words',
      languageId: ids.english,
      stageId: stage.id,
    });
    expect(level).toMatchObject({ number: 1, time: 60, hint: 'Kitchen words', languageId: ids.english });
    ids.level = level.id;
    const second = await h.client.levels.create({ languageId: ids.english, stageId: stage.id });
    expect(second.number).toBe(2);
    expect(await h.client.levels.update(second.id, { isChill: true })).toMatchObject({ isChill: true });
    expect((await h.client.levels.get(level.id)).hint).toBe('Kitchen words');
    expect((await h.client.levels.search({ filters: { hint: 'kitchen' } })).items.map((l) => l.id)).toEqual([
      level.id,
    ]);
    expect(await h.client.levels.remove(second.id)).toBe(second.id);
  });

  it('letter groups, letter-group-levels, words and letter-group-words', async () => {
    const group = await h.client.letterGroups.create({
      letters: 'P, A, S, T, A',
      languageId: ids.english,
      stageId: ids.stage,
    });
    expect(group.letters).toBe('pasta');
    ids.group = group.id;
    expect(await h.client.letterGroups.update(group.id, { isActive: false })).toMatchObject({
      isActive: false,
    });
    expect((await h.client.letterGroups.search({ filters: { isActive: false } })).items).toHaveLength(1);
    expect((await h.client.letterGroups.get(group.id)).stageId).toBe(ids.stage);

    const link = await h.client.letterGroupLevels.create({ letterGroupId: group.id, levelId: ids.level });
    ids.groupLevel = link.id;
    expect(await h.client.letterGroupLevels.update(link.id, { used: true })).toMatchObject({ used: true });
    expect((await h.client.letterGroupLevels.search()).items.map((r) => r.id)).toEqual([link.id]);
    expect((await h.client.letterGroupLevels.get(link.id)).levelId).toBe(ids.level);

    const word = await h.client.words.create({ letters: ' Pasta ', languageId: ids.english });
    expect(word).toMatchObject({ letters: 'pasta', languageId: ids.english, isActive: true });
    ids.word = word.id;
    expect(await h.client.words.update(word.id, { letters: 'pastas' })).toMatchObject({ letters: 'pastas' });
    expect((await h.client.words.get(word.id)).letters).toBe('pastas');

    const groupWord = await h.client.letterGroupWords.create({ letterGroupId: group.id, wordId: word.id });
    ids.groupWord = groupWord.id;
    expect(await h.client.letterGroupWords.get(groupWord.id)).toEqual(groupWord);
    expect(await h.client.letterGroupWords.update(groupWord.id, { letterGroupId: group.id })).toEqual(
      groupWord,
    );
    expect((await h.client.letterGroupWords.search()).totalElements).toBe(1);
    expect(await h.client.letterGroupWords.remove(groupWord.id)).toBe(groupWord.id);
    expect(await h.client.letterGroupLevels.remove(link.id)).toBe(link.id);
  });

  it('users and user-levels (rows the game creates): search, get, update, remove', async () => {
    const now = new Date(h.clock.now).toISOString();
    const player = await h.database.db
      .insertInto('users')
      .values({ username: 'player-one', email: 'one@example.com', createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.player = player.id;
    const found = await h.client.users.search({ filters: { username: 'player', email: '' } });
    expect(found.items.map((u) => u.username)).toEqual(['player-one']);
    expect(await h.client.users.update(player.id, { coins: 40 })).toMatchObject({
      coins: 40,
      role: 'common',
    });
    expect((await h.client.users.get(player.id)).coins).toBe(40);

    const progress = await h.database.db
      .insertInto('userLevels')
      .values({ userId: player.id, levelId: ids.level, completed: 1 as unknown as boolean })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(
      (await h.client.userLevels.search({ filters: { completed: true } })).items.map((r) => r.id),
    ).toEqual([progress.id]);
    expect((await h.client.userLevels.search({ filters: { completed: false } })).items).toEqual([]);
    expect(h.requests.at(-1)).toBe('GET /arguscreative/words/user-levels/cms/search/?page=0&completed=false');
    expect(await h.client.userLevels.update(progress.id, { locked: true })).toMatchObject({ locked: true });
    expect((await h.client.userLevels.get(progress.id)).userId).toBe(player.id);
    expect(await h.client.userLevels.remove(progress.id)).toBe(progress.id);

    expect(await h.client.users.remove(player.id)).toBe(player.id);
    expect((await h.client.users.get(player.id)).deletedAt).toEqual(expect.any(String));
  });

  it('audit: the changes above, searched by entity and action, and one read by id', async () => {
    const creates = await h.client.audit.search({ filters: { entity: 'languages', action: 'create' } });
    expect(creates.items.map((e) => e.entityId).sort()).toEqual(
      expect.arrayContaining([ids.english, ids.spanish]),
    );
    expect(creates.items.every((e) => e.username === 'admin' && e.action === 'create')).toBe(true);
    const entry = await h.client.audit.get(creates.items[0]!.id);
    expect(entry).toEqual(creates.items[0]);
    const byId = await h.client.audit.search({ filters: { entity: 'words', entityId: ids.word } });
    expect(byId.items.map((e) => e.action).sort()).toEqual(['create', 'update']);
  });

  it('bulk: a dry run writes nothing, then the same rows are created, then unchanged', async () => {
    const rows = [
      { letters: 'tap', languageId: ids.english },
      { letters: 'pat', languageId: ids.english },
      { letters: 'x', languageId: 999_999 },
    ];
    const dry = await h.client.words.bulk(rows, { dryRun: true });
    expect(dry).toMatchObject({ dryRun: true, counts: { created: 2, rejected: 1 } });
    expect((await h.client.words.search({ filters: { letters: 'tap' } })).totalElements).toBe(0);
    const real = await h.client.words.bulk(rows.slice(0, 2));
    expect(real.counts).toEqual({ created: 2, updated: 0, unchanged: 0, rejected: 0 });
    const again = await h.client.words.bulk(rows.slice(0, 2));
    expect(again.counts.unchanged).toBe(2);
    expect(again.results.map((r) => r.id)).toEqual(real.results.map((r) => r.id));
  });

  it('offers only the operations a description allows, by type and at run time', async () => {
    expect('create' in h.client.users).toBe(false);
    // Users are never created through the API, but a file can update them in bulk (import).
    expect('bulk' in h.client.users).toBe(true);
    expect(Object.keys(h.client.audit).sort()).toEqual(
      ['allows', 'entity', 'exportAll', 'get', 'getVersioned', 'search', 'searchAll'].sort(),
    );
    expect(Object.keys(h.client.levels).sort()).toEqual(
      [
        'allows',
        'bulk',
        'bulkDelete',
        'bulkUpdate',
        'create',
        'entity',
        'exportAll',
        'get',
        'getVersioned',
        'remove',
        'search',
        'searchAll',
        'update',
      ].sort(),
    );
    // @ts-expect-error users are not created through the content API
    expect(h.client.users.create).toBeUndefined();
    // @ts-expect-error the audit log is read-only
    expect(h.client.audit.remove).toBeUndefined();

    const before = h.requests.length;
    const generic = h.client.resource('user');
    expect(generic.allows('create')).toBe(false);
    const refused = await failure(generic.create({ username: 'x', email: 'x@example.com' }));
    expect(refused.status).toBe(405);
    expect(h.requests.length).toBe(before);
    expect((await h.client.resource('language').get(ids.english)).language).toBe('English');
  });
});
