import type { PageHandle } from '#client/page-handle.ts';
import type { AssetManifest } from './assets.ts';

export interface DocumentParts {
  head: PageHandle;
  /** Absolute canonical URL of the page, or null for pages that must not be indexed (errors). */
  canonicalUrl: string | null;
  appHtml: string;
  assets: AssetManifest;
  /** Scripts that load the client bundle; empty for static pages, which ship no JavaScript. */
  scripts: string;
  siteName: string;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The HTML shell around the rendered app. Everything interpolated here is escaped. */
export function renderDocument({ head, canonicalUrl, appHtml, assets, scripts, siteName }: DocumentParts) {
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  const canonical = canonicalUrl
    ? `<link rel="canonical" href="${escapeHtml(canonicalUrl)}"><meta property="og:url" content="${escapeHtml(canonicalUrl)}">`
    : '<meta name="robots" content="noindex">';
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${title}</title><meta name="description" content="${description}">` +
    '<meta name="theme-color" content="#0d6efd">' +
    `<meta property="og:type" content="website"><meta property="og:site_name" content="${escapeHtml(siteName)}">` +
    `<meta property="og:title" content="${title}"><meta property="og:description" content="${description}">` +
    `<meta name="twitter:card" content="summary">${canonical}` +
    (assets['favicon.svg'] ? `<link rel="icon" type="image/svg+xml" href="${assets['favicon.svg']}">` : '') +
    (assets['app.css'] ? `<link rel="stylesheet" href="${assets['app.css']}">` : '') +
    `</head><body><div id="root">${appHtml}</div>${scripts}</body></html>`
  );
}
