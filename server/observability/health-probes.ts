import { Router } from 'express';

/** A dependency the instance needs to serve: `check()` resolves when it answers, rejects when not. */
export interface ReadinessCheck {
  name: 'database' | 'session store';
  check(): Promise<unknown>;
}

const TIMEOUT_MS = 2_000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * `GET /healthz`: the process is alive and its event loop turns (for a liveness probe: restart when
 * it fails). `GET /readyz`: the database and, when configured, Redis answer (for a load balancer:
 * send no traffic while 503). Both answer JSON and are never cached.
 */
export function healthRoutes(checks: () => ReadinessCheck[]): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const results = await Promise.all(
      checks().map(async ({ name, check }) => {
        try {
          await within(check(), TIMEOUT_MS);
          return [name, 'ok'] as const;
        } catch {
          return [name, 'unavailable'] as const;
        }
      }),
    );
    const ready = results.every(([, state]) => state === 'ok');
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ready ? 'ready' : 'unavailable', checks: Object.fromEntries(results) });
  });
  return router;
}
