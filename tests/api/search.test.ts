import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentEntities } from '#shared/entities/index.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { createFixture, insertPlayer, startApi, type ApiHarness } from './harness.ts';

/** Ids of the rows of the search data set, by a short name. */
type Ids = Record<string, number>;

describe.each(DIALECTS)('search: filters and paging of every list (%s)', (dialect) => {
  let api: ApiHarness;
  const ids: Ids = {};

  beforeAll(async () => {
    api = await startApi(dialect);
    const f = await createFixture(api);
    Object.assign(ids, {
      english: f.english,
      spanish: f.spanish,
      stage5: f.stage5,
      stage6: f.stage6,
      group1: f.group,
      level1: f.level,
      tap: f.words[0],
      pat: f.words[1],
      nandu: f.words[2],
      admin: 1,
    });
    const post = async (path: string, body: object) => {
      const res = await api.post(path, body);
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.id as number;
    };
    await api.put(`words/cms/${ids.pat}`, { isActive: false });
    ids.level2 = await post('levels/cms', {
      hint: '100% fun_stuff',
      languageId: f.spanish,
      stageId: f.stage6,
    });
    ids.level3 = await post('levels/cms', { languageId: f.english, stageId: f.stage5 });
    ids.group2 = await post('letter-groups/cms', {
      letters: 'Ñoño',
      languageId: f.spanish,
      stageId: f.stage6,
      isActive: false,
    });
    ids.lgl1 = await post('letter-group-levels/cms', { letterGroupId: ids.group1, levelId: ids.level1 });
    ids.lgl2 = await post('letter-group-levels/cms', {
      letterGroupId: ids.group2,
      levelId: ids.level2,
      used: true,
    });
    ids.lgw1 = await post('letter-group-words/cms', { letterGroupId: ids.group1, wordId: ids.tap });
    ids.lgw2 = await post('letter-group-words/cms', { letterGroupId: ids.group1, wordId: ids.pat });
    ids.lgw3 = await post('letter-group-words/cms', { letterGroupId: ids.group2, wordId: ids.nandu });
    ids.player1 = await insertPlayer(api, { username: 'player-one', email: 'one@Example.org' });
    ids.player2 = await insertPlayer(api, { username: 'PLAYER-two', email: 'two@example.net' });
    const userLevel = (values: object) =>
      api.database.db
        .insertInto('userLevels')
        .values(values as never)
        .returning('id')
        .executeTakeFirstOrThrow();
    ids.ul1 = (
      await userLevel({
        userId: ids.player1,
        levelId: ids.level1,
        validWords: 5,
        invalidWords: 2,
        highestScore: 100,
        completed: dialect === 'sqlite' ? 1 : true,
      })
    ).id;
    ids.ul2 = (
      await userLevel({
        userId: ids.player2,
        levelId: ids.level1,
        validWords: 7,
        invalidWords: 2,
        highestScore: 50,
        locked: dialect === 'sqlite' ? 1 : true,
      })
    ).id;
  });
  afterAll(async () => api?.close());

  const search = async (resource: string, query: string) => {
    const res = await api.get(`${resource}/cms/search/?${query}`);
    expect(res.status, `${resource}?${query}: ${JSON.stringify(res.body)}`).toBe(200);
    return (res.body.content as Array<{ id: number }>).map((row) => row.id);
  };

  // Every filter of SPEC §2, each with a query and the rows it must find (in id order).
  const cases: Array<[resource: string, filter: string, query: string, expected: string[]]> = [
    ['levels', 'hint', 'hint=KITCHEN', ['level1']],
    ['levels', 'hint', 'hint=%25', ['level2']],
    ['levels', 'hint', 'hint=n_s', ['level2']],
    ['levels', 'hint', 'hint=en_w', []],
    ['users', 'email', 'email=EXAMPLE', ['player1', 'player2']],
    ['users', 'username', 'username=player-T', ['player2']],
    ['user-levels', 'validWords', 'validWords=7', ['ul2']],
    ['user-levels', 'invalidWords', 'invalidWords=2', ['ul1', 'ul2']],
    ['user-levels', 'highestScore', 'highestScore=100', ['ul1']],
    ['user-levels', 'completed', 'completed=true', ['ul1']],
    ['user-levels', 'completed', 'completed=false', ['ul2']],
    ['user-levels', 'locked', 'locked=true', ['ul2']],
    ['user-levels', 'locked', 'locked=false', ['ul1']],
    ['languages', 'isActive', 'isActive=true', ['english']],
    ['languages', 'isActive', 'isActive=false', ['spanish']],
    ['languages', 'language', 'language=ESPAÑ', ['spanish']],
    ['letter-groups', 'isActive', 'isActive=false', ['group2']],
    ['letter-groups', 'letters', 'letters=ÑOÑ', ['group2']],
    ['letter-groups', 'languageId', 'languageId=$english', ['group1']],
    ['letter-groups', 'stageId', 'stageId=$stage6', ['group2']],
    ['letter-group-levels', 'used', 'used=true', ['lgl2']],
    ['letter-group-levels', 'used', 'used=false', ['lgl1']],
    ['letter-group-levels', 'letterGroupId', 'letterGroupId=$group1', ['lgl1']],
    ['letter-group-levels', 'levelId', 'levelId=$level2', ['lgl2']],
    ['letter-group-words', 'letterGroupId', 'letterGroupId=$group1', ['lgw1', 'lgw2']],
    ['letter-group-words', 'wordId', 'wordId=$nandu', ['lgw3']],
    ['stages', 'isActive', 'isActive=true', ['stage5']],
    ['stages', 'letterCount', 'letterCount=6', ['stage6']],
    ['stages', 'number', 'number=1', ['stage5']],
    ['words', 'isActive', 'isActive=false', ['pat']],
    ['words', 'letters', 'letters=A', ['tap', 'pat', 'nandu']],
    ['words', 'letters', 'letters=ÑAND', ['nandu']],
    ['words', 'languageId', 'languageId=$english', ['tap', 'pat']],
    ['words', 'languageId', 'idLanguage=$spanish', ['nandu']],
    ['words', 'letters', 'letters=&languageId=$english', ['tap', 'pat']],
    ['words', 'isActive', 'isActive=true&languageId=$english', ['tap']],
    // No dictionary here, so no flags (tests/dictionary/decisions.test.ts filters flagged words).
    ['words', 'flags', 'flag=unknown&languageId=$english', []],
  ];

  it('covers every filter the descriptions declare', () => {
    const declared = contentEntities.flatMap((e) => e.filters.map((f) => `${e.resource}.${f.field}`));
    expect(new Set(cases.map(([resource, filter]) => `${resource}.${filter}`))).toEqual(new Set(declared));
  });

  it.each(cases)('%s: %s (%s)', async (resource, _filter, query, expected) => {
    const resolved = query.replace(/\$(\w+)/g, (_m, name: string) => String(ids[name]));
    expect(await search(resource, resolved)).toEqual(expected.map((name) => ids[name]));
  });

  it('answers a Spring-style page, ordered by id, zero-based', async () => {
    const first = await api.get('words/cms/search?size=2');
    expect(first.body).toEqual({
      content: [expect.objectContaining({ id: ids.tap }), expect.objectContaining({ id: ids.pat })],
      pageable: { pageNumber: 0, pageSize: 2, offset: 0 },
      totalPages: 2,
      totalElements: 3,
      number: 0,
      size: 2,
      numberOfElements: 2,
      first: true,
      last: false,
      empty: false,
    });
    const second = await api.get('words/cms/search?size=2&page=1');
    expect(second.body).toMatchObject({ number: 1, first: false, last: true, numberOfElements: 1 });
    expect(second.body.content.map((w: { id: number }) => w.id)).toEqual([ids.nandu]);
    const past = await api.get('words/cms/search?size=2&page=9');
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ content: [], number: 9, totalPages: 2, last: true, empty: true });
    const defaults = await api.get('words/cms/search');
    expect(defaults.body).toMatchObject({ size: 20, number: 0, pageable: { pageNumber: 0, pageSize: 20 } });
    expect((await api.get('words/cms/search?size=100')).status).toBe(200);
    const none = await api.get('words/cms/search?letters=zzz');
    expect(none.body).toMatchObject({
      content: [],
      totalPages: 0,
      totalElements: 0,
      first: true,
      last: true,
    });
  });

  it('400 for an unknown filter, another list’s filter, a malformed or repeated value, bad paging', async () => {
    const bad: Array<[string, string]> = [
      ['words', 'colour=red'],
      ['words', 'hint=kitchen'],
      ['words', '__proto__=1'],
      ['words', 'languageId=abc'],
      ['words', 'languageId=0'],
      ['words', 'languageId=1.5'],
      ['words', 'isActive=yes'],
      ['words', 'isActive=TRUE'],
      ['words', 'letters=a&letters=b'],
      ['words', 'languageId=1&idLanguage=2'],
      ['words', `letters=${'a'.repeat(201)}`],
      ['words', 'size=101'],
      ['words', 'size=0'],
      ['words', 'page=-1'],
      ['words', 'page=x'],
      ['stages', 'number=one'],
      ['user-levels', 'highestScore=high'],
      ['audit', 'entity=planets'],
    ];
    for (const [resource, query] of bad) {
      const res = await api.get(`${resource}/cms/search/?${query}`);
      expect(res.status, `${resource}?${query}`).toBe(400);
      expect(res.body.message, query).toMatch(/^Invalid search of /);
      expect(Object.keys(res.body.fieldErrors).length, query).toBeGreaterThan(0);
    }
    // A name and its alias that agree are one filter, as the published schema says.
    const agreeing = await api.get('words/cms/search/?languageId=1&idLanguage=1');
    expect(agreeing.status).toBe(200);
    const unknown = await api.get('words/cms/search/?colour=red');
    expect(unknown.body.fieldErrors).toEqual({
      colour: ['is not a filter of Words; filters: isActive, letters, languageId, flags'],
    });
  });
});
