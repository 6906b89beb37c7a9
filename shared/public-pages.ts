/**
 * The public site's pages, listed once (issue 44): the route table renders them
 * (client/routes.tsx), the navbar links the ones it shows (client/public/PublicLayout.tsx), the
 * sitemap lists them (server/http/seo.ts) and the metrics label them by their own path
 * (server/observability/metrics.ts).
 */
export const PUBLIC_PAGES = [
  { path: '/', label: 'Home', inNavbar: false },
  { path: '/about-us', label: 'About us', inNavbar: true },
  { path: '/terms-of-service', label: 'Terms of Service', inNavbar: true },
  { path: '/privacy-policy', label: 'Privacy Policy', inNavbar: true },
] as const;

export type PublicPath = (typeof PUBLIC_PAGES)[number]['path'];

export const PUBLIC_PATHS: readonly PublicPath[] = PUBLIC_PAGES.map((page) => page.path);
