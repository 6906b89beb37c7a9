/**
 * The paths Express answers itself rather than a page (health, metrics, the assets, robots and
 * the sitemap), listed once: the fast lane leaves them to Express (app.ts) and the metrics label
 * them by their own path (observability/metrics.ts).
 */
export const SERVER_PATHS = [
  '/healthz',
  '/readyz',
  '/metrics',
  '/assets',
  '/robots.txt',
  '/sitemap.xml',
] as const;
