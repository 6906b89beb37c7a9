import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/databases.ts';
import { comparable, listen } from '../helpers/lane-answers.ts';
import { PREFIX, useApiWithFixture } from './harness.ts';

describe.each(DIALECTS)('the API search lane answers as Express does (%s)', (dialect) => {
  const { api, f } = useApiWithFixture(dialect);
  let lane: Awaited<ReturnType<typeof listen>>;
  let plain: Awaited<ReturnType<typeof listen>>;
  const bearer = () => ({ Authorization: `Bearer ${api.token}` });

  beforeAll(async () => {
    lane = await listen(api.handler, api.app.request);
    plain = await listen(api.app, api.app.request);
  });
  afterAll(async () => {
    await lane?.close();
    await plain?.close();
  });

  /**
   * The lane's answer and Express's. A token is remembered from its first use, until anything that
   * may end access moves the change counter (on PostgreSQL also its listening connection coming
   * up after start-up), so the lane is asked until it takes the request, three times at most.
   */
  async function both(path: string, headers: Record<string, string> = bearer()) {
    let fromLane = await lane.get(`${PREFIX}/${path}`, headers);
    for (let tries = 0; tries < 3 && fromLane.express; tries++) {
      fromLane = await lane.get(`${PREFIX}/${path}`, headers);
    }
    const fromExpress = await plain.get(`${PREFIX}/${path}`, headers);
    expect(fromExpress.express).toBe(true);
    expect(comparable(fromLane)).toEqual(comparable(fromExpress));
    return fromLane;
  }

  it('takes list searches with a known admin token, with the same status, headers and body', async () => {
    const paths = [
      'words/cms/search',
      'words/cms/search/?letters=ta',
      `words/cms/search/?languageId=${f.english}&isActive=true&page=0&size=2`,
      'letter-groups/cms/search/?letters=%C3%B1',
      'levels/cms/search/',
      'stages/cms/search/?sort=number:desc',
      'users/cms/search/?username=nobody',
    ];
    for (const path of paths) {
      const answer = await both(path);
      expect(answer.status, path).toBe(200);
      expect(answer.express, `${path} went through Express`).toBe(false);
    }
    const words = JSON.parse((await both('words/cms/search/?letters=t')).body);
    expect(words.content.map((w: { letters: string }) => w.letters).sort()).toEqual(['pat', 'tap']);
  });

  it('leaves to Express what it does not take, answered as before', async () => {
    const etag = (await both('words/cms/search')).headers;
    const tag = etag[etag.indexOf('ETag') + 1]!;
    const cases: Array<[string, Record<string, string>, number]> = [
      ['words/cms/search', {}, 401],
      ['words/cms/search', { Authorization: 'Bearer not-a-token' }, 401],
      ['words/cms/search/?colour=blue', bearer(), 400],
      ['words/cms/search/?page=-1', bearer(), 400],
      ['words/cms/search', { ...bearer(), 'Accept-Encoding': 'gzip' }, 200],
      ['words/cms/search', { ...bearer(), 'If-None-Match': tag }, 304],
      ['words/cms/search', { ...bearer(), 'X-Change-Set': 'not-a-uuid' }, 400],
      ['levels/cms/search/?solvable=maybe', bearer(), 400],
      ['Words/CMS/Search', bearer(), 200],
      [`words/cms/${f.words[0]}`, bearer(), 200],
    ];
    for (const [path, headers, status] of cases) {
      const answer = await both(path, headers);
      expect(answer.status, path).toBe(status);
      expect(answer.express, `${path} ${JSON.stringify(headers)}`).toBe(true);
    }
  });

  it('answers a search that fails through the API error handler, as Express does', async () => {
    await sql`alter table stages rename to stages_away`.execute(api.database.db);
    try {
      const answer = await both('stages/cms/search/?letterCount=6');
      expect(answer.status).toBe(500);
      expect(answer.express).toBe(false);
      expect(JSON.parse(comparable(answer).body).message).toBe('Internal server error (request <id>)');
    } finally {
      await sql`alter table stages_away rename to stages`.execute(api.database.db);
    }
  });
});
