/**
 * Settings that may reach the browser and the rendered HTML. Everything else in the server's
 * configuration is private; only these keys are ever copied out of it (see server/config.ts).
 */
export interface PublicConfig {
  contactEmail: string;
  /** Embeddable feedback form (e.g. a Google Forms `viewform?embedded=true` URL), or null when unset. */
  feedbackFormUrl: string | null;
  social: { facebook: string; instagram: string; x: string };
  /** Absolute origin the site is reachable at, used for canonical URLs, Open Graph and the sitemap. */
  baseUrl: string;
}
