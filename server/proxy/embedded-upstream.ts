import { Readable } from 'node:stream';
import type { WireAnswer } from '#shared/api-client/wire.ts';
import type { ApiAnswer } from '../api/http/call.ts';
import type { InProcessApi } from '../api/http/in-process.ts';
import type { Upstream, UpstreamAnswer, UpstreamCall, UpstreamCaller } from './upstream.ts';
import { UpstreamError } from './upstream-error.ts';

/**
 * The panel's way to the embedded content API: the API's own dispatcher called in process
 * (api/http/in-process.ts), so a proxied call runs the same validation, authorization, rate limits
 * and audit as an HTTP client's, with the browser's address, and no socket, URL or origin in
 * between. A JSON answer stays a value when the caller reads values (the loaders, `value`); it
 * is serialised once, under the size cap, only for the browser.
 */
export function createEmbeddedUpstream(
  prefix: string,
  api: () => InProcessApi | null,
  /** The same cap as an external API's answers (an export, streamed, is not held). */
  maxResponseBytes: number,
): Upstream {
  const bounded = (body: Buffer): Buffer => {
    if (body.length > maxResponseBytes) {
      throw new UpstreamError('too-large', 'The content API answered with too much data.');
    }
    return body;
  };
  const call = (
    req: UpstreamCaller,
    method: string,
    url: string,
    headers: Record<string, string>,
    body: Buffer | null,
  ) => {
    const target = api();
    if (!target) throw new UpstreamError('unreachable', 'The content API could not be reached.');
    return target({ method, url, headers, body, ip: req.ip ?? '', id: String(req.id), log: req.log });
  };

  const send = async (req: UpstreamCaller, upstreamCall: UpstreamCall): Promise<UpstreamAnswer> => {
    const { method, path, query, headers, body } = upstreamCall;
    const answer = await call(req, method, `/${path}${query ? `?${query}` : ''}`, headers, body);
    const answerHeaders = lowerCased(answer.headers);
    if (answer.stream) {
      answerHeaders['content-type'] ??= 'application/octet-stream';
      if (upstreamCall.stream && answer.status === 200) {
        return { status: 200, headers: answerHeaders, body: Buffer.alloc(0), stream: answer.stream };
      }
      const chunks: Buffer[] = [];
      for await (const chunk of answer.stream) chunks.push(Buffer.from(chunk as Buffer));
      return { status: answer.status, headers: answerHeaders, body: bounded(Buffer.concat(chunks)) };
    }
    if (answer.json === undefined)
      return { status: answer.status, headers: answerHeaders, body: Buffer.alloc(0) };
    answerHeaders['content-type'] = 'application/json; charset=utf-8';
    if (upstreamCall.value) {
      return { status: answer.status, headers: answerHeaders, body: Buffer.alloc(0), json: answer.json };
    }
    const bytes = bounded(Buffer.from(JSON.stringify(answer.json)));
    return { status: answer.status, headers: answerHeaders, body: bytes };
  };

  return {
    send,
    // The auth calls (login, refresh…) through the shared client, straight to the dispatcher.
    clientWay: (req) => ({
      wire: async (wireCall) => {
        const headers = lowerCased(wireCall.headers);
        const body = wireCall.body === undefined ? null : Buffer.from(wireCall.body);
        const url = `/${wireCall.path}${wireCall.query ? `?${wireCall.query}` : ''}`;
        return asWireAnswer(await call(req, wireCall.method, url, headers, body));
      },
    }),
    close: async () => {},
  };
}

function lowerCased(headers: Record<string, string>): Record<string, string> {
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value;
  return lower;
}

/** The dispatcher's answer as the shared client reads it: the value as it is, a stream as a web stream. */
function asWireAnswer(answer: ApiAnswer): WireAnswer {
  const headers = new Headers(answer.headers);
  if (answer.stream) {
    const stream = Readable.toWeb(answer.stream) as ReadableStream<Uint8Array<ArrayBuffer>>;
    return { status: answer.status, headers, body: null, stream };
  }
  return { status: answer.status, headers, body: answer.json ?? null };
}
