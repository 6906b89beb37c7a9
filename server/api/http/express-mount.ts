import { pipeline } from 'node:stream/promises';
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from '../../logger.ts';
import type { ApiAnswer, RawBody } from './call.ts';
import type { Dispatch } from './dispatch.ts';

/**
 * The content API for HTTP clients: one Express handler under the API prefix that hands every
 * request to the dispatcher (dispatch.ts), the same one the panel calls in process. Bodies are read
 * by body-parser, only when an operation asks (after authorization), up to its limit.
 */
/** How long a request's body may take to arrive, once its operation asks for it. */
export const BODY_TIMEOUT_MS = 10_000;

export function expressMount(
  dispatch: Dispatch,
  deps: {
    prefix: string;
    logger: Logger;
    /** compression(), run only for an answer with a body not compressed already (see `encodes`). */
    compress: RequestHandler;
  },
): RequestHandler {
  const readers = new Map<number, RequestHandler>();
  const readBody = (req: Request, res: Response, limit: number): Promise<RawBody> => {
    let read = readers.get(limit);
    if (!read) readers.set(limit, (read = express.raw({ type: () => true, limit })));
    return new Promise((resolve) => {
      // A body shorter than its Content-Length would hold the connection until Node's own
      // requestTimeout (5 minutes, then a bare 408): answered here, as JSON naming the request,
      // and the connection closed once the answer is out (the rest of the body never comes).
      const timer = setTimeout(() => {
        res.setHeader('Connection', 'close');
        res.once('finish', () => req.destroy());
        resolve({ error: { status: 408, type: 'request.timeout' } });
      }, BODY_TIMEOUT_MS);
      timer.unref();
      void read(req, res, (error?: unknown) => {
        clearTimeout(timer);
        if (error) {
          const { status, type } = error as { status?: number; type?: string };
          resolve({ error: { status: Number(status) || 400, type: String(type ?? 'request.aborted') } });
        } else resolve({ bytes: Buffer.isBuffer(req.body) ? req.body : null });
      });
    });
  };
  return async (req, res) => {
    const answer = await dispatch({
      method: req.method,
      path: req.path,
      query: req.query as Record<string, string | string[] | undefined>,
      header: (name) => req.get(name),
      readBody: (limit) => readBody(req, res, limit),
      ip: req.ip ?? '',
      id: String(req.id),
      // A logger carrying the request's fields costs a child logger: made only by what logs.
      get log() {
        return req.log ?? deps.logger;
      },
      prefix: deps.prefix,
    });
    if (encodes(answer)) await new Promise<void>((resolve) => void deps.compress(req, res, () => resolve()));
    await send(res, answer, () => req.log ?? deps.logger);
  };
}

/**
 * Whether compression has anything to do: a body, neither final nor encoded already. A release
 * bundle was compressed when published (and a 304 has no body): the game's reads skip the wrapper.
 */
function encodes(answer: ApiAnswer): boolean {
  if (answer.final || answer.status === 204 || answer.status === 304) return false;
  if (answer.json === undefined && !answer.stream) return false;
  return !Object.keys(answer.headers).some((name) => name.toLowerCase() === 'content-encoding');
}

/** Writes an answer with Express: res.json for JSON, piped for a stream (a failure cuts it short). */
async function send(res: Response, answer: ApiAnswer, log: () => Logger): Promise<void> {
  res.status(answer.status).set(answer.headers);
  if (answer.stream) {
    await pipeline(answer.stream, res).catch((error: unknown) => {
      log().warn({ err: { message: (error as Error).message } }, 'API stream ended early');
    });
  } else if (answer.json === undefined) res.end();
  else res.json(answer.json);
}
