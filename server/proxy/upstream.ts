import type { Readable } from 'node:stream';
import type { Request } from 'express';
import { Agent, fetch as undiciFetch, request as undiciRequest } from 'undici';
import type { Wire } from '#shared/api-client/wire.ts';
import { upstreamUrl } from './allowed-routes.ts';
import { UpstreamError } from './upstream-error.ts';

export { UpstreamError };

export interface UpstreamTimeouts {
  /** TCP (and TLS) connection set-up. */
  connectTimeoutMs: number;
  /** From sending the request to the end of the response headers. */
  headersTimeoutMs: number;
  /** Longest pause between two chunks of the response body. */
  bodyTimeoutMs: number;
  /** Largest response accepted from the content API. */
  maxResponseBytes: number;
}

export const DEFAULT_UPSTREAM_TIMEOUTS: UpstreamTimeouts = {
  connectTimeoutMs: 2000,
  headersTimeoutMs: 8000,
  bodyTimeoutMs: 8000,
  maxResponseBytes: 20 * 1024 * 1024,
};

export interface UpstreamCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Relative to the content API's prefix, built only from parsed parts (allowed-routes.ts). */
  path: string;
  /** Encoded, without the `?`; '' when none. */
  query: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: Buffer | null;
  /** A 200's body is handed over unread, to be piped on (exports); other answers are read whole. */
  stream?: boolean;
  /** A JSON answer may come back as its value (`json`), not serialised: the loaders read values. */
  value?: boolean;
}

export interface UpstreamAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** With `stream`, a 200's body (`body` is then empty); the caller must read or destroy it. */
  stream?: Readable;
  /** With `value`, the embedded API's JSON answer as it was made (`body` is then empty). */
  json?: unknown;
}

/** What a call needs of the browser's request: its IP (as Express reads it), id and logger. */
export type UpstreamCaller = Pick<Request, 'ip' | 'id' | 'log'>;

/** Where the shared API client's calls go (its options): a URL and fetch, or a wire in process. */
export type ClientWay = { baseUrl: string; fetch: typeof fetch } | { wire: Wire };

export interface Upstream {
  send(req: UpstreamCaller, call: UpstreamCall): Promise<UpstreamAnswer>;
  /** For the shared API client (the auth calls), over the same way; redirects are never followed. */
  clientWay(req: UpstreamCaller): ClientWay;
  close(): Promise<void>;
}

/**
 * The panel's way to an external content API (UPSTREAM_API_URL): a keep-alive undici pool with
 * timeouts and a size cap. The embedded API is called in process instead (embedded-upstream.ts).
 */
export function createHttpUpstream(upstreamApiUrl: string, timeouts: UpstreamTimeouts): Upstream {
  const t = timeouts;
  const agent = new Agent({
    connect: { timeout: t.connectTimeoutMs },
    headersTimeout: t.headersTimeoutMs,
    bodyTimeout: t.bodyTimeoutMs,
    keepAliveTimeout: 10_000,
    connections: 64,
  });
  const origin = new URL(`${upstreamApiUrl}/`);
  const viaPool = (async (input: string | URL | globalThis.Request, init?: RequestInit) => {
    try {
      const options = { ...init, redirect: 'manual', dispatcher: agent };
      return await undiciFetch(input as string, options as unknown as Parameters<typeof undiciFetch>[1]);
    } catch (error) {
      throw asUpstreamError(error);
    }
  }) as unknown as typeof fetch;

  return {
    async send(_req, call) {
      try {
        const answer = await undiciRequest(upstreamUrl(origin, call), {
          dispatcher: agent,
          method: call.method,
          headers: call.headers,
          body: call.body ?? undefined,
        });
        if (call.stream && answer.statusCode === 200) {
          return { status: 200, headers: answer.headers, body: Buffer.alloc(0), stream: answer.body };
        }
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of answer.body) {
          size += (chunk as Buffer).length;
          if (size > t.maxResponseBytes) {
            answer.body.destroy();
            throw new UpstreamError('too-large', 'The content API answered with too much data.');
          }
          chunks.push(chunk as Buffer);
        }
        return { status: answer.statusCode, headers: answer.headers, body: Buffer.concat(chunks) };
      } catch (error) {
        throw asUpstreamError(error);
      }
    },
    clientWay: () => ({ baseUrl: origin.href.replace(/\/$/, ''), fetch: viaPool }),
    close: () => agent.close(),
  };
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function asUpstreamError(error: unknown): UpstreamError {
  if (error instanceof UpstreamError) return error;
  const cause = (error as { cause?: unknown }).cause ?? error;
  const code = (cause as { code?: string }).code ?? '';
  if (TIMEOUT_CODES.has(code)) return new UpstreamError('timeout', 'The content API did not answer in time.');
  return new UpstreamError('unreachable', 'The content API could not be reached.');
}
