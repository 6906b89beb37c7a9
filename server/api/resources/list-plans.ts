import type { CompiledQuery } from 'kysely';
import type { AnyEntity } from '#shared/entities/index.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { keepBounded } from '../../db/until-commit.ts';
import { listQueries } from './list-query.ts';
import type { PageAnchors } from './page-anchors.ts';
import { snakeCase, type Values } from './rows.ts';
import type { SearchRequest } from './search-query.ts';

/** Plans kept (the oldest goes first), and the most ids a kept request may name. */
const MAX_PLANS = 1000;
const MAX_KEYED_IDS = 100;

interface Plan {
  count: CompiledQuery;
  rows: CompiledQuery;
}

/**
 * The count and page of a list request, with their two statements built once per request shape.
 * Building and compiling them through Kysely costs 20–30 µs, as much as running them, and the
 * same pages are asked again and again (each list's first page, a list being paged back and
 * forth, the panel's titles). The first time a request is answered its statements are recorded;
 * the same request later runs them as they are. Only requests whose statements depend on nothing
 * but the request are kept: not a deep page planned from remembered anchors (page-anchors.ts).
 */
export function listPlans(database: DatabaseHandle) {
  const plans = new Map<string, Plan>();

  return async function countAndPage(
    entity: AnyEntity,
    request: SearchRequest,
    anchors: PageAnchors,
  ): Promise<[total: number, rows: Values[]]> {
    const table = snakeCase(entity.table);
    const key =
      (request.ids?.length ?? 0) <= MAX_KEYED_IDS ? `${entity.name}\u0000${JSON.stringify(request)}` : null;
    const known = key === null ? undefined : plans.get(key);
    if (known) return Promise.all([database.count(known.count, table), database.read(known.rows)]);

    const counts: CompiledQuery[] = [];
    const reads: CompiledQuery[] = [];
    let planned = true;
    const recording: DatabaseHandle = {
      ...database,
      count: (query, countedTable) => (counts.push(query), database.count(query, countedTable)),
      read: (query) => (reads.push(query), database.read(query)),
      changeVersion: (changedTable) => ((planned = false), database.changeVersion(changedTable)),
    };
    const list = listQueries(recording, entity, request, anchors);
    const answer = await Promise.all([list.count(), list.rows()]);
    if (key !== null && planned && counts.length === 1 && reads.length === 1) {
      keepBounded(plans, key, { count: counts[0]!, rows: reads[0]! }, MAX_PLANS);
    }
    return answer;
  };
}
