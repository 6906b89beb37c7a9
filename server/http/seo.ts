import { Router } from 'express';
import { PANEL_PATH } from '#shared/panel-paths.ts';
import type { PublicConfig } from '#shared/public-config.ts';
import { PUBLIC_PATHS } from '#shared/public-pages.ts';

/** robots.txt and sitemap.xml, built from the configured public origin. */
export function seoRoutes(config: PublicConfig): Router {
  const router = Router();
  const base = escapeXml(config.baseUrl);
  const robots = `User-agent: *\nDisallow: ${PANEL_PATH}/\nDisallow: /arguscreative/\n\nSitemap: ${config.baseUrl}/sitemap.xml\n`;
  const sitemap =
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    PUBLIC_PATHS.map((p) => `  <url><loc>${base}${p}</loc></url>\n`).join('') +
    '</urlset>\n';
  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600').send(robots);
  });
  router.get('/sitemap.xml', (_req, res) => {
    res.type('application/xml').set('Cache-Control', 'public, max-age=3600').send(sitemap);
  });
  return router;
}

const escapeXml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
