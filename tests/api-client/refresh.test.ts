import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, type TokenStore } from '#shared/api-client/index.ts';
import {
  ADMIN,
  logInWithClient,
  memoryTokens,
  recordingFetch,
  startClientHarness,
  type ClientHarness,
} from './harness.ts';

const MINUTE = 60_000;
const REFRESH = 'GET /arguscreative/words/auth/refresh-token';

describe('API client: refresh on 401 against the embedded API (injected clock)', () => {
  let h: ClientHarness;
  let language: number;

  beforeAll(async () => {
    h = await startClientHarness();
    await logInWithClient(h);
    language = (await h.client.languages.create({ language: 'English' })).id;
  });
  afterAll(async () => h?.close());

  it('ten concurrent calls with an expired access token make exactly one refresh and all succeed', async () => {
    const before = h.tokens.current!;
    h.clock.now += 16 * MINUTE;
    const start = h.requests.length;
    const answers = await Promise.all([
      ...Array.from({ length: 9 }, () => h.client.languages.get(language)),
      // A body is kept for the retry.
      h.client.languages.update(language, { language: 'British English' }),
    ]);
    expect(answers.map((a) => a.id)).toEqual(Array(10).fill(language));
    expect(answers[9]!.language).toBe('British English');
    const made = h.requests.slice(start);
    expect(made.filter((r) => r === REFRESH)).toHaveLength(1);
    expect(made).toHaveLength(21);
    expect(h.tokens.current!.accessToken).not.toBe(before.accessToken);
    expect(h.tokens.current!.refreshToken).not.toBe(before.refreshToken);
    expect(h.tokens.sets.at(-1)).toEqual(h.tokens.current);
    expect((await h.client.languages.get(language)).language).toBe('British English');
  });

  it('clients sharing a store with singleFlight make one refresh between them', async () => {
    let flying: Promise<unknown> | null = null;
    const shared: TokenStore = {
      get: () => h.tokens.current,
      set: (tokens) => h.tokens.set(tokens),
      singleFlight<T>(_key: 'refresh', run: () => Promise<T>): Promise<T> {
        flying ??= run().finally(() => (flying = null));
        return flying as Promise<T>;
      },
    };
    const log: string[] = [];
    const clients = Array.from({ length: 3 }, () =>
      createApiClient({ baseUrl: h.baseUrl, tokens: shared, fetch: recordingFetch(log) }),
    );
    h.clock.now += 16 * MINUTE;
    const answers = await Promise.all(clients.flatMap((c) => [c.languages.get(language), c.stages.search()]));
    expect(answers).toHaveLength(6);
    expect(log.filter((r) => r === REFRESH)).toHaveLength(1);
  });

  it('auth.refresh() exchanges the refresh token and stores the new pair', async () => {
    const before = h.tokens.current!;
    const pair = await h.client.auth.refresh();
    expect(pair.accessToken).not.toBe(before.accessToken);
    expect(h.tokens.current).toEqual(pair);
    expect(h.requests.at(-1)).toBe(REFRESH);
  });

  it('a failed refresh (session past 12 hours) throws the refresh error and leaves the tokens alone', async () => {
    const held = h.tokens.current;
    const sets = h.tokens.sets.length;
    h.clock.now += 13 * 60 * MINUTE;
    const start = h.requests.length;
    const error = await h.client.languages.get(language).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(h.requests.slice(start)).toEqual([`GET /arguscreative/words/languages/cms/${language}`, REFRESH]);
    expect(h.tokens.current).toBe(held);
    expect(h.tokens.sets.length).toBe(sets);
  });

  it('verifyOtp without a token uses the held one; logout revokes the session, then refresh fails', async () => {
    h.clock.now += MINUTE;
    const login = await h.client.auth.login(ADMIN);
    expect(login.qrCodeUrl).toBeNull();
    h.tokens.current = { accessToken: login.accessToken!, refreshToken: null };
    const start = h.requests.length;
    // No refresh token: a 401 is not followed by a refresh.
    await expect(h.client.languages.get(language)).rejects.toMatchObject({ status: 401 });
    expect(h.requests.slice(start)).toHaveLength(1);

    const verified = await h.client.auth.verifyOtp({
      username: ADMIN.username,
      otp: h.totp!.generate({ timestamp: h.clock.now }),
    });
    expect(verified.token).toBe(verified.accessToken);
    h.tokens.current = { accessToken: verified.accessToken, refreshToken: verified.refreshToken };
    expect((await h.client.languages.get(language)).id).toBe(language);

    await h.client.auth.logout();
    await h.client.auth.logout(); // an ended session: the 401 is not an error here
    h.clock.now += 16 * MINUTE;
    const revoked = await h.client.languages.get(language).catch((e: unknown) => e);
    expect(revoked).toBeInstanceOf(ApiError);
    expect((revoked as ApiError).status).toBe(401);
    expect(h.requests.at(-1)).toBe(REFRESH);
  });

  it('without a token store no bearer is sent and nothing is refreshed', async () => {
    const log: string[] = [];
    const anonymous = createApiClient({ baseUrl: h.baseUrl, fetch: recordingFetch(log) });
    const error = await anonymous.words.search().catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
    expect(log).toEqual(['GET /arguscreative/words/words/cms/search/?page=0']);
    await expect(anonymous.auth.refresh()).rejects.toMatchObject({ status: null });
    expect(memoryTokens().current).toBeNull();
  });
});
