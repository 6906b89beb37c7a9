import { parse as parseQuery } from 'node:querystring';
import type { Logger } from '../../logger.ts';
import { nextTurn } from '../next-turn.ts';
import type { ApiAnswer, ApiContext } from './call.ts';
import type { Dispatch } from './dispatch.ts';

/** A call to the content API from inside this process (the panel's proxy and loaders). */
export interface ApiCall {
  method: string;
  /** Path and query under the API prefix, percent-encoded as on the wire: `/words/cms/search?page=0`. */
  url: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: Buffer | null;
  /** The browser's address: the API's per-IP limits and audit see it, as for a direct client. */
  ip: string;
  id: string;
  log: Logger;
}

export type InProcessApi = (call: ApiCall) => Promise<ApiAnswer>;

/**
 * The in-process seam (docs/decisions/005-one-way-to-the-content-api.md): the dispatcher Express
 * serves (dispatch.ts) called with a context made from the call. No socket, no HTTP framing; the
 * answer is data (JSON or a stream).
 */
export function inProcessApi(dispatch: Dispatch, deps: { prefix: string }): InProcessApi {
  return async (call) => {
    await fairTurn();
    const queryAt = call.url.indexOf('?');
    const path = queryAt === -1 ? call.url : call.url.slice(0, queryAt);
    const search = queryAt === -1 ? '' : call.url.slice(queryAt + 1);
    const headers: Record<string, string> = { ...call.headers };
    if (call.body) headers['content-length'] = String(call.body.length);
    return dispatch({
      method: call.method,
      path,
      query: parseQuery(search) as ApiContext['query'],
      header: (name: string) => headers[name.toLowerCase()],
      readBody: async (limit: number) =>
        call.body && call.body.length > limit
          ? { error: { status: 413, type: 'entity.too.large' } }
          : { bytes: call.body },
      ip: call.ip,
      id: call.id,
      log: call.log,
      prefix: deps.prefix,
    });
  };
}

/** How long calls may follow each other without the event loop turning. */
const SLICE_MS = 5;
let sliceStart = 0;
let sliceOpen = false;

/**
 * Over HTTP every call waits for its socket, so the event loop turns between calls. In process, a
 * loop of calls (an import's batches) would run on microtasks alone and keep every other request
 * out until it ends. So calls run at once within a slice of {@link SLICE_MS} that ends when the
 * loop turns; past it, a call waits for the next turn. Under ordinary load the loop turns long
 * before, and no call waits.
 */
async function fairTurn(): Promise<void> {
  if (!sliceOpen) {
    sliceOpen = true;
    sliceStart = performance.now();
    setImmediate(() => (sliceOpen = false));
  } else if (performance.now() - sliceStart > SLICE_MS) {
    await nextTurn();
  }
}
