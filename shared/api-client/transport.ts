import {
  CHANGE_SET_COMMAND_HEADER,
  CHANGE_SET_HEADER,
  CHANGE_SET_RECORDED_HEADER,
} from '../change-set-wire.ts';
import type { ChangeSetTag } from './change-sets.ts';
import { ApiError, errorFromAnswer, errorFromFailure } from './errors.ts';
import { fetchWire, type HeaderReader, type Wire, type WireAnswer } from './wire.ts';

export interface Tokens {
  accessToken: string;
  refreshToken: string | null;
}

export interface TokenStore {
  get(): Tokens | null | Promise<Tokens | null>;
  set(tokens: Tokens | null): void | Promise<void>;
  /**
   * Optional: make refreshes single-flight across many clients sharing these tokens (the server has
   * one per session). Without it, concurrent 401s of one client share one refresh.
   */
  singleFlight?<T>(key: 'refresh', run: () => Promise<T>): Promise<T>;
}

/** Where the calls go: fetch to a base URL, or a wire of the caller's (see wire.ts). */
export type ApiClientOptions = ApiClientSettings &
  (
    | {
        /** 'http://localhost:3000/arguscreative/words' (Node) or '/argusma-words-panel/api' (browser). */
        baseUrl: string;
        fetch?: typeof fetch;
        wire?: never;
      }
    | {
        /** The API inside this server (the panel's loaders): no URL, the answer handed over parsed. */
        wire: Wire;
        baseUrl?: never;
        fetch?: never;
      }
  );

interface ApiClientSettings {
  /** Absent: no bearer header and no refresh (the browser behind the session proxy). */
  tokens?: TokenStore;
  /** Extra headers on every request (the panel sends its CSRF header). */
  headers?: Record<string, string>;
  /** Per attempt, default 30 s. */
  timeoutMs?: number;
  /**
   * Every write (POST, PUT, DELETE) joins this change set (`X-Change-Set`, `X-Change-Set-Command`),
   * and `recorded` adds up what the server says each one added: the CLI sets one per run, so its
   * commands, imports and scripts can be undone as one unit without code of their own.
   */
  changeSet?: ChangeSetTag;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const REFRESH_PATH = 'auth/refresh-token';

/**
 * Which bearer a call carries. `access`: the held access token, refreshed and retried once on 401.
 * `access-once`: the held access token, no refresh (verify-otp). `refresh`: the refresh token (refresh,
 * logout). `none`: no bearer (login). `{ token }`: exactly this one (a two-factor token).
 */
export type Bearer = 'access' | 'access-once' | 'refresh' | 'none' | { token: string };

export interface CallOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Relative to the base URL, segments already encoded: `levels/cms/12`. */
  path: string;
  query?: URLSearchParams;
  body?: unknown;
  bearer?: Bearer;
  /** Headers of this call only (If-Match). */
  headers?: Record<string, string>;
}

export interface Transport {
  call<T>(options: CallOptions): Promise<T>;
  /** A call whose answer's headers matter too (the ETag of a record). */
  callWithHeaders<T>(options: CallOptions): Promise<{ body: T; headers: HeaderReader }>;
  /**
   * A GET whose answer is read as it arrives, a line at a time (JSON Lines exports). The timeout
   * covers the wait for the answer and then each stretch of silence while it streams.
   */
  lines(options: CallOptions): Promise<{ type: string; lines: AsyncIterable<string> }>;
  /** Exchanges the refresh token for a new pair (stored with `tokens.set`), one exchange at a time. */
  refresh(): Promise<Tokens>;
}

/**
 * fetch + JSON + bearer + refresh-on-401, for one client. A 401 on an `access` call triggers one
 * refresh, unless another call refreshed while this one was under way (then it just retries with
 * the newer token), so ten concurrent 401s make a single refresh call.
 */
export function createTransport(options: ApiClientOptions): Transport {
  const wire =
    options.wire ??
    fetchWire(options.baseUrl, options.fetch ?? ((input, init) => globalThis.fetch(input, init)));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const store = options.tokens;
  let refreshing: Promise<Tokens> | null = null;

  async function send(call: CallOptions, bearer: string | null, streamed = false): Promise<WireAnswer> {
    const headers: Record<string, string> = {
      ...options.headers,
      ...call.headers,
      Accept: 'application/json',
      'Content-Type': 'application/json',
    };
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    const tag = call.method === 'GET' ? undefined : options.changeSet;
    if (tag) {
      headers[CHANGE_SET_HEADER] = tag.id;
      // Percent-encoded: a header holds Latin-1 only, a command line any letter.
      headers[CHANGE_SET_COMMAND_HEADER] = encodeURIComponent(tag.command);
    }
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      // The timeout covers the body too: a server that sends headers and then stalls is just as hung.
      const answer = await wire({
        method: call.method,
        path: call.path,
        query: call.query?.toString() ?? '',
        headers,
        signal: controller.signal,
        streamed,
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      });
      const recorded = Number(answer.headers.get(CHANGE_SET_RECORDED_HEADER) ?? 0);
      if (tag && isOk(answer) && Number.isInteger(recorded) && recorded > 0) tag.recorded += recorded;
      return answer;
    } catch (error) {
      throw errorFromFailure(error, timedOut ? timeoutMs : null);
    } finally {
      clearTimeout(timer);
    }
  }

  async function exchange(): Promise<Tokens> {
    const held = await store?.get();
    if (!store || !held?.refreshToken) {
      throw new ApiError('No refresh token is held: log in again', { status: null });
    }
    const answer = await send({ method: 'GET', path: REFRESH_PATH }, held.refreshToken);
    if (!isOk(answer)) throw errorFromAnswer(answer);
    const body = answer.body as Partial<Tokens> | null;
    if (typeof body?.accessToken !== 'string' || body.accessToken === '') {
      throw new ApiError('The refresh answer holds no access token', { status: answer.status, body });
    }
    // SPEC §7 shows only {accessToken}: without a rotated refresh token the held one stays good.
    const next: Tokens = {
      accessToken: body.accessToken,
      refreshToken: typeof body.refreshToken === 'string' ? body.refreshToken : held.refreshToken,
    };
    await store.set(next);
    return next;
  }

  function refresh(): Promise<Tokens> {
    if (store?.singleFlight) return store.singleFlight('refresh', exchange);
    refreshing ??= exchange().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function bearerFor(bearer: Bearer): Promise<string | null> {
    if (typeof bearer === 'object') return bearer.token;
    if (bearer === 'none' || !store) return null;
    const held = await store.get();
    return (bearer === 'refresh' ? held?.refreshToken : held?.accessToken) ?? null;
  }

  async function answer(call: CallOptions, streamed: boolean): Promise<WireAnswer> {
    const bearer = call.bearer ?? 'access';
    const token = await bearerFor(bearer);
    let answer = await send(call, token, streamed);
    if (answer.status === 401 && bearer === 'access' && store && token !== null) {
      const held = await store.get();
      if (held?.refreshToken) {
        // Someone refreshed while this call was out: its token is newer than ours, use it.
        const fresh = held.accessToken !== token ? held : await refresh();
        answer = await send(call, fresh.accessToken, streamed);
      }
    }
    if (!isOk(answer)) throw errorFromAnswer(answer);
    return answer;
  }

  async function call<T>(options: CallOptions): Promise<T> {
    return (await answer(options, false)).body as T;
  }

  async function callWithHeaders<T>(options: CallOptions): Promise<{ body: T; headers: HeaderReader }> {
    const { body, headers } = await answer(options, false);
    return { body: body as T, headers };
  }

  async function lines(options: CallOptions): Promise<{ type: string; lines: AsyncIterable<string> }> {
    const { headers, stream } = await answer(options, true);
    return { type: headers.get('content-type') ?? '', lines: readLines(stream ?? null, timeoutMs) };
  }

  return { call, callWithHeaders, lines, refresh };
}

const isOk = (answer: WireAnswer): boolean => answer.status >= 200 && answer.status < 300;

/** The body's lines as they arrive; silence longer than `timeoutMs` is a timeout, as for a call. */
async function* readLines(
  body: ReadableStream<BufferSource> | null,
  timeoutMs: number,
): AsyncGenerator<string> {
  if (!body) return;
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  try {
    for (;;) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const silence = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(errorFromFailure(new Error('stalled'), timeoutMs)), timeoutMs);
      });
      const { done, value } = await Promise.race([reader.read(), silence]).finally(() => clearTimeout(timer));
      if (done) break;
      pending += value;
      const parts = pending.split('\n');
      pending = parts.pop()!;
      for (const line of parts) if (line) yield line;
    }
    if (pending) yield pending;
  } catch (error) {
    throw error instanceof ApiError ? error : errorFromFailure(error, null);
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
