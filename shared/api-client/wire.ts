import { parseBody } from './errors.ts';

/**
 * How the transport's calls reach the content API: fetch to a base URL (HTTP, in the browser, the
 * CLI and the server's auth calls), or a function given by whoever holds the API in the same
 * server (the panel's loaders), which answers with the parsed value and never builds a URL.
 * Bearer, refresh-on-401, change sets, timeouts and errors stay in the transport, for both.
 */

/** A Fetch `Headers`, or anything else that reads a header by name (any case). */
export type HeaderReader = Pick<Headers, 'get'>;

export interface WireCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Relative to the API's base, segments already encoded: `levels/cms/12`. */
  path: string;
  /** Encoded, without the `?`; '' when none. */
  query: string;
  headers: Record<string, string>;
  /** The JSON text of the body; absent: no body. */
  body?: string;
  signal: AbortSignal;
  /** A 2xx's body is wanted unread, as a stream (exports). */
  streamed: boolean;
}

export interface WireAnswer {
  status: number;
  statusText?: string;
  headers: HeaderReader;
  /** The body: its JSON value, else its text; null when empty or streamed. */
  body: unknown;
  /** The body's text, when it arrived as text (error messages quote it). */
  text?: string;
  /** With `streamed`, a 2xx's body. */
  stream?: ReadableStream<BufferSource> | null;
}

export type Wire = (call: WireCall) => Promise<WireAnswer>;

/** The wire over HTTP: fetch to `{baseUrl}/{path}?{query}`, the answer read whole unless streamed. */
export function fetchWire(baseUrl: string, doFetch: typeof fetch): Wire {
  const base = baseUrl.replace(/\/+$/, '');
  return async (call) => {
    const response = await doFetch(`${base}/${call.path}${call.query ? `?${call.query}` : ''}`, {
      method: call.method,
      headers: call.headers,
      credentials: 'same-origin',
      signal: call.signal,
      ...(call.body === undefined ? {} : { body: call.body }),
    });
    const { status, statusText, headers } = response;
    if (call.streamed && response.ok)
      return { status, statusText, headers, body: null, stream: response.body };
    const text = await response.text();
    return { status, statusText, headers, body: parseBody(text), text };
  };
}
