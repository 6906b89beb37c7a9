import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { insertPlayer, PREFIX, START, type Fixture, useApiWithFixture } from './harness.ts';

describe.each(DIALECTS)('content resources: create, read, update, delete (%s)', (dialect) => {
  const { api, f } = useApiWithFixture(dialect);

  // One create body and one update per resource that has POST; the ids come from the fixture.
  const cases: Array<{
    resource: string;
    create: (f: Fixture) => object;
    created: (f: Fixture) => object;
    update: (f: Fixture) => object;
    updated: (f: Fixture) => object;
  }> = [
    {
      resource: 'languages',
      create: () => ({ language: '  Deutsch ' }),
      created: () => ({ language: 'Deutsch', isActive: true }),
      update: () => ({ isActive: false }),
      updated: () => ({ isActive: false, language: 'Deutsch' }),
    },
    {
      resource: 'stages',
      create: () => ({ letterCount: '7', number: 3 }),
      created: () => ({ letterCount: 7, number: 3, letters: '', isActive: true }),
      update: () => ({ letterCount: 8, letters: 'eight' }),
      updated: () => ({ letterCount: 8, letters: 'eight', number: 3 }),
    },
    {
      resource: 'letter-groups',
      create: (f) => ({ letters: 'P, T, O', idLanguage: f.english, idStage: f.stage6 }),
      created: (f) => ({ letters: 'pto', languageId: f.english, stageId: f.stage6, isActive: true }),
      update: () => ({ letters: 'STOP' }),
      updated: () => ({ letters: 'stop' }),
    },
    {
      resource: 'words',
      create: (f) => ({ letters: ' Stop ', idLanguage: f.english }),
      // No dictionary here: no flags; no decision (issue 46).
      created: (f) => ({
        letters: 'stop',
        languageId: f.english,
        isActive: true,
        flags: null,
        decision: null,
        decisionReason: null,
      }),
      update: () => ({ letters: 'tops', isActive: false }),
      updated: () => ({ letters: 'tops', isActive: false }),
    },
    {
      resource: 'levels',
      create: (f) => ({
        idLanguage: f.english,
        idStage: f.stage5,
        checkCondition: 'words::3::sameCharStart',
      }),
      // The add form has no number: the next free one for the language and stage.
      created: (f) => ({
        number: 2,
        hint: null,
        assignment: '',
        time: 60,
        requiredLetterFlag: false,
        requiredLetter: '',
        requiredLetterPosition: 0,
        checkCondition: 'words::3::sameCharStart',
        isChill: false,
        isActive: true,
        languageId: f.english,
        stageId: f.stage5,
      }),
      update: () => ({ time: 90, hint: 'Fast', requiredLetterFlag: true, requiredLetter: 'first' }),
      updated: () => ({
        time: 90,
        hint: 'Fast',
        requiredLetterFlag: true,
        requiredLetter: 'first',
        number: 2,
      }),
    },
    {
      resource: 'letter-group-levels',
      create: (f) => ({ idLetterGroup: f.group, idLevel: f.level }),
      created: (f) => ({ used: false, letterGroupId: f.group, levelId: f.level }),
      update: () => ({ used: true }),
      updated: () => ({ used: true }),
    },
    {
      resource: 'letter-group-words',
      create: (f) => ({ idLetterGroup: f.group, idWord: f.words[0] }),
      created: (f) => ({ letterGroupId: f.group, wordId: f.words[0] }),
      update: (f) => ({ idWord: f.words[1] }),
      updated: (f) => ({ wordId: f.words[1] }),
    },
  ];

  it.each(cases)('$resource: POST, GET, PUT, GET, DELETE, GET', async (c) => {
    const created = await api.post(`${c.resource}/cms`, c.create(f));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), ...c.created(f) });
    const id = created.body.id as number;
    expect(created.headers.location).toBe(`${PREFIX}/${c.resource}/cms/${id}`);

    expect((await api.get(`${c.resource}/cms/${id}`)).body).toEqual(created.body);

    const updated = await api.put(`${c.resource}/cms/${id}`, c.update(f));
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ ...created.body, ...c.updated(f), id });
    expect((await api.get(`${c.resource}/cms/${id}`)).body).toEqual(updated.body);

    const deleted = await api.del(`${c.resource}/cms/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toBe(id);
    expect((await api.get(`${c.resource}/cms/${id}`)).status).toBe(404);
  });

  it('user-levels: GET, whole-object PUT (SPEC §7), DELETE', async () => {
    const player = await insertPlayer(api, { username: 'ul-player' });
    const row = await api.database.db
      .insertInto('userLevels')
      .values({ userId: player, levelId: f.level, validWords: 3 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const read = await api.get(`user-levels/cms/${row.id}`);
    expect(read.body).toEqual({
      id: row.id,
      completed: false,
      locked: false,
      validWords: 3,
      invalidWords: 0,
      duplicateWords: 0,
      wordsPerSecond: 0,
      highestScore: 0,
      mostValuableWordEntered: '',
      levelId: f.level,
      userId: player,
    });
    // The panel sends the whole record back, with the SPEC §3 names for the links.
    const { levelId, userId, ...rest } = read.body;
    const whole = { ...rest, idLevel: levelId, idUser: userId, completed: true, wordsPerSecond: 1.25 };
    const saved = await api.put(`user-levels/cms/${row.id}`, whole);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ ...read.body, completed: true, wordsPerSecond: 1.25 });
    expect((await api.post('user-levels/cms', whole)).status).toBe(404);
    expect((await api.del(`user-levels/cms/${row.id}`)).body).toBe(row.id);
    expect((await api.get(`user-levels/cms/${row.id}`)).status).toBe(404);
  });

  it('users: PUT with naming variants, soft DELETE keeps the row readable with deletedAt', async () => {
    const id = await insertPlayer(api, { username: 'soft-player', email: 'soft@example.org' });
    api.clock.now = START + 60_000;
    const saved = await api.put(`users/cms/${id}`, {
      email: 'new@example.org',
      coinCount: 12,
      userRole: 'common',
      idLanguage: f.english,
      isTwoFA: true, // read-only: ignored
      createdAt: '1999-01-01T00:00:00.000Z', // read-only: ignored
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      email: 'new@example.org',
      coins: 12,
      role: 'common',
      languageId: f.english,
      isTwoFa: false,
      createdAt: new Date(START).toISOString(),
      updatedAt: new Date(START + 60_000).toISOString(),
      deletedAt: null,
    });

    api.clock.now = START + 120_000;
    const deleted = await api.del(`users/cms/${id}`);
    expect(deleted.body).toBe(id);
    const read = await api.get(`users/cms/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      username: 'soft-player',
      deletedAt: new Date(START + 120_000).toISOString(),
      updatedAt: new Date(START + 120_000).toISOString(),
    });
    // Deleting again changes nothing.
    api.clock.now = START + 180_000;
    expect((await api.del(`users/cms/${id}`)).status).toBe(200);
    expect((await api.get(`users/cms/${id}`)).body.deletedAt).toBe(new Date(START + 120_000).toISOString());
    expect((await api.post('users/cms', { username: 'x', email: 'x@example.org' })).status).toBe(404);
    api.clock.now = START;
  });

  it('users: an admin cannot delete their own account; username is unique', async () => {
    const self = await api.del('users/cms/1');
    expect(self.status).toBe(409);
    expect(self.body.message).toMatch(/own account/);
    const other = await insertPlayer(api, { username: 'other-player' });
    const taken = await api.put(`users/cms/${other}`, { username: 'admin' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/username "admin" already exists/);
    const invalid = await api.put(`users/cms/${other}`, { email: 'not-an-email', role: 'root', coins: -1 });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.fieldErrors).sort()).toEqual(['coins', 'email', 'role']);
  });

  it('400 with fieldErrors: missing, malformed, unknown and contradictory fields', async () => {
    const empty = await api.post('words/cms', {});
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors).toEqual({
      letters: [expect.any(String)],
      languageId: [expect.any(String)],
    });
    expect(empty.body.message).toMatch(/^Invalid word: /);

    const bad = await api.post('levels/cms', {
      languageId: 'one',
      stageId: f.stage5,
      time: 1.5,
      checkCondition: 'words::3::fly',
      colour: 'red',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual([
      'checkCondition',
      'colour',
      'languageId',
      'time',
    ]);
    expect(bad.body.fieldErrors.colour).toEqual(['is not a field of Level']);

    const both = await api.post('words/cms', {
      letters: 'both',
      languageId: f.english,
      idLanguage: f.spanish,
    });
    expect(both.status).toBe(400);
    expect(both.body.fieldErrors.languageId[0]).toMatch(/given twice/);

    const word = await api.post('words/cms', { letters: 'two words', languageId: f.english });
    expect(word.body.fieldErrors.letters[0]).toMatch(/space/);
    const blank = await api.post('languages/cms', { language: '   ' });
    expect(blank.body.fieldErrors).toEqual({ language: ['is required'] });
    expect((await api.post('words/cms', [{ letters: 'a' }])).body.message).toMatch(/must be a JSON object/);
  });

  it('400 naming a foreign key that points nowhere', async () => {
    const res = await api.post('letter-groups/cms', { letters: 'abc', languageId: 999, stageId: f.stage5 });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ languageId: ['refers to language 999, which does not exist'] });
    const link = await api.put(`letter-group-words/cms/1`, { wordId: 12345 });
    expect([400, 404]).toContain(link.status);
  });

  it('409 on a natural-key duplicate, at create and at update', async () => {
    const dup = await api.post('words/cms', { letters: 'TAP', languageId: f.english });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(
      `A word with languageId ${f.english}, letters "tap" already exists (id ${f.words[0]})`,
    );
    // Same letters in another language are a different word.
    expect((await api.post('words/cms', { letters: 'tap', languageId: f.spanish })).status).toBe(201);
    const rename = await api.put(`words/cms/${f.words[1]}`, { letters: 'tap' });
    expect(rename.status).toBe(409);
    const level = await api.post('levels/cms', { number: 1, languageId: f.english, stageId: f.stage5 });
    expect(level.status).toBe(409);
    expect((await api.post('languages/cms', { language: 'English' })).status).toBe(409);
  });

  it('409 when deleting a row others refer to, naming them and how many', async () => {
    const language = await api.del(`languages/cms/${f.english}`);
    expect(language.status).toBe(409);
    expect(language.body.message).toMatch(new RegExp(`^Language ${f.english} is still used by .*\\d+ words`));
    expect(language.body.message).toMatch(/1 letter group[ ,;]/);
    const stage = await api.del(`stages/cms/${f.stage5}`);
    expect(stage.status).toBe(409);
    expect(stage.body.message).toMatch(/levels?|letter groups?/);
    expect((await api.get(`languages/cms/${f.english}`)).status).toBe(200);
  });

  it('404 for a missing row, 400 for a malformed id', async () => {
    for (const [method, path] of [
      ['get', 'words/cms/99999'],
      ['put', 'words/cms/99999'],
      ['del', 'words/cms/99999'],
      ['get', 'users/cms/99999'],
      ['get', 'audit/cms/99999'],
    ] as const) {
      const res = method === 'put' ? await api.put(path, { isActive: true }) : await api[method](path);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toMatch(/not found/);
    }
    expect((await api.get('words/cms/abc')).status).toBe(400);
    expect((await api.get('words/cms/99999999999')).status).toBe(400);
  });

  it('a PUT that changes nothing answers the record as it is', async () => {
    const before = await api.get(`languages/cms/${f.english}`);
    const same = await api.put(`languages/cms/${f.english}`, before.body);
    expect(same.status).toBe(200);
    expect(same.body).toEqual(before.body);
  });

  it('routing: 405 with Allow, 404 for unknown paths and operations, JSON and no-store everywhere', async () => {
    const wrong = await api.post('words/cms/search', {});
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('GET, HEAD');
    const item = await api.post(`words/cms/${f.words[0]}`, {});
    expect(item.status).toBe(405);
    expect(item.headers.allow).toBe('GET, PUT, DELETE, HEAD');
    expect((await api.put('user-levels/cms', {})).status).toBe(404);
    expect((await api.get('stages/cms/bulk')).status).toBe(405);
    expect((await api.del(`letter-group-words/cms/${f.words[0]}`)).status).not.toBe(405);
    for (const path of ['nothing', 'words', 'words/cms/1/extra', 'auth/nothing']) {
      const res = await api.get(path);
      expect(res.status, path).toBe(404);
      expect(res.type).toBe('application/json');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const slash = await api.get('words/cms/search/');
    expect(slash.status).toBe(200);
    expect(slash.headers['cache-control']).toBe('no-store');
  });

  it('every /cms/ endpoint needs an admin access token', async () => {
    for (const path of ['words/cms/search/', `words/cms/${f.words[0]}`, 'audit/cms/search/', 'users/cms/1']) {
      const anonymous = await request(api.app).get(`${PREFIX}/${path}`);
      expect(anonymous.status, path).toBe(401);
      const forged = await request(api.app)
        .get(`${PREFIX}/${path}`)
        .set('Authorization', 'Bearer not-a-token');
      expect(forged.status, path).toBe(401);
    }
    const write = await request(api.app)
      .post(`${PREFIX}/words/cms`)
      .send({ letters: 'sneak', languageId: f.english });
    expect(write.status).toBe(401);
  });

  it('bodies: non-JSON 415, malformed 400, oversized 413, hostile shapes 400', async () => {
    const post = () =>
      request(api.app).post(`${PREFIX}/words/cms`).set('Authorization', `Bearer ${api.token}`);
    expect((await post().set('Content-Type', 'text/plain').send('letters=x')).status).toBe(415);
    expect((await post().set('Content-Type', 'application/json').send('{"letters":')).status).toBe(400);
    expect((await post().set('Content-Type', 'application/json').send('"just a string"')).status).toBe(400);
    expect((await post().set('Content-Type', 'application/json').send('')).status).toBe(400);
    const proto = await post().set('Content-Type', 'application/json').send('{"__proto__":{"isAdmin":true}}');
    expect(proto.status).toBe(400);
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    expect((await post().set('Content-Type', 'application/json').send(deep)).status).toBe(400);
    const huge = await post().send({ letters: 'a'.repeat(150_000), languageId: f.english });
    expect(huge.status).toBe(413);
    const long = await post().send({ letters: 'a'.repeat(5_000), languageId: f.english });
    expect(long.status).toBe(400);
  });
});
