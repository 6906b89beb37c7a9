import type { Compilable, CompiledQuery } from 'kysely';

/**
 * A query whose SQL is built and compiled once, then run with each call's parameters. Kysely
 * builds, transforms (the camel-case plugin) and compiles a query on every call, which costs more
 * than running the small indexed lookups every API request makes (its access token, its account).
 * The builder's arguments must be the query's parameters, in order: checked on first use, and a
 * builder whose SQL carries others (values it computes) is compiled on every call, as before.
 */
export function compiledOnce<A extends unknown[], R>(
  build: (...args: A) => Compilable<R>,
): (...args: A) => CompiledQuery<R> {
  let template: CompiledQuery<R> | null = null;
  let reusable = true;
  return (...args) => {
    if (template) return { ...template, parameters: args };
    const compiled = build(...args).compile();
    if (reusable && sameValues(compiled.parameters, args)) template = compiled;
    else reusable = false;
    return compiled;
  };
}

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
}
