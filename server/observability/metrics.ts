import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';
import { PUBLIC_PATHS } from '#shared/public-pages.ts';
import { SERVER_PATHS } from '../http/server-paths.ts';

/**
 * Prometheus metrics on prom-client's default registry: the process (heap, event-loop lag, CPU,
 * handles), one latency histogram of every request by route pattern and status, and the database
 * pool. Route labels are patterns (`/api/{resource}/cms/{id}`), never raw URLs, so an attacker
 * cannot grow the number of series.
 */
let started = false;
const histogram = () =>
  (register.getSingleMetric('argus_http_request_duration_seconds') as Histogram | undefined) ??
  new Histogram({
    name: 'argus_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });

export function startProcessMetrics(): void {
  if (started) return;
  started = true;
  collectDefaultMetrics({ register });
}

/** Paths labelled as themselves: the public pages and the server's own (not /assets/…: hashed). */
const PUBLIC_ROUTES = new Set<string>([
  ...PUBLIC_PATHS,
  ...SERVER_PATHS.filter((path) => path !== '/assets'),
  '/favicon.ico',
]);
const SEGMENT = /^[a-z][a-z-]{0,30}$/;

/** The route pattern of a path, from a small closed set of shapes. */
export function routePattern(path: string, apiPrefix: string, panelPrefix: string): string {
  if (path.startsWith('/assets/')) return '/assets/*';
  if (PUBLIC_ROUTES.has(path)) return path;
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  const shape = (rest: string) =>
    rest
      .split('/')
      .filter(Boolean)
      .slice(0, 4)
      .map((s) => (/^\d+$/.test(s) ? '{id}' : SEGMENT.test(s) ? s : '{other}'))
      .join('/');
  if (under(`${panelPrefix}/api`)) return `/panel/api/${shape(path.slice(panelPrefix.length + 4))}`;
  if (under(`${panelPrefix}/session`)) return `/panel/session/${shape(path.slice(panelPrefix.length + 8))}`;
  if (under(panelPrefix)) return '/panel/{page}';
  if (under(apiPrefix)) return `/api/${shape(path.slice(apiPrefix.length))}`;
  return '{page}';
}

type MeasuredRequest = IncomingMessage & { originalUrl: string };

/** Route patterns kept by path (the game asks the same few paths thousands of times a second). */
const KEPT_PATTERNS = 1000;

export function requestMetrics(apiPrefix: string, panelPrefix: string) {
  const requests = histogram();
  const patterns = new Map<string, string>();
  const patternOf = (path: string) => {
    let pattern = patterns.get(path);
    if (pattern === undefined) {
      if (patterns.size >= KEPT_PATTERNS) patterns.clear();
      patterns.set(path, (pattern = routePattern(path, apiPrefix, panelPrefix)));
    }
    return pattern;
  };
  // Plain node:http types: the fast lane runs it on requests Express never sees (originalUrl set).
  return (req: MeasuredRequest, res: ServerResponse, next: () => void): void => {
    const end = requests.startTimer();
    res.on('finish', () => {
      // originalUrl: routers mounted under a prefix rewrite req.url while they run.
      const path = req.originalUrl.split('?')[0] ?? '/';
      const route = res.statusCode === 404 ? '{unmatched}' : patternOf(path);
      end({ method: req.method ?? '', route, status: String(res.statusCode) });
    });
    next();
  };
}

/**
 * Panel pages by where React rendered them: `thread` (a render thread), or `main` when the main
 * thread had to (threads busy, restarting after a failure, or a render that failed there). A
 * steady share of `main` says the threads are not doing their job.
 */
export function renderThreadMetrics(): (on: 'thread' | 'main') => void {
  const name = 'argus_render_thread_pages_total';
  const counter =
    (register.getSingleMetric(name) as Counter<'on'> | undefined) ??
    new Counter({ name, help: 'Panel pages rendered with render threads on, by where', labelNames: ['on'] });
  return (on) => counter.inc({ on });
}

/** Gauges of the PostgreSQL pool (connections in use, idle, and requests waiting for one). */
export function poolMetrics(stats: () => { total: number; idle: number; waiting: number }): void {
  const gauge = (name: string, help: string, read: (s: ReturnType<typeof stats>) => number) => {
    register.removeSingleMetric(name);
    new Gauge({
      name,
      help,
      collect() {
        this.set(read(stats()));
      },
    });
  };
  gauge('argus_db_pool_connections', 'Open PostgreSQL connections', (s) => s.total);
  gauge('argus_db_pool_idle', 'Idle PostgreSQL connections', (s) => s.idle);
  gauge('argus_db_pool_waiting', 'Queries waiting for a PostgreSQL connection', (s) => s.waiting);
}

/** GET /metrics with `Authorization: Bearer METRICS_TOKEN` (or on METRICS_PORT without it). */
export function metricsEndpoint(token: string | null): RequestHandler {
  return async (req, res, next) => {
    if (token !== null && req.get('authorization') !== `Bearer ${token}`) {
      if (req.get('authorization') === undefined) return next(); // an ordinary 404 for the public
      res.status(401).type('text/plain').send('Bad metrics token');
      return;
    }
    res
      .set('Cache-Control', 'no-store')
      .type(register.contentType)
      .send(await register.metrics());
  };
}
