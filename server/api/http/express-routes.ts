import { pipeline } from 'node:stream/promises';
import express, {
  Router,
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import type { Logger } from '../../logger.ts';
import { allowOf, type ApiAnswer, type ApiContext, type ApiRoute, type RawBody } from './call.ts';
import { errorAnswer, notAllowedAnswer, notFoundAnswer } from './errors.ts';
import { finish, runSteps } from './run.ts';

/**
 * The content API's route table served by Express: each route an Express route, each method its
 * steps (run.ts) over a context made from Express's request; other methods on a known path are 405
 * with `Allow` (Express answers HEAD with GET); unknown paths are 404. in-process.ts serves the same
 * table to the panel; tests/api/in-process-seam.test.ts holds the two to the same answers.
 */
export function expressRoutes(routes: readonly ApiRoute[], deps: { prefix: string; logger: Logger }): Router {
  const router = Router();
  const readers = new Map<number, RequestHandler>();
  // Bodies are read by body-parser, only when a step asks (after authorization), up to its limit.
  const readBody = (req: Request, res: Response, limit: number): Promise<RawBody> => {
    let read = readers.get(limit);
    if (!read) readers.set(limit, (read = express.raw({ type: () => true, limit })));
    return new Promise((resolve) => {
      void read(req, res, (error?: unknown) => {
        if (error) {
          const { status, type } = error as { status?: number; type?: string };
          resolve({ error: { status: Number(status) || 400, type: String(type ?? 'request.aborted') } });
        } else resolve({ bytes: Buffer.isBuffer(req.body) ? req.body : null });
      });
    });
  };
  const contextOf = (req: Request, res: Response): ApiContext => ({
    method: req.method,
    path: req.path,
    params: req.params as Record<string, string>,
    query: req.query as ApiContext['query'],
    header: (name) => req.get(name),
    readBody: (limit) => readBody(req, res, limit),
    ip: req.ip ?? '',
    id: String(req.id),
    log: req.log ?? deps.logger,
    prefix: deps.prefix,
    finishing: [],
  });

  for (const route of routes) {
    const r = router.route(route.path);
    for (const [method, steps] of Object.entries(route.methods)) {
      r[method as 'get'](async (req, res, next) => {
        const answer = await runSteps(steps, contextOf(req, res));
        if (answer) await send(res, answer, req.log ?? deps.logger);
        else next();
      });
    }
    // A path the description serves no operation on is unknown, whatever the method.
    if (Object.keys(route.methods).length === 0) {
      r.all((req, res) => send(res, finish(notFoundAnswer(req.method, req.path)), deps.logger));
    } else if (!route.passThrough) {
      const allow = allowOf(route);
      r.all((req, res) => send(res, finish(notAllowedAnswer(req.method, allow)), deps.logger));
    }
  }
  router.use((req, res) => send(res, finish(notFoundAnswer(req.method, req.path)), deps.logger));
  // What failed outside a route's steps (a malformed path's parameters).
  const failed: ErrorRequestHandler = (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const request = { id: String(req.id), log: req.log ?? deps.logger };
    void send(res, finish(errorAnswer(error, request)), deps.logger);
  };
  router.use(failed);
  return router;
}

/** Writes an answer with Express: res.json for JSON, piped for a stream (a failure cuts it short). */
async function send(res: Response, answer: ApiAnswer, log: Logger): Promise<void> {
  res.status(answer.status).set(answer.headers);
  if (answer.stream) {
    await pipeline(answer.stream, res).catch((error: unknown) => {
      log.warn({ err: { message: (error as Error).message } }, 'API stream ended early');
    });
  } else if (answer.json === undefined) res.end();
  else res.json(answer.json);
}
