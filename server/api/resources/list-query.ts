import { sql, type CompiledQuery, type RawBuilder, type SqlBool } from 'kysely';
import type { AnyEntity } from '#shared/entities/index.ts';
import type { DatabaseHandle, Dialect } from '../../db/database.ts';
import { looseDb, snakeCase, toColumns, type Values } from './rows.ts';
import type { SearchRequest } from './search-query.ts';
import { DEEP_OFFSET, type AnchorKey, type PageAnchors } from './page-anchors.ts';
import { fewValuesCondition, textFilterPlan } from './text-match.ts';
import { reachCondition } from '../access/reach-condition.ts';
import { oneOfManyCondition } from './flag-filter.ts';

export interface ListQueries {
  /** Rows matching the filters (exact). */
  count(): Promise<number>;
  /**
   * The requested page of rows, in the list's order (its sort, then id); with `after` (the last row
   * read), the next `size` rows past it instead (keyset paging, for exports that read every row).
   */
  rows(after?: Values): Promise<Values[]>;
  /**
   * PostgreSQL with a text filter: whether rows() planned its page among few matches (see
   * {@link FEW_MATCHES}); null where that choice does not arise or rows() has not run.
   */
  readonly fewMatches: boolean | null;
}

/**
 * At most this many matches of a PostgreSQL text filter, the page is sorted out of them all (the
 * trigram index finds them in a few milliseconds). Left to itself, the planner walks the order's
 * index for a page's LIMIT and tests each row, as if matches were spread evenly: matches bunched
 * at the end (the German words of a dictionary loaded language by language) made it read most of
 * the table for one page ("ßen" on the large data set). Past this, reading every match costs more
 * than such a walk can.
 */
export const FEW_MATCHES = 2_000;

/** Every row the list's filters match, `size` at a time, by keyset (exports, bulk edits). */
export async function* keysetChunks(list: ListQueries, size: number): AsyncGenerator<Values[]> {
  let after: Values | undefined;
  for (;;) {
    const rows = await list.rows(after);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = rows.at(-1)!;
  }
}

/**
 * Rows strictly past `key` in the order (field, id), both `dir`. SQLite sorts NULL before every
 * value ascending, PostgreSQL after: a NULL key is walked among the NULLs by id, and the NULLs as a
 * block come before or after the values. The row-value comparison is what the (field, id) index
 * serves as a range.
 */
export function beyond(
  dialect: Dialect,
  field: string,
  dir: 'asc' | 'desc',
  key: AnchorKey,
  nullable = true,
): RawBuilder<SqlBool> {
  const than = sql.raw(dir === 'asc' ? '>' : '<');
  const id = sql.ref('id');
  if (field === 'id') return sql<SqlBool>`${id} ${than} ${key.id}`;
  const column = sql.ref(field);
  // A column without NULLs gets the bare row comparison: an OR beside it would keep PostgreSQL
  // from reading the (field, id) index as one range.
  if (!nullable) return sql<SqlBool>`(${column}, ${id}) ${than} (${key.value}, ${key.id})`;
  const nullsFirst = (dialect === 'sqlite') === (dir === 'asc');
  if (key.value === null || key.value === undefined) {
    const amongNulls = sql<SqlBool>`(${column} is null and ${id} ${than} ${key.id})`;
    return nullsFirst ? sql<SqlBool>`(${amongNulls} or ${column} is not null)` : amongNulls;
  }
  const past = sql<SqlBool>`(${column}, ${id}) ${than} (${key.value}, ${key.id})`;
  return nullsFirst ? past : sql<SqlBool>`(${past} or ${column} is null)`;
}

/**
 * The two queries of a list page, planned to stay within milliseconds at a million rows:
 * - text filters go through the table's trigram index (see text-match.ts); when the index alone
 *   answers every filter (and the order is the id's), the count and the page's ids are read from
 *   the index without the table;
 * - the page's ids are found first on the narrowest index ("deferred join"), so a deep page skips
 *   index entries rather than whole rows; then only those rows are read. A sorted list walks the
 *   sort column's index (migration 0010), with the id as tiebreak so every row has one place.
 */
export function listQueries(
  database: DatabaseHandle,
  entity: AnyEntity,
  request: SearchRequest,
  /** Remembered page boundaries for deep pages (PostgreSQL); none: plain OFFSET. */
  anchors?: PageAnchors,
): ListQueries {
  const { dialect } = database;
  const db = looseDb(database);
  const matches: string[] = [];
  const conditions: Array<RawBuilder<SqlBool>> = [];
  let trigramFilter = false;
  for (const { field, kind, value } of request.filters) {
    if (kind === 'text' && entity.filters.some((f) => f.field === field && f.fewValues)) {
      conditions.push(fewValuesCondition(dialect, entity.table, field, String(value)));
    } else if (kind === 'text') {
      const plan = textFilterPlan(dialect, field, String(value));
      if (plan.match) matches.push(plan.match);
      if (plan.check) conditions.push(plan.check);
      trigramFilter ||= dialect === 'postgres';
    } else if (kind === 'choice' && entity.filters.some((f) => f.field === field && f.oneOfMany)) {
      conditions.push(oneOfManyCondition(dialect, field, String(value)));
    } else {
      const column = toColumns(entity, dialect, { [field]: value })[field];
      conditions.push(sql<SqlBool>`${sql.ref(field)} = ${column}`);
    }
  }
  // One parameter however many ids: the solvable filter may name thousands of levels.
  if (request.ids) conditions.push(idIn(dialect, request.ids));
  // An account limited to some languages sees only their rows.
  const within =
    request.languages || request.contentOnly ? reachCondition(entity, request.languages ?? null) : null;
  if (within) conditions.push(within);
  const field = request.sort?.field ?? 'id';
  const order = request.sort?.dir ?? entity.order ?? 'asc';
  const reverse = order === 'asc' ? 'desc' : 'asc';
  const keyOf = (row: Values): AnchorKey => ({ id: Number(row.id), value: row[field] ?? null });
  const nullable = entity.fields[field]?.nullable === true;
  const past = (key: AnchorKey, dir: 'asc' | 'desc' = order) => beyond(dialect, field, dir, key, nullable);
  // "At or past": the ids are whole numbers, so the row itself is past its predecessor id.
  const atOrPast = (key: AnchorKey): AnchorKey => ({ ...key, id: key.id + (order === 'asc' ? -1 : 1) });
  const ordered = <Q extends { orderBy(ref: string, dir: 'asc' | 'desc'): Q }>(query: Q, dir = order) =>
    field === 'id' ? query.orderBy('id', dir) : query.orderBy(field, dir).orderBy('id', dir);
  const offset = (after: Values | undefined) => (after === undefined ? request.page * request.size : 0);
  const index = sql.table(`${entity.table}Search`);
  const match = matches.join(' AND ');
  const fromTable = (ids: RawBuilder<unknown>) =>
    database.read(
      ordered(
        db
          .selectFrom(entity.table)
          .selectAll()
          .where(sql<SqlBool>`${sql.ref('id')} in (${ids})`),
      ).compile(),
    );
  const countOf = (query: CompiledQuery) => database.count(query, snakeCase(entity.table));

  // The ids of `size` rows past `key` (none: from the start) in `dir`, after skipping `skip`.
  let walk: (key: AnchorKey | null, dir: 'asc' | 'desc', skip: number) => RawBuilder<unknown>;
  let count: () => Promise<number>;
  // Whether the page is sorted out of every match (PostgreSQL text filters; see FEW_MATCHES), and
  // what decides it before each read.
  let fewMatches: boolean | null = null;
  let chooseAmongMatches: (() => Promise<void>) | null = null;
  if (match && conditions.length === 0 && field === 'id') {
    // The index alone answers: its rowids are the ids.
    count = () => countOf(sql`select count(*) as n from ${index} where ${index} match ${match}`.compile(db));
    // better-sqlite3 binds a JS number as a REAL, and FTS5 seeks its rowids only to an INTEGER: a
    // REAL bound read every match before the key (a deep page of "gmail" read them all).
    walk = (key, dir, skip) =>
      sql`select rowid from ${index} where ${index} match ${match}
        ${key === null ? sql`` : sql`and rowid ${sql.raw(dir === 'asc' ? '>' : '<')} cast(${key.id} as integer)`}
        order by rowid ${sql.raw(dir)} limit ${request.size} offset ${skip}`;
  } else {
    let filtered = db.selectFrom(entity.table);
    for (const condition of conditions) filtered = filtered.where(condition);
    if (match)
      filtered = filtered.where(
        sql<SqlBool>`${sql.ref('id')} in (select rowid from ${index} where ${index} match ${match})`,
      );
    const countQuery = filtered.select(sql<number>`count(*)`.as('n')).compile();
    let counting: Promise<number> | undefined;
    count = () => (counting ??= countOf(countQuery));
    if (trigramFilter) {
      // The count this filter last had (or has now, on its first request) chooses the plan.
      chooseAmongMatches = async () => {
        const known = database.countHint(countQuery, snakeCase(entity.table));
        fewMatches = (known ?? (await count())) <= FEW_MATCHES;
      };
    }
    walk = (key, dir, skip) => {
      const rows = key === null ? filtered : filtered.where(past(key, dir));
      if (fewMatches !== true)
        return sql`${ordered(rows.select('id'), dir).limit(request.size).offset(skip)}`;
      // OFFSET 0 keeps PostgreSQL from merging the matches into the outer query's ordered walk.
      const all = rows.select(field === 'id' ? ['id'] : ['id', field]).offset(0);
      return sql`${ordered(db.selectFrom(all.as('matches')).select('id'), dir)
        .limit(request.size)
        .offset(skip)}`;
    };
  }
  return {
    count,
    get fewMatches() {
      return fewMatches;
    },
    async rows(after) {
      await chooseAmongMatches?.();
      if (after !== undefined) return fromTable(walk(keyOf(after), order, 0));
      const skip = offset(undefined);
      const version =
        anchors && skip >= DEEP_OFFSET ? await database.changeVersion(snakeCase(entity.table)) : null;
      if (!anchors || version === null) return fromTable(walk(null, order, skip));
      // A deep page: start from the nearest remembered row (see page-anchors.ts).
      const { sql: text, parameters } = walk(null, order, 0).compile(db);
      const list = `${text}\u0000${JSON.stringify(parameters)}`;
      const end = skip + request.size; // the position just past this page
      const { below, above } = anchors.nearest(list, version, skip, end);
      let ids: RawBuilder<unknown>;
      if (below && (!above || skip - below.position <= above.position - end)) {
        ids =
          below.position === skip
            ? walk(atOrPast(below.key), order, 0)
            : walk(below.key, order, skip - below.position - 1);
      } else if (above) {
        // Walk back from the anchor above; the rows come out in the list's order all the same.
        ids = walk(above.key, reverse, above.position - end);
      } else ids = walk(null, order, skip);
      const rows = await fromTable(ids);
      if (rows.length > 0) {
        anchors.remember(list, version, skip, keyOf(rows[0]!));
        anchors.remember(list, version, skip + rows.length - 1, keyOf(rows.at(-1)!));
      }
      return rows;
    },
  };
}

/** `id` among `ids`, as one parameter however many there are (a JSON array / an int array). */
function idIn(dialect: DatabaseHandle['dialect'], ids: readonly number[]): RawBuilder<SqlBool> {
  return dialect === 'postgres'
    ? sql<SqlBool>`${sql.ref('id')} = any(${[...ids]}::int[])`
    : sql<SqlBool>`${sql.ref('id')} in (select value from json_each(${JSON.stringify(ids)}))`;
}
