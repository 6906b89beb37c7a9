import type { CompiledQuery } from 'kysely';
import type { AnyEntity } from '#shared/entities/index.ts';
import { readCost, type ReadCost } from '../../db/cheap-reads.ts';
import type { TotalFromPage } from '../../db/count-cache.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { keepBounded } from '../../db/until-commit.ts';
import { FEW_MATCHES, listQueries } from './list-query.ts';
import type { PageAnchors } from './page-anchors.ts';
import { snakeCase, type Values } from './rows.ts';
import type { SearchRequest } from './search-query.ts';

/** Plans kept (the oldest goes first), and the most ids a kept request may name. */
const MAX_PLANS = 1000;
const MAX_KEYED_IDS = 100;

interface Plan {
  count: CompiledQuery;
  rows: CompiledQuery;
  /**
   * What each cost last time (a cheap one skips SQLite's read workers: cheap-reads.ts): the very
   * entries of `costs`, held here so that a known request needs no statement keys of its own.
   */
  countCost: ReadCost;
  rowsCost: ReadCost;
  /** A deep page's table version when its statements were planned from anchors, else null. */
  version: string | null;
  /** Whether its page is sorted out of few text matches (list-query.ts), or null. */
  fewMatches: boolean | null;
}

/** A plan chosen for few matches (or many) holds while the total says so. */
const stillFits = (fewMatches: boolean | null, total: number) =>
  fewMatches === null || fewMatches === total <= FEW_MATCHES;

/**
 * The count and page of a list request, with their two statements built once per request shape.
 * Building and compiling them through Kysely costs as much as running them, and the
 * same pages are asked again and again (each list's first page, a list being paged back and
 * forth, the panel's titles). The first time a request is answered its statements are recorded;
 * the same request later runs them as they are, and on SQLite on the main thread once they have
 * proven cheap. A deep page planned from remembered anchors (page-anchors.ts) is kept with its
 * table's version, and planned anew once a write has moved it.
 */
export function listPlans(database: DatabaseHandle) {
  const plans = new Map<string, Plan>();
  // Per statement with its parameters, so each of a request's reads has its own, kept as a plan or not.
  const costs = new Map<string, ReadCost>();
  const costOf = (query: CompiledQuery): ReadCost => {
    const key = `${query.sql}\u0000${JSON.stringify(query.parameters)}`;
    let cost = costs.get(key);
    if (!cost) keepBounded(costs, key, (cost = readCost()), MAX_PLANS);
    return cost;
  };

  return async function countAndPage(
    entity: AnyEntity,
    request: SearchRequest,
    anchors: PageAnchors,
  ): Promise<[total: number, rows: Values[]]> {
    const table = snakeCase(entity.table);
    const key =
      (request.ids?.length ?? 0) <= MAX_KEYED_IDS ? `${entity.name}\u0000${JSON.stringify(request)}` : null;
    const known = key === null ? undefined : plans.get(key);
    // A deep page planned from anchors holds while its table's version stands (page-anchors.ts).
    const current =
      known && (known.version === null || (await database.changeVersion(table)) === known.version);
    if (known && current) {
      // A page planned from anchors has no offset of its own to add its rows to.
      const totalFromPage = known.version === null ? pageTotal(request) : () => null;
      const answer = await database.listPage(known.rows, known.count, table, totalFromPage, {
        rows: known.rowsCost,
        count: known.countCost,
      });
      if (!stillFits(known.fewMatches, answer[0])) plans.delete(key!);
      return answer;
    }

    const counts: CompiledQuery[] = [];
    const reads: CompiledQuery[] = [];
    let version: string | null = null;
    // A deep page is kept only once it starts from a row remembered at its very start: the best
    // plan (before that, its statement walks an offset that the next request no longer needs).
    let fromItsStart = false;
    const recordingAnchors: PageAnchors = {
      ...anchors,
      nearest(list, at, start, end) {
        const found = anchors.nearest(list, at, start, end);
        fromItsStart = found.below?.position === start;
        return found;
      },
    };
    const recording: DatabaseHandle = {
      ...database,
      count: (query, countedTable) => (
        counts.push(query),
        database.count(query, countedTable, costOf(query))
      ),
      read: (query) => (reads.push(query), database.read(query, costOf(query))),
      changeVersion: async (changedTable) => (version = await database.changeVersion(changedTable)),
    };
    const list = listQueries(recording, entity, request, recordingAnchors);
    const answer = await Promise.all([list.count(), list.rows()]);
    const { fewMatches } = list;
    const kept = version === null || fromItsStart;
    if (
      key !== null &&
      counts.length === 1 &&
      reads.length === 1 &&
      kept &&
      stillFits(fewMatches, answer[0])
    ) {
      const [count, rows] = [counts[0]!, reads[0]!];
      const plan = { count, rows, countCost: costOf(count), rowsCost: costOf(rows), version, fewMatches };
      keepBounded(plans, key, plan, MAX_PLANS);
    }
    return answer;
  };
}

/**
 * The total a page tells by itself: one short of full ends the list, so the rows before it and
 * on it are all there are (an empty first page: none); a full or empty later page tells nothing.
 */
export function pageTotal({ page, size }: Pick<SearchRequest, 'page' | 'size'>): TotalFromPage {
  return (rows) => {
    if (rows.length > 0 && rows.length < size) return page * size + rows.length;
    return rows.length === 0 && page === 0 ? 0 : null;
  };
}
