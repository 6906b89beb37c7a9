import { apiDeclarations, reservedPaths } from '../api/declarations.ts';
import type { OperationSpec } from '../api/http/operation.ts';
import { routeMatcher } from '../api/http/route-matcher.ts';

/**
 * What the panel's proxy forwards (issue 44): the declared operations marked `panel` (reads and
 * writes the panel makes), nothing else — every `auth/` path and the openapi document included
 * are a 404 before any upstream call. A filter over the same declarations the API serves, so the
 * allow-list cannot drift from the API. Paths are lower-case letters, digits and dashes only: no
 * dot, percent sign, backslash or second slash ever gets through, so traversal and host tricks
 * fail here; a path's parameters must pass the operation's own schema, and the upstream path is
 * built only from the parsed values, with `new URL()`.
 */

/** A browser call the proxy may forward. */
export interface AllowedCall {
  spec: OperationSpec;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Relative to the content API prefix, e.g. `levels/cms/5`: only ever built from parsed parts. */
  path: string;
  /** Re-encoded query string (where the operation takes one), without the `?`; '' when none. */
  query: string;
  /** The answer is relayed as it comes, never held whole (exports of a whole table). */
  stream?: boolean;
}

const SAFE_PATH = /^(\/[a-z0-9]+(-[a-z0-9]+)*)+\/?$/;
const MAX_QUERY_LENGTH = 2048;
// eslint-disable-next-line no-control-regex -- finding control characters (CR/LF) is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

export class BadProxyQuery extends Error {}

let matcher: ReturnType<typeof routeMatcher<{ spec: OperationSpec }>> | null = null;
const find = (method: string, path: string) => {
  matcher ??= routeMatcher(
    apiDeclarations()
      .filter((spec) => spec.panel)
      .map((spec) => ({ spec })),
    { sensitive: true, reserved: reservedPaths() },
  );
  return matcher(method, path);
};

/** The call the proxy may forward for this method and raw URL (under the proxy prefix), or null. */
export function matchAllowedCall(method: string, rawUrl: string): AllowedCall | null {
  const queryAt = rawUrl.indexOf('?');
  const rawPath = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  const rawQuery = queryAt === -1 ? '' : rawUrl.slice(queryAt + 1);
  if (!SAFE_PATH.test(rawPath) || method === 'HEAD') return null;
  const matched = find(method, rawPath);
  if (!matched || 'allowed' in matched) return null;
  const { spec } = matched.found;
  const parsed = spec.params?.safeParse(matched.params);
  if (parsed && !parsed.success) return null;
  const values = (parsed?.data ?? {}) as Record<string, unknown>;
  const path = spec.path
    .slice(1)
    .replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(values[name])));
  return {
    spec,
    method: spec.method.toUpperCase() as AllowedCall['method'],
    path,
    query: spec.query ? cleanQuery(rawQuery) : '',
    ...(spec.stream ? { stream: true } : {}),
  };
}

/** Decodes and re-encodes the query, refusing control characters (CR/LF) and oversized queries. */
function cleanQuery(raw: string): string {
  if (raw.length > MAX_QUERY_LENGTH) throw new BadProxyQuery('The query string is too long.');
  const params = new URLSearchParams(raw);
  for (const [name, value] of params) {
    if (CONTROL.test(name) || CONTROL.test(value)) {
      throw new BadProxyQuery('The query string holds control characters.');
    }
  }
  return params.toString();
}

/**
 * The upstream URL, built with `new URL()` and checked to be exactly the expected path under the
 * configured origin and prefix (a second guard behind the path pattern).
 */
export function upstreamUrl(base: URL, call: Pick<AllowedCall, 'path' | 'query'>): URL {
  const url = new URL(call.path, base);
  if (url.origin !== base.origin || url.pathname !== `${base.pathname}${call.path}`) {
    throw new Error(`Refusing to build an upstream URL outside ${base.href}`);
  }
  url.search = call.query;
  return url;
}
