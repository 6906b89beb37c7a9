import type { Server } from 'node:http';
import request from 'supertest';
import type { Reach } from '#shared/permissions.ts';
import { createApp, type AppHandle } from '../../../server/app.ts';
import type { ApiOperation } from '../../../server/api/http/operation.ts';
import { openDatabase, type DatabaseHandle, type Dialect } from '../../../server/db/database.ts';
import { listener } from '../../../server/listener.ts';
import { loginAsAdmin } from '../../helpers/admin-login.ts';
import { testDatabase } from '../../helpers/databases.ts';
import { ADMIN, PREFIX, START, testConfig } from '../harness.ts';

/**
 * The world the write-integrity tests attack (issue 43): the real app listening on a random port,
 * a little content in three languages, players, and every kind of caller — an administrator's
 * session and token, editors and viewers limited to English (sessions and tokens), an editor of
 * every language, a token whose owner was narrowed to Spanish, and one whose owner was deactivated.
 */

export interface Caller {
  name: string;
  /** Bearer credential: an access token or an API token. */
  credential: string;
  isToken: boolean;
  /** What the caller may reach, as the team set it up (null: it may reach nothing, refused). */
  reach: Reach | null;
  /** Whose name the audit log and change sets carry. */
  username: string;
  /** How often it sends a generated request, relative to the others. */
  weight: number;
}

export interface Answer {
  status: number;
  body: unknown;
  text: string;
}

export interface World {
  dialect: Dialect;
  url: string;
  database: DatabaseHandle;
  operations: readonly ApiOperation[];
  callers: Caller[];
  /** Accounts no caller uses, which team requests may change. */
  targets: number[];
  /** Ids of the API tokens the callers hold (never revoked by a generated request). */
  callerTokens: number[];
  languages: { english: number; spanish: number; german: number };
  send(
    caller: Caller | null,
    method: string,
    path: string,
    body?: string,
    headers?: Record<string, string>,
  ): Promise<Answer>;
  close(): Promise<void>;
}

const PASSWORD = 'a-long-member-password';

export async function startWorld(dialect: Dialect): Promise<World> {
  const testDb = testDatabase(dialect);
  const clock = { now: START };
  const handle: AppHandle = await createApp(testConfig(testDb), {
    database: testDb.options,
    clock: () => clock.now,
  });
  const database = await openDatabase(testDb.options);
  const server: Server = listener(handle).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const send: World['send'] = async (caller, method, path, body, headers = {}) => {
    const res = await fetch(`${url}${PREFIX}/${path}`, {
      method,
      headers: {
        ...(caller ? { authorization: `Bearer ${caller.credential}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body }),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON (an export): kept as text.
    }
    return { status: res.status, body: parsed, text };
  };
  const admin = (await loginAsAdmin(handle.handler, { ...ADMIN, clock: () => clock.now })).accessToken;
  const adminCaller: Caller = {
    name: 'administrator',
    credential: admin,
    isToken: false,
    reach: { permissions: 'administrator', languages: null },
    username: ADMIN.username,
    weight: 3,
  };
  const call = async (method: string, path: string, value: unknown, as = adminCaller) => {
    const res = await send(as, method, path, JSON.stringify(value));
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    return res.body as Record<string, unknown>;
  };
  const id = async (path: string, value: unknown) => Number((await call('POST', path, value)).id);

  const languages = {
    english: await id('languages/cms', { language: 'English' }),
    spanish: await id('languages/cms', { language: 'Spanish' }),
    german: await id('languages/cms', { language: 'German' }),
  };
  await seedPlayers(database, await seedContent(call, languages), languages.english);

  /** Invites, enrols and logs in an account; answers its access token and id. */
  const member = async (username: string, permissions: string, languageIds?: number[]) => {
    const invited = await call('POST', 'accounts/cms', {
      username,
      permissions,
      ...(languageIds ? { languages: languageIds } : {}),
    });
    const token = new URL(String(invited.enrolmentPath), 'http://x').searchParams.get('token')!;
    await request(handle.handler)
      .post(`${PREFIX}/auth/enrol`)
      .send({ token, password: PASSWORD })
      .expect(200);
    const login = await loginAsAdmin(handle.handler, {
      username,
      password: PASSWORD,
      clock: () => clock.now,
    });
    return { credential: login.accessToken, id: Number((invited.account as { id: number }).id) };
  };
  const session = async (name: string, reach: Reach): Promise<Caller> => {
    const made = await member(name, reach.permissions, reach.languages ?? undefined);
    return {
      name,
      credential: made.credential,
      isToken: false,
      reach,
      username: name,
      weight: writes(reach),
    };
  };
  const callerTokens: number[] = [];
  const token = async (name: string, reach: Reach, owner: Caller = adminCaller): Promise<Caller> => {
    const made = await call(
      'POST',
      'tokens/cms',
      { name, permissions: reach.permissions, languages: reach.languages, expiresInDays: 30 },
      owner,
    );
    callerTokens.push(Number(made.id));
    return {
      name,
      credential: String(made.token),
      isToken: true,
      reach,
      username: `${owner.username} · token ${name}`,
      weight: writes(reach),
    };
  };
  const en = [languages.english];
  const callers: Caller[] = [
    adminCaller,
    await token('admin-token', { permissions: 'administrator', languages: null }),
    await session('editor-en', { permissions: 'editor', languages: en }),
    await session('viewer-en', { permissions: 'viewer', languages: en }),
    await session('editor-all', { permissions: 'editor', languages: null }),
    await token('editor-en-token', { permissions: 'editor', languages: en }),
    await token('viewer-token', { permissions: 'viewer', languages: null }),
  ];
  // A token whose owner was narrowed after creating it reaches only what its owner still may.
  const ownerB = await session('owner-b', { permissions: 'administrator', languages: null });
  const narrowed = await token('narrowed-token', { permissions: 'editor', languages: null }, ownerB);
  const ownerBId = await accountId(database, 'owner-b');
  await call('PUT', `accounts/cms/${ownerBId}`, { permissions: 'editor', languages: [languages.spanish] });
  callers.push({ ...narrowed, reach: { permissions: 'editor', languages: [languages.spanish] } });
  // A token whose owner was deactivated reaches nothing.
  const ownerC = await session('owner-c', { permissions: 'administrator', languages: null });
  const orphan = await token('orphan-token', { permissions: 'editor', languages: null }, ownerC);
  await call('PUT', `accounts/cms/${await accountId(database, 'owner-c')}`, { isActive: false });
  callers.push({ ...orphan, reach: null, weight: 1 });
  // Another administrator, whose change sets the others must not write into.
  callers.push(await session('admin-2', { permissions: 'administrator', languages: null }));

  const targets: number[] = [];
  for (const name of ['target-1', 'target-2']) {
    const invited = await call('POST', 'accounts/cms', { username: name, permissions: 'viewer' });
    targets.push(Number((invited.account as { id: number }).id));
  }
  return {
    dialect,
    url,
    database,
    operations: handle.apiOperations,
    callers,
    targets,
    callerTokens,
    languages,
    send,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await database.close();
      await handle.close();
      await testDb.drop();
    },
  };
}

/** Callers that may write send more often than those refused everything. */
const writes = (reach: Reach) => (reach.permissions === 'viewer' ? 1 : reach.languages === null ? 2 : 3);

async function accountId(database: DatabaseHandle, username: string): Promise<number> {
  const row = await database.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

type Call = (method: string, path: string, value: unknown) => Promise<Record<string, unknown>>;

/** Stages, letter groups, words, levels and their links, per language; answers the levels. */
async function seedContent(call: Call, languages: World['languages']): Promise<number[]> {
  const levels: number[] = [];
  const id = async (path: string, value: unknown) => Number((await call('POST', path, value)).id);
  const stages = [
    await id('stages/cms', { number: 1, letterCount: 5, letters: 'one' }),
    await id('stages/cms', { number: 2, letterCount: 6, letters: 'two' }),
  ];
  const words: Record<string, string[]> = {
    english: ['tap', 'pat', 'apt', 'sat', 'tea', 'eat'],
    spanish: ['pasta', 'tapas', 'sapo', 'paso', 'tasa'],
    german: ['haus', 'maus', 'saum'],
  };
  const groups: Record<string, string> = { english: 'pates', spanish: 'potas', german: 'muash' };
  for (const [name, languageId] of Object.entries(languages)) {
    const wordIds = [];
    for (const letters of words[name]!) wordIds.push(await id('words/cms', { letters, languageId }));
    const group = await id('letter-groups/cms', { letters: groups[name], languageId, stageId: stages[0] });
    await id('letter-groups/cms', { letters: `${groups[name]}r`, languageId, stageId: stages[1] });
    const level = await id('levels/cms', { languageId, stageId: stages[0], checkCondition: 'words::2' });
    await id('levels/cms', { languageId, stageId: stages[1], hint: `${name} two` });
    await call('POST', 'letter-group-words/cms/bulk', {
      rows: wordIds.slice(0, 3).map((wordId) => ({ letterGroupId: group, wordId })),
    });
    await call('POST', 'letter-group-levels/cms/bulk', { rows: [{ letterGroupId: group, levelId: level }] });
    levels.push(level);
  }
  return levels;
}

/** Players and their results, as the game writes them (users have no POST in the API). */
async function seedPlayers(database: DatabaseHandle, levels: number[], languageId: number): Promise<void> {
  const now = new Date(START).toISOString();
  for (const [i, name] of ['ana', 'bo', 'cy'].entries()) {
    const { id: userId } = await database.db
      .insertInto('users')
      .values({ username: name, email: `${name}@example.com`, languageId, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('userLevels')
      .values({ userId, levelId: levels[i % levels.length]!, validWords: i })
      .execute();
  }
}
