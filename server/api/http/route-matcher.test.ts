import fc from 'fast-check';
import { match } from 'path-to-regexp';
import { describe, expect, it } from 'vitest';
import { apiDeclarations, reservedPaths } from '../declarations.ts';
import type { OperationSpec } from './operation.ts';
import { routeMatcher } from './route-matcher.ts';

const items = apiDeclarations().map((spec) => ({ spec }));
const reserved = reservedPaths();

/** What the matcher promises, written the slow way: every path tried, the most specific match kept. */
function everyPath(method: string, path: string, sensitive: boolean) {
  const paths = [...new Set([...reserved, ...items.map((item) => item.spec.path)])]
    .map((declared) => declared.replace(/\/+$/, '') || '/')
    .map((declared, order) => ({ declared, order, weight: (declared.match(/:/g) ?? []).length }))
    .sort((a, b) => a.weight - b.weight || a.order - b.order);
  for (const { declared } of paths) {
    const found = match(declared, { sensitive, end: true, trailing: true, decode: (v) => v })(path);
    if (!found) continue;
    const wanted = method === 'HEAD' ? 'get' : method.toLowerCase();
    const item = items.find((i) => i.spec.path.replace(/\/+$/, '') === declared && i.spec.method === wanted);
    if (item) return item.spec;
    const any = items.some((i) => i.spec.path.replace(/\/+$/, '') === declared);
    return any ? 'not allowed' : null;
  }
  return null;
}

const answer = (found: ReturnType<ReturnType<typeof routeMatcher<{ spec: OperationSpec }>>>) =>
  found === null ? null : 'allowed' in found ? 'not allowed' : found.found.spec;

describe('routeMatcher', () => {
  const find = routeMatcher(items, { reserved });

  it('takes the most specific path: a literal before a parameter', () => {
    const found = find('GET', '/releases/current/3');
    expect(found && 'found' in found && found.found.spec.path).toBe('/releases/current/:languageId');
    expect(found && 'found' in found && found.params).toEqual({ languageId: '3' });
    const given = find('GET', '/releases/12/3');
    expect(given && 'found' in given && given.found.spec.path).toBe('/releases/:number/:languageId');
  });

  it('matches as Express does: any case, a trailing slash, HEAD as GET; a wrong method names the right ones', () => {
    expect(answer(find('GET', '/RELEASES/Current/3/'))).toMatchObject({
      path: '/releases/current/:languageId',
    });
    expect(answer(find('HEAD', '/releases/current/3'))).toMatchObject({ method: 'get' });
    expect(find('DELETE', '/releases/current/3')).toEqual({ allowed: ['GET', 'HEAD'] });
    expect(find('GET', '/no-such-table/cms')).toBeNull();
    // A Kelvin sign is no "k" to the match (ASCII case folding only), nor to the candidates' key.
    expect(find('GET', '/\u212Aeys')).toBeNull();
  });

  it('finds what trying every declared path would find, for any path made of declared segments', () => {
    const segments = [
      ...new Set(items.flatMap((item) => item.spec.path.split('/').filter((s) => s && !s.startsWith(':')))),
    ];
    const segment = fc.oneof(
      fc.constantFrom(...segments),
      fc.constantFrom(...segments).map((s) => s.toUpperCase()),
      fc.integer({ min: 0, max: 99 }).map(String),
      fc.constantFrom('', 'x', '%41', 'Ka', '\u212Aeys'),
    );
    const path = fc
      .tuple(fc.array(segment, { minLength: 0, maxLength: 5 }), fc.boolean())
      .map(([parts, slash]) => `/${parts.join('/')}${slash ? '/' : ''}`);
    const method = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE');
    for (const sensitive of [false, true]) {
      const fast = routeMatcher(items, { reserved, sensitive });
      fc.assert(
        fc.property(method, path, (m, p) => {
          expect(answer(fast(m, p))).toEqual(everyPath(m, p, sensitive));
        }),
        { numRuns: 3000 },
      );
    }
  });
});
