import request from 'supertest';
import { afterAll, beforeAll } from 'vitest';
import { createApp, type AppHandle } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type DatabaseHandle, type Dialect } from '../../server/db/database.ts';
import { loginAsAdmin } from '../helpers/admin-login.ts';
import { testDatabase, type TestDatabase } from '../helpers/databases.ts';

export const PREFIX = '/arguscreative/words';
export const ADMIN = { username: 'admin', password: 'a-long-test-password' };
/** The app's clock stands still unless a test moves it (audit times are then predictable). */
export const START = Date.parse('2025-01-15T10:00:00.000Z');

export interface ApiHarness {
  /** What the public listener serves (server/index.ts): the one Express app behind the fast lane. */
  app: AppHandle['handler'];
  /** The same API called in process, as the panel calls it. */
  seam: NonNullable<AppHandle['api']>;
  /** A second connection to the same database, for arranging what the API cannot (players). */
  database: DatabaseHandle;
  /** Another instance of the app on the same database (several instances, issue 33). */
  another(): Promise<AppHandle>;
  /** Stops the app and starts it again on the same database with other settings (same token). */
  restart(env: Record<string, string>): Promise<void>;
  clock: { now: number };
  token: string;
  get(path: string): request.Test;
  post(path: string, body?: unknown): request.Test;
  put(path: string, body?: unknown): request.Test;
  del(path: string): request.Test;
  close(): Promise<void>;
}

/** The app's configuration in the API suites: quiet, no demo content, the test admin. */
export function testConfig(testDb: TestDatabase, env: Record<string, string> = {}) {
  return loadConfig({
    ...env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: testDb.options.dataDir,
    DEMO_CONTENT: 'false',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  });
}

/** The real app on a fresh database of `dialect`, with an admin logged in through real 2FA. */
export async function startApi(dialect: Dialect, env: Record<string, string> = {}): Promise<ApiHarness> {
  const testDb: TestDatabase = testDatabase(dialect);
  const clock = { now: START };
  const config = testConfig(testDb, env);
  let handle: AppHandle = await createApp(config, { database: testDb.options, clock: () => clock.now });
  const database = await openDatabase(testDb.options);
  const { accessToken } = await loginAsAdmin(handle.handler, { ...ADMIN, clock: () => clock.now });
  const auth = (test: request.Test) => test.set('Authorization', `Bearer ${accessToken}`);
  const url = (path: string) => `${PREFIX}/${path.replace(/^\//, '')}`;
  const others: AppHandle[] = [];
  return {
    app: handle.handler,
    seam: handle.api!,
    database,
    async another() {
      const other = await createApp(config, { database: testDb.options, clock: () => clock.now });
      others.push(other);
      return other;
    },
    async restart(env) {
      await handle.close();
      handle = await createApp(testConfig(testDb, env), { database: testDb.options, clock: () => clock.now });
    },
    clock,
    token: accessToken,
    get: (path) => auth(request(handle.handler).get(url(path))),
    post: (path, body) => auth(request(handle.handler).post(url(path))).send(body as object),
    put: (path, body) => auth(request(handle.handler).put(url(path))).send(body as object),
    del: (path) => auth(request(handle.handler).delete(url(path))),
    async close() {
      for (const other of others) await other.close();
      await database.close();
      await handle.close();
      await testDb.drop();
    },
  };
}

/** Ids of a small, consistent set of rows created through the API. */
export interface Fixture {
  english: number;
  spanish: number;
  stage5: number;
  stage6: number;
  group: number;
  level: number;
  words: number[];
}

export async function createFixture(api: ApiHarness): Promise<Fixture> {
  const created = async (path: string, body: object): Promise<number> => {
    const res = await api.post(path, body);
    if (res.status !== 201) throw new Error(`POST ${path} → ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id as number;
  };
  const english = await created('languages/cms', { language: 'English' });
  const spanish = await created('languages/cms', { language: 'Español', isActive: false });
  const stage5 = await created('stages/cms', { letterCount: 5, number: 1, letters: 'five' });
  const stage6 = await created('stages/cms', { letterCount: 6, number: 2, isActive: false });
  const group = await created('letter-groups/cms', {
    letters: 'pasta',
    languageId: english,
    stageId: stage5,
  });
  const level = await created('levels/cms', { hint: 'Kitchen words', languageId: english, stageId: stage5 });
  const words: number[] = [];
  for (const letters of ['tap', 'pat', 'Ñandú']) {
    words.push(await created('words/cms', { letters, languageId: letters === 'Ñandú' ? spanish : english }));
  }
  return { english, spanish, stage5, stage6, group, level, words };
}

/**
 * A describe block's API on `dialect` with the small fixture: started before its tests, closed after.
 * Both objects are filled in by the beforeAll, so read them inside the tests only.
 */
export function useApiWithFixture(dialect: Dialect): { api: ApiHarness; f: Fixture } {
  const api = {} as ApiHarness;
  const f = {} as Fixture;
  beforeAll(async () => {
    Object.assign(api, await startApi(dialect));
    Object.assign(f, await createFixture(api));
  });
  afterAll(async () => api.close?.());
  return { api, f };
}

/** A player row, as the game would create it (users have no POST in the API). */
export async function insertPlayer(
  api: ApiHarness,
  values: { username: string; email?: string; languageId?: number | null },
): Promise<number> {
  const now = new Date(api.clock.now).toISOString();
  const row = await api.database.db
    .insertInto('users')
    .values({ email: '', ...values, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
