import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Request } from 'express';
import { Agent, fetch as undiciFetch, request as undiciRequest } from 'undici';
import type { Config } from '../config.ts';
import { apiPrefix } from '../api/index.ts';
import { INTERNAL_CLIENT_IP_HEADER, INTERNAL_KEY_HEADER } from './internal-client-ip.ts';
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
  /** The full upstream URL, built by upstreamUrl(). */
  url: URL;
  headers: Record<string, string>;
  body: Buffer | null;
  /** A 200's body is handed over unread, to be piped on (exports); other answers are read whole. */
  stream?: boolean;
}

export interface UpstreamAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** With `stream`, a 200's body (`body` is then empty); the caller must read or destroy it. */
  stream?: Readable;
}

/** What a call needs of the browser's request: its IP (as Express reads it). */
export type UpstreamCaller = Pick<Request, 'ip'>;

export interface Upstream {
  /** `{origin}{prefix}/` of the content API this request's panel talks to (trailing slash included). */
  base(req: UpstreamCaller): URL;
  send(req: UpstreamCaller, call: UpstreamCall): Promise<UpstreamAnswer>;
  /** fetch over the same pool (for the shared API client); never follows redirects. */
  fetchFor(req: UpstreamCaller): typeof fetch;
  /** Recognises the proxy's own calls to the embedded API (see internal-client-ip.ts). */
  internalKey: string;
  close(): Promise<void>;
}

/**
 * The panel's one way to the content API (docs/decisions/005-one-way-to-the-content-api.md): a
 * keep-alive undici pool to UPSTREAM_API_URL or, when the API is embedded, to this server's own
 * private loopback listener (app.ts), which serves the same handler as the public one. Either way
 * a call passes the API's own routes: validation, authorization, rate limits, audit.
 */
export function createUpstream(
  config: Config,
  timeouts: Partial<UpstreamTimeouts> = {},
  /** The embedded API's private loopback listener (see app.ts), once it listens. */
  embeddedOrigin: () => string | null = () => null,
): Upstream {
  const t = { ...DEFAULT_UPSTREAM_TIMEOUTS, ...config.upstreamTimeouts, ...timeouts };
  const agent = new Agent({
    connect: { timeout: t.connectTimeoutMs },
    headersTimeout: t.headersTimeoutMs,
    bodyTimeout: t.bodyTimeoutMs,
    keepAliveTimeout: 10_000,
    connections: 64,
  });
  const internalKey = randomBytes(32).toString('base64url');
  const embedded = !config.upstreamApiUrl;

  const base = (_req: UpstreamCaller): URL => {
    if (config.upstreamApiUrl) return new URL(`${config.upstreamApiUrl}/`);
    // createApp starts the private listener before it serves anything.
    const internal = embeddedOrigin();
    if (!internal) throw new UpstreamError('unreachable', 'The content API could not be reached.');
    return new URL(`${internal}${apiPrefix(config)}/`);
  };

  // The embedded API sees every proxied call come from this server; tell it who the browser is.
  const identity = (req: UpstreamCaller): Record<string, string> =>
    embedded ? { [INTERNAL_KEY_HEADER]: internalKey, [INTERNAL_CLIENT_IP_HEADER]: req.ip ?? '' } : {};

  return {
    base,
    internalKey,
    async send(req, call) {
      try {
        const answer = await undiciRequest(call.url, {
          dispatcher: agent,
          method: call.method,
          headers: { ...call.headers, ...identity(req) },
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
    fetchFor(req) {
      return (async (input: string | URL | globalThis.Request, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        for (const [name, value] of Object.entries(identity(req))) headers.set(name, value);
        try {
          const options = { ...init, headers, redirect: 'manual', dispatcher: agent };
          return await undiciFetch(input as string, options as unknown as Parameters<typeof undiciFetch>[1]);
        } catch (error) {
          throw asUpstreamError(error);
        }
      }) as unknown as typeof fetch;
    },
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
