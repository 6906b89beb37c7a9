import {
  contentEntities,
  auditEntry,
  letterGroup,
  word,
  type AnyEntity,
  type Operation,
} from '#shared/entities/index.ts';

/** A browser call the proxy may forward: one operation an entity description allows. */
export interface AllowedCall {
  /** Null for the calls that are about no one entity (the health report, revert, the trash). */
  entity: AnyEntity | null;
  /** An operation of the description, one of the link builder's (letter groups only), or another call's. */
  operation:
    | Operation
    | 'link-plan'
    | 'link-jobs'
    | 'health'
    | 'revert'
    | 'trash'
    | 'restore'
    | 'change-sets'
    | 'undo'
    | 'team'
    | 'difficulty'
    | 'dictionary';
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Relative to the content API prefix, e.g. `levels/cms/5`: only ever built from matched parts. */
  path: string;
  /** Re-encoded query string (search and export only), without the `?`; '' when none. */
  query: string;
  /** The answer is relayed as it comes, never held whole (exports of a whole table). */
  stream?: boolean;
}

const byResource = new Map<string, AnyEntity>(
  [...contentEntities, auditEntry].map((entity) => [entity.resource, entity]),
);

// Only lower-case letters, dashes and digits can match: no dot, percent sign, backslash or second
// slash ever gets through, so traversal and host tricks fail here, before any URL is built.
const PATH =
  /^\/([a-z]+(?:-[a-z]+)*)\/cms(?:\/(?:(search|bulk|bulk-update|bulk-delete|export)|(\d{1,10})))?\/?$/;
const HEALTH = /^\/health\/cms\/?$/;
/** How players fare on a stage's levels (issue 34): one fixed path, read only. */
const DIFFICULTY = /^\/levels\/cms\/difficulty\/?$/;
/** The solvability of levels (issue 13): `levels/cms/solvability` and `levels/cms/{id}/solvability`. */
const SOLVABILITY = /^\/levels\/cms\/(?:(\d{1,10})\/)?solvability\/?$/;
// The link builder: a group's plan (GET) and its apply (POST), link jobs (list, start, one job).
const LINK_PLAN = /^\/letter-groups\/cms\/(\d{1,10})\/link-plan\/?$/;
/** Issue 46: `words/cms/check` and `words/cms/decisions` (POST), `words/cms/dictionaries` (GET). */
const DICTIONARY = /^\/words\/cms\/(check|decisions|dictionaries)\/?$/;
const LINK_JOBS = /^\/letter-groups\/cms\/link-jobs(?:\/(\d{1,10}))?\/?$/;
const MAX_QUERY_LENGTH = 2048;
// eslint-disable-next-line no-control-regex -- finding control characters (CR/LF) is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

// History and undo (issue 13): revert an audit entry, list the trash, restore from it.
const HISTORY = /^\/(?:audit\/cms\/(\d{1,10})\/revert|trash\/cms\/(?:(search)|(\d{1,10})\/restore))\/?$/;

// Change sets (issue 13/15): the list, one by its lower-case uuid, its entries, and its undo (POST).
const CHANGE_SETS =
  /^\/change-sets\/cms\/(?:(search)|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\/(entries|undo))?)\/?$/;

// The team (issue 33): who am I; accounts (list, invite, one, change, reset two-factor, end its
// sessions, renew an invitation); API tokens (list, create, revoke). The API decides who may.
const TEAM =
  /^\/(?:accounts\/cms(?:\/(?:(me)|(\d{1,10})(?:\/(reset-2fa|end-sessions|invitation))?))?|(tokens)\/cms(?:\/(\d{1,10}))?)\/?$/;

export class BadProxyQuery extends Error {}

function matchTeamCall(method: string, rawPath: string): AllowedCall | null {
  const [, me, account, step, tokens, token] = TEAM.exec(rawPath)!;
  const team = (only: AllowedCall['method'], path: string): AllowedCall | null =>
    method === only ? { entity: null, operation: 'team', method: only, path, query: '' } : null;
  if (me) return team('GET', 'accounts/cms/me');
  if (step) return team('POST', `accounts/cms/${account}/${step}`);
  if (account)
    return method === 'PUT' ? team('PUT', `accounts/cms/${account}`) : team('GET', `accounts/cms/${account}`);
  if (token) return team('DELETE', `tokens/cms/${token}`);
  const collection = tokens ? 'tokens/cms' : 'accounts/cms';
  return method === 'POST' ? team('POST', collection) : team('GET', collection);
}

/** A change-set call: the list, one, its entries (reads) or its undo (the one write). */
function matchChangeSetCall(method: string, rawPath: string, rawQuery: string): AllowedCall | null {
  const [, search, id, part] = CHANGE_SETS.exec(rawPath)!;
  const read = (path: string, query = ''): AllowedCall | null =>
    method === 'GET' ? { entity: null, operation: 'change-sets', method: 'GET', path, query } : null;
  if (search !== undefined) return read('change-sets/cms/search/', cleanQuery(rawQuery));
  if (part === 'entries') return read(`change-sets/cms/${id}/entries`, cleanQuery(rawQuery));
  if (part === 'undo')
    return method === 'POST'
      ? { entity: null, operation: 'undo', method: 'POST', path: `change-sets/cms/${id}/undo`, query: '' }
      : null;
  return read(`change-sets/cms/${id}`);
}

function matchHistoryCall(method: string, rawPath: string, rawQuery: string): AllowedCall | null {
  const match = HISTORY.exec(rawPath);
  if (!match) return null;
  const [, entry, search, trashed] = match;
  if (entry !== undefined)
    return method === 'POST'
      ? { entity: null, operation: 'revert', method: 'POST', path: `audit/cms/${entry}/revert`, query: '' }
      : null;
  if (search !== undefined)
    return method === 'GET'
      ? {
          entity: null,
          operation: 'trash',
          method: 'GET',
          path: 'trash/cms/search/',
          query: cleanQuery(rawQuery),
        }
      : null;
  return method === 'POST'
    ? { entity: null, operation: 'restore', method: 'POST', path: `trash/cms/${trashed}/restore`, query: '' }
    : null;
}

/**
 * Matches `{resource}/cms/...` under the proxy prefix against the entity descriptions: search
 * (GET `search/`) and export (GET `export`), get, update and delete (`{id}`), create (POST on the
 * collection), bulk, bulk-update and bulk-delete, each only where the entity allows it. Anything else is null (404, no upstream call).
 * Plus the health report, the difficulty report, the history calls (matchHistoryCall), the change sets (matchChangeSetCall) and the solvability of levels
 * (matchSolvability). The refresh endpoint and every other `auth/` path simply never match.
 */
export function matchAllowedCall(method: string, rawUrl: string): AllowedCall | null {
  const queryAt = rawUrl.indexOf('?');
  const rawPath = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  const rawQuery = queryAt === -1 ? '' : rawUrl.slice(queryAt + 1);
  // The panel home's health report (issue 13): one fixed path, read only.
  if (HEALTH.test(rawPath)) {
    const query = cleanQuery(rawQuery);
    return method === 'GET'
      ? { entity: null, operation: 'health', method: 'GET', path: 'health/cms', query }
      : null;
  }
  if (DIFFICULTY.test(rawPath))
    return method === 'GET'
      ? {
          entity: null,
          operation: 'difficulty',
          method: 'GET',
          path: 'levels/cms/difficulty',
          query: cleanQuery(rawQuery),
        }
      : null;
  if (HISTORY.test(rawPath)) return matchHistoryCall(method, rawPath, rawQuery);
  if (CHANGE_SETS.test(rawPath)) return matchChangeSetCall(method, rawPath, rawQuery);
  if (TEAM.test(rawPath)) return matchTeamCall(method, rawPath);
  const dictionary = DICTIONARY.exec(rawPath);
  if (dictionary) {
    const [, part] = dictionary;
    const wanted = part === 'dictionaries' ? 'GET' : 'POST';
    return method === wanted
      ? { entity: word, operation: 'dictionary', method: wanted, path: `words/cms/${part}`, query: '' }
      : null;
  }
  const solvability = matchSolvability(method, rawPath, rawQuery);
  if (solvability !== undefined) return solvability;
  const link = linkBuilderCall(method, rawPath, rawQuery);
  if (link !== undefined) return link;
  const match = PATH.exec(rawPath);
  if (!match) return null;
  const [, resource, action, id] = match;
  const entity = byResource.get(resource!);
  if (!entity) return null;
  const ops = entity.operations;
  const call = (
    operation: Operation,
    m: AllowedCall['method'],
    path: string,
    query = '',
  ): AllowedCall | null => (ops[operation] ? { entity, operation, method: m, path, query } : null);

  if (action === 'search')
    return method === 'GET' ? call('search', 'GET', `${resource}/cms/search/`, cleanQuery(rawQuery)) : null;
  if (action === 'bulk') return method === 'POST' ? call('bulk', 'POST', `${resource}/cms/bulk`) : null;
  // Many rows at once, by ids or by the list's filters (the list's bulk actions, issue 12).
  if (action === 'bulk-update')
    return method === 'POST' ? call('update', 'POST', `${resource}/cms/bulk-update`) : null;
  if (action === 'bulk-delete')
    return method === 'POST' ? call('delete', 'POST', `${resource}/cms/bulk-delete`) : null;
  if (action === 'export') {
    const exported =
      method === 'GET' ? call('search', 'GET', `${resource}/cms/export`, cleanQuery(rawQuery)) : null;
    return exported && { ...exported, stream: true };
  }
  if (id !== undefined) {
    const path = `${resource}/cms/${id}`;
    if (method === 'GET') return call('get', 'GET', path);
    if (method === 'PUT') return call('update', 'PUT', path);
    if (method === 'DELETE') return call('delete', 'DELETE', path);
    return null;
  }
  return method === 'POST' ? call('create', 'POST', `${resource}/cms`) : null;
}

/** A link builder path: the call, null for a wrong method, undefined for another path. */
function linkBuilderCall(method: string, rawPath: string, rawQuery: string): AllowedCall | null | undefined {
  const plan = LINK_PLAN.exec(rawPath);
  if (plan) {
    const path = `letter-groups/cms/${plan[1]}/link-plan`;
    if (method === 'GET')
      return { entity: letterGroup, operation: 'link-plan', method, path, query: cleanQuery(rawQuery) };
    return method === 'POST'
      ? { entity: letterGroup, operation: 'link-plan', method, path, query: '' }
      : null;
  }
  const jobs = LINK_JOBS.exec(rawPath);
  if (!jobs) return undefined;
  const path = jobs[1] ? `letter-groups/cms/link-jobs/${jobs[1]}` : 'letter-groups/cms/link-jobs';
  if (method === 'GET') return { entity: letterGroup, operation: 'link-jobs', method, path, query: '' };
  return method === 'POST' && !jobs[1]
    ? { entity: letterGroup, operation: 'link-jobs', method, path, query: '' }
    : null;
}

/** A solvability call (a read: the level search's permission); undefined when the path is another. */
function matchSolvability(method: string, rawPath: string, rawQuery: string): AllowedCall | null | undefined {
  const match = SOLVABILITY.exec(rawPath);
  if (!match) return undefined;
  const entity = byResource.get('levels');
  if (!entity?.operations.search) return null;
  const [, id] = match;
  const base = { entity, operation: 'search' as const };
  if (id !== undefined)
    return method === 'GET'
      ? { ...base, method: 'GET', path: `levels/cms/${id}/solvability`, query: '' }
      : null;
  if (method === 'POST') return { ...base, method: 'POST', path: 'levels/cms/solvability', query: '' };
  if (method === 'GET')
    return { ...base, method: 'GET', path: 'levels/cms/solvability', query: cleanQuery(rawQuery) };
  return null;
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
export function upstreamUrl(base: URL, call: AllowedCall): URL {
  const url = new URL(call.path, base);
  if (url.origin !== base.origin || url.pathname !== `${base.pathname}${call.path}`) {
    throw new Error(`Refusing to build an upstream URL outside ${base.href}`);
  }
  url.search = call.query;
  return url;
}
