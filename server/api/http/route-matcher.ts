import { match, type MatchFunction } from 'path-to-regexp';
import type { Method, OperationSpec } from './operation.ts';

/**
 * Which declared operation a method and path name, as Express's router would match them
 * (path-to-regexp, case-insensitive, a trailing slash allowed, parameters decoded), the most
 * specific path first (`levels/cms/difficulty` before `levels/cms/:id`). Used by the dispatcher
 * (dispatch.ts) for HTTP and in-process calls alike, and by the panel's allow-list.
 *
 * Every request meets it, so it tries only the paths that can match: those whose first segment is
 * the request's (compared as the match compares it) and those that start with a parameter, in
 * specificity order, and stops at the first that matches.
 */

export type Matched<T> = { found: T; params: Record<string, string> } | { allowed: string[] } | null;

interface PathEntry<T> {
  /** The path's first segment as `firstKey` gives it, or null when it is no literal. */
  first: string | null;
  matches: MatchFunction<Record<string, string>>;
  weight: number;
  methods: Map<Method, T>;
}

export function routeMatcher<T extends { spec: OperationSpec }>(
  items: readonly T[],
  options: {
    sensitive?: boolean;
    /** Paths known to offer nothing (a table's bulk where it has none): a 404, never taken for an `:id`. */
    reserved?: readonly string[];
  } = {},
): (method: string, path: string) => Matched<T> {
  const byPath = new Map<string, PathEntry<T>>();
  const entryOf = (declared: string) => {
    const path = declared.replace(/\/+$/, '') || '/';
    let entry = byPath.get(path);
    if (!entry) {
      entry = {
        first: firstKey(path, options.sensitive ?? false, true),
        matches: match(path, {
          sensitive: options.sensitive ?? false,
          end: true,
          trailing: true,
          decode: decodeParam,
        }) as MatchFunction<Record<string, string>>,
        weight: (path.match(/:/g) ?? []).length,
        methods: new Map(),
      };
      byPath.set(path, entry);
    }
    return entry;
  };
  for (const path of options.reserved ?? []) entryOf(path);
  for (const item of items) {
    const { path, method } = item.spec;
    const entry = entryOf(path);
    if (entry.methods.has(method)) throw new Error(`${method} ${path} is declared twice`);
    entry.methods.set(method, item);
  }
  // The most specific path first (a stable sort: equals keep their declared order).
  const entries = [...byPath.values()].sort((a, b) => a.weight - b.weight);
  const open = entries.filter((entry) => entry.first === null);
  const byFirst = new Map<string, PathEntry<T>[]>();
  for (const { first } of entries)
    if (first !== null && !byFirst.has(first))
      byFirst.set(
        first,
        entries.filter((entry) => entry.first === first || entry.first === null),
      );
  return (method, path) => {
    const candidates = byFirst.get(firstKey(path, options.sensitive ?? false, false)!) ?? open;
    // The most specific path that matches is the one meant (`stages/cms/bulk` is no `:id`): it
    // answers, or says which methods it takes.
    let best: { entry: PathEntry<T>; params: Record<string, string> } | null = null;
    for (const entry of candidates) {
      const params = entry.matches(path);
      if (params) {
        best = { entry, params: params.params };
        break;
      }
    }
    if (best === null) return null;
    const wanted = (method.toLowerCase() === 'head' ? 'get' : method.toLowerCase()) as Method;
    if (best.entry.methods.size === 0) return null;
    const item = best.entry.methods.get(wanted);
    if (item) return { found: item, params: best.params };
    const allowed = new Set([...best.entry.methods.keys()].map((m) => m.toUpperCase()));
    if (allowed.has('GET')) allowed.add('HEAD');
    return { allowed: [...allowed] };
  };
}

/**
 * A path's first segment, the key its candidates are listed under. Case-insensitive matching
 * (a RegExp's `i` flag without `u`) folds ASCII letters only, so an ASCII-lowercased key finds every
 * literal a request can match. A declared segment holding path syntax (a parameter, a wildcard,
 * an optional group) is no literal: null.
 */
function firstKey(path: string, sensitive: boolean, declared: boolean): string | null {
  const start = path.startsWith('/') ? 1 : 0;
  const end = path.indexOf('/', start);
  const segment = path.slice(start, end === -1 ? path.length : end);
  if (declared && /[:*{}()\\?+]/.test(segment)) return null;
  return sensitive ? segment : segment.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** As Express's router decodes a parameter: a malformed escape is the client's 400. */
function decodeParam(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    throw Object.assign(new URIError(`Failed to decode param '${value}'`), { status: 400 });
  }
}
