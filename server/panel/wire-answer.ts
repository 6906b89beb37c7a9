import { Readable } from 'node:stream';
import { parseBody } from '#shared/api-client/errors.ts';
import type { WireAnswer } from '#shared/api-client/wire.ts';
import type { ProxyOutcome } from '../proxy/forward.ts';

const NO_BODY_STATUS = new Set([101, 204, 205, 304]);

/**
 * The proxy's outcome as the loaders' API client reads it (request-context.ts): the embedded API's
 * JSON value as it is; bytes (an external API's answer, the proxy's own errors) parsed once; an
 * export as a web stream. Headers are read by name only, so a Map of the few relayed ones will do.
 */
export function wireAnswer(outcome: ProxyOutcome): WireAnswer {
  const headers = outcomeHeaders(outcome.headers);
  if (outcome.stream) {
    const stream = Readable.toWeb(outcome.stream) as ReadableStream<Uint8Array<ArrayBuffer>>;
    return { status: outcome.status, headers, body: null, stream };
  }
  if ('json' in outcome) return { status: outcome.status, headers, body: outcome.json };
  if (NO_BODY_STATUS.has(outcome.status)) return { status: outcome.status, headers, body: null, text: '' };
  const text = outcome.body.toString('utf8');
  return { status: outcome.status, headers, body: parseBody(text), text };
}

/** `get` as Fetch's Headers does it: any case, null when absent. The relayed names are lower-case. */
function outcomeHeaders(headers: Record<string, string>): WireAnswer['headers'] {
  return { get: (name: string) => headers[name.toLowerCase()] ?? null };
}
