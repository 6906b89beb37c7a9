/**
 * The Difficulty screen (issue 34) as the server renders it, on SQLite and PostgreSQL: results
 * planted straight into the database as the game writes them (tests/helpers/difficulty-plant.ts)
 * and the screen flags exactly the two planted levels. The browser test (tests/panel/
 * difficulty.test.ts) reads the same screen in Chromium at both sizes.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { DIALECTS, testDatabase, type TestDatabase } from '../helpers/databases.ts';
import { databaseRows, EXPECTED_FINDINGS, plantDifficulty } from '../helpers/difficulty-plant.ts';
import { CSRF, logInToPanel, PANEL, testClock } from './helpers.ts';

describe.each(DIALECTS)('panel: the Difficulty screen, server-rendered (%s)', (dialect) => {
  const clock = testClock();
  let testDb: TestDatabase;
  let app: TestApp;
  let cookie: string;
  let languageId: number;

  beforeAll(async () => {
    testDb = testDatabase(dialect);
    app = await startTestApp({}, { clock: clock.now, database: testDb.options });
    await app.listen();
    cookie = await logInToPanel(
      app,
      { username: 'admin', password: 'correct-horse-battery-staple' },
      clock.now(),
    );
    const language = await request(app.url)
      .post(`${PANEL}/api/languages/cms`)
      .set(CSRF)
      .set('Cookie', cookie)
      .send({ language: 'English' });
    expect(language.status, language.text).toBe(201);
    languageId = language.body.id;
    const database = await openDatabase(testDb.options);
    try {
      await plantDifficulty(databaseRows(database), { languageId, stageNumber: 90 });
    } finally {
      await database.close();
    }
  });
  afterAll(async () => {
    await app?.stop();
    await testDb?.drop();
  });

  it('flags exactly level 7 (harder) and level 12 (players stop), with the figures in its table', async () => {
    const res = await request(app.url)
      .get(`${PANEL}/difficulty?stage=90&language=${languageId}`)
      .set('Cookie', cookie);
    expect(res.status).toBe(200);
    const found = [...res.text.matchAll(/data-finding-kind="([a-z-]+)" data-level-number="(\d+)"/g)].map(
      ([, kind, level]) => ({ levelNumber: Number(level), kind }),
    );
    expect(found).toEqual(EXPECTED_FINDINGS);
    expect(res.text).toContain('Level 7: completion rate 20 % where its neighbours have 80 %');
    expect(res.text).toContain('Level 12: 70 % of its 160 players do not reach level 13');
    // Every planted level is a row of the table: the charts' text alternative.
    expect([...res.text.matchAll(/<tr[^>]*data-level="(\d+)"/g)].map(([, n]) => Number(n))).toEqual(
      Array.from({ length: 15 }, (_, i) => i + 1),
    );
  });
});
