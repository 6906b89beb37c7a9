import type { AnyEntity } from './entities/index.ts';

/**
 * A record's version for optimistic concurrency (issue 12): a 128-bit hash of its values, in the
 * description's field order, as a strong ETag (`"…"`). Derived, not stored: any change to any
 * field gives a new version, and no migration or column is needed. Plain JavaScript (no
 * node:crypto, no async WebCrypto), so the panel computes the same version for a row it already
 * holds from a list as the API sends for it.
 */
export function recordVersion(entity: AnyEntity, record: Record<string, unknown>): string {
  const values = Object.keys(entity.fields).map((name) => record[name] ?? null);
  return `"${hash128(JSON.stringify(values))}"`;
}

/** cyrb128 (public domain): four 32-bit lanes over the UTF-16 code units; not for secrets. */
function hash128(text: string): string {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1, h2, h3, h4].map((h) => (h >>> 0).toString(16).padStart(8, '0')).join('');
}

/**
 * Whether an `If-Match` header value admits the current version (RFC 9110 §13.1.1: `*`, or a
 * list of entity tags compared strongly, so a weak `W/"…"` tag never matches).
 */
export function ifMatchAdmits(header: string, current: string): boolean {
  const value = header.trim();
  if (value === '*') return true;
  const tags = value.match(/(W\/)?"[^"]*"/g) ?? [];
  return tags.some((tag) => tag === current);
}

/** An `If-Match` value that is no list of entity tags at all (`abc`, `"x`): the client's mistake. */
export function isMalformedIfMatch(header: string): boolean {
  const value = header.trim();
  return value !== '*' && !/^\s*(W\/)?"[^"]*"(\s*,\s*(W\/)?"[^"]*")*\s*$/.test(value);
}
