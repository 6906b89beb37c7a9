import { URI, type TOTP } from 'otpauth';
import { expect } from 'vitest';
import {
  ApiError,
  createApiClient,
  type ApiClient,
  type Tokens,
  type TokenStore,
} from '#shared/api-client/index.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/database.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

export const ADMIN = { username: 'admin', password: 'correct-horse-battery-staple' };
export const START = Date.parse('2025-03-01T09:00:00.000Z');

/** Tokens in memory; every `set` is recorded so tests can see the refreshes. */
export interface MemoryTokens extends TokenStore {
  current: Tokens | null;
  sets: Array<Tokens | null>;
}

export function memoryTokens(initial: Tokens | null = null): MemoryTokens {
  return {
    current: initial,
    sets: [],
    get() {
      return this.current;
    },
    set(tokens) {
      this.current = tokens;
      this.sets.push(tokens);
    },
  };
}

/** One line per request that reached `fetch`: `GET /arguscreative/words/levels/cms/search/?page=0`. */
export function recordingFetch(log: string[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    log.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    return fetch(input, init);
  };
}

export interface ClientHarness {
  app: TestApp;
  /** The API's base URL: `http://127.0.0.1:{port}/arguscreative/words`. */
  baseUrl: string;
  clock: { now: number };
  tokens: MemoryTokens;
  /** Requests made by `client`. */
  requests: string[];
  client: ApiClient;
  /** A second connection to the app's database, for what the API cannot create (players). */
  database: DatabaseHandle;
  /** The authenticator app's view of the admin's TOTP secret (after the first login). */
  totp: TOTP | null;
  close(): Promise<void>;
}

/** The real app listening on a random port (SQLite), with a standing clock that tests move. */
export async function startClientHarness(): Promise<ClientHarness> {
  const clock = { now: START };
  const app = await startTestApp({}, { clock: () => clock.now });
  const baseUrl = `${await app.listen()}/arguscreative/words`;
  const database = await openDatabase({ dataDir: app.config.dataDir, databaseUrl: null });
  const tokens = memoryTokens();
  const requests: string[] = [];
  const client = createApiClient({ baseUrl, tokens, fetch: recordingFetch(requests) });
  return {
    app,
    baseUrl,
    clock,
    tokens,
    requests,
    client,
    database,
    totp: null,
    async close() {
      await database.close();
      await app.stop();
    },
  };
}

/**
 * The admin's two-step login through the client itself: login (no bearer) → a TOTP computed from
 * the enrolment's otpauth URL at the app's clock → verifyOtp with the two-factor token. The pair is
 * stored in the harness's token store, as a caller of the client does.
 */
export async function logInWithClient(h: ClientHarness): Promise<Tokens> {
  const login = await h.client.auth.login(ADMIN);
  if (!login.twoFaEnabled || !login.accessToken) throw new Error(`login gave no two-factor token`);
  if (login.qrCodeUrl) h.totp = URI.parse(login.qrCodeUrl) as TOTP;
  if (!h.totp) throw new Error('the TOTP secret is unknown (enrolled outside this harness)');
  const verified = await h.client.auth.verifyOtp(
    { username: ADMIN.username, otp: h.totp.generate({ timestamp: h.clock.now }) },
    login.accessToken,
  );
  const pair = { accessToken: verified.accessToken, refreshToken: verified.refreshToken };
  await h.tokens.set(pair);
  return pair;
}

/** Awaits `promise` expecting an ApiError, and returns it. */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
