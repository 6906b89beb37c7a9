import type { InProcessApi } from '../api/http/in-process.ts';
import type { Upstream, UpstreamAnswer, UpstreamCall, UpstreamCaller } from './upstream.ts';
import { UpstreamError } from './upstream-error.ts';

// Only a label for the in-process calls: nothing is ever sent to this host.
const EMBEDDED_ORIGIN = 'http://embedded-api.invalid';

/**
 * The panel's way to the embedded content API: the API's own route table called in process
 * (api/http/in-process.ts), so a proxied call runs the same validation, authorization, rate limits
 * and audit as an HTTP client's, with the browser's address, and no socket in between. The calls
 * are shaped as for an external API (URL, headers, body), so forward.ts and the shared API client
 * do not know which one they talk to.
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
  const send = async (req: UpstreamCaller, call: UpstreamCall): Promise<UpstreamAnswer> => {
    const target = api();
    if (!target) throw new UpstreamError('unreachable', 'The content API could not be reached.');
    const path = call.url.pathname.startsWith(prefix) ? call.url.pathname.slice(prefix.length) : '/';
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(call.headers)) headers[name.toLowerCase()] = value;
    const answer = await target({
      method: call.method,
      url: `${path}${call.url.search}`,
      headers,
      body: call.body,
      ip: req.ip ?? '',
      id: String(req.id),
      log: req.log,
    });
    const answerHeaders: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers)) answerHeaders[name.toLowerCase()] = value;
    if (answer.stream) {
      answerHeaders['content-type'] ??= 'application/octet-stream';
      if (call.stream && answer.status === 200) {
        return { status: 200, headers: answerHeaders, body: Buffer.alloc(0), stream: answer.stream };
      }
      const chunks: Buffer[] = [];
      for await (const chunk of answer.stream) chunks.push(Buffer.from(chunk as Buffer));
      return { status: answer.status, headers: answerHeaders, body: bounded(Buffer.concat(chunks)) };
    }
    if (answer.json === undefined)
      return { status: answer.status, headers: answerHeaders, body: Buffer.alloc(0) };
    answerHeaders['content-type'] = 'application/json; charset=utf-8';
    const body = bounded(Buffer.from(JSON.stringify(answer.json)));
    return { status: answer.status, headers: answerHeaders, body };
  };

  return {
    base: () => new URL(`${EMBEDDED_ORIGIN}${prefix}/`),
    send,
    fetchFor(req) {
      return (async (input: string | URL | globalThis.Request, init?: RequestInit) => {
        const request = new Request(input, init);
        const headers: Record<string, string> = {};
        request.headers.forEach((value, name) => {
          headers[name] = value;
        });
        const body = request.body ? Buffer.from(await request.arrayBuffer()) : null;
        const method = request.method as UpstreamCall['method'];
        const answer = await send(req, { method, url: new URL(request.url), headers, body });
        const nobody = answer.status === 204 || answer.status === 304;
        return new Response(nobody ? null : new Uint8Array(answer.body), {
          status: answer.status,
          headers: answer.headers as Record<string, string>,
        });
      }) as typeof fetch;
    },
    close: async () => {},
  };
}
