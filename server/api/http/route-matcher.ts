import { match, type MatchFunction } from 'path-to-regexp';
import type { Method, OperationSpec } from './operation.ts';

/**
 * Which declared operation a method and path name, as Express's router would match them
 * (path-to-regexp, case-insensitive, a trailing slash allowed, parameters decoded), the most
 * specific path first (`levels/cms/difficulty` before `levels/cms/:id`). Used by the dispatcher
 * (dispatch.ts) for HTTP and in-process calls alike, and by the panel's allow-list.
 */

export type Matched<T> = { found: T; params: Record<string, string> } | { allowed: string[] } | null;

interface PathEntry<T> {
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
  const entries = [...byPath.values()].sort((a, b) => a.weight - b.weight);
  return (method, path) => {
    const found = entries.flatMap((entry) => {
      const params = entry.matches(path);
      return params ? [{ entry, params: params.params }] : [];
    });
    if (found.length === 0) return null;
    const wanted = (method.toLowerCase() === 'head' ? 'get' : method.toLowerCase()) as Method;
    // The most specific path is the one meant (`stages/cms/bulk` is no `:id`): it answers, or says
    // which methods it takes.
    const best = found[0]!;
    if (best.entry.methods.size === 0) return null;
    const item = best.entry.methods.get(wanted);
    if (item) return { found: item, params: best.params };
    const allowed = new Set([...best.entry.methods.keys()].map((m) => m.toUpperCase()));
    if (allowed.has('GET')) allowed.add('HEAD');
    return { allowed: [...allowed] };
  };
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
