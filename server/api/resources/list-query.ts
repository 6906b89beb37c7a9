import { sql, type CompiledQuery, type RawBuilder, type SqlBool } from 'kysely';
import type { AnyEntity } from '#shared/entities/index.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { looseDb, snakeCase, toColumns, type Values } from './rows.ts';
import type { SearchRequest } from './search-query.ts';
import { DEEP_OFFSET, type PageAnchors } from './page-anchors.ts';
import { textFilterPlan } from './text-match.ts';

export interface ListQueries {
  /** Rows matching the filters (exact). */
  count(): Promise<number>;
  /**
   * The requested page of rows, in the list's id order; with `after`, the next `size` rows past
   * that id instead (keyset paging, for exports that read every row).
   */
  rows(after?: number): Promise<Values[]>;
}

/** Every row the list's filters match, `size` at a time, by keyset (exports, bulk edits). */
export async function* keysetChunks(list: ListQueries, size: number): AsyncGenerator<Values[]> {
  let after: number | undefined;
  for (;;) {
    const rows = await list.rows(after);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = Number(rows.at(-1)!.id);
  }
}

/**
 * The two queries of a list page, planned to stay within milliseconds at a million rows:
 * - text filters go through the table's trigram index (see text-match.ts); when the index alone
 *   answers every filter, the count and the page's ids are read from the index without the table;
 * - the page's ids are found first on the narrowest index ("deferred join"), so a deep page skips
 *   index entries rather than whole rows; then only those rows are read.
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
  for (const { field, kind, value } of request.filters) {
    if (kind === 'text') {
      const plan = textFilterPlan(dialect, field, String(value));
      if (plan.match) matches.push(plan.match);
      if (plan.check) conditions.push(plan.check);
    } else {
      const column = toColumns(entity, dialect, { [field]: value })[field];
      conditions.push(sql<SqlBool>`${sql.ref(field)} = ${column}`);
    }
  }
  if (request.ids) conditions.push(idIn(dialect, request.ids));
  const order = entity.order ?? 'asc';
  const offset = (after: number | undefined) => (after === undefined ? request.page * request.size : 0);
  const past = order === 'asc' ? '>' : '<';
  const index = sql.table(`${entity.table}Search`);
  const match = matches.join(' AND ');
  const fromTable = (ids: RawBuilder<unknown>) =>
    database.read(
      db
        .selectFrom(entity.table)
        .selectAll()
        .where(sql<SqlBool>`${sql.ref('id')} in (${ids})`)
        .orderBy('id', order)
        .compile(),
    );
  const countOf = (query: CompiledQuery) => database.count(query, snakeCase(entity.table));

  if (match && conditions.length === 0) {
    return {
      count: () => countOf(sql`select count(*) as n from ${index} where ${index} match ${match}`.compile(db)),
      rows: (after) =>
        fromTable(
          sql`select rowid from ${index} where ${index} match ${match}
            ${after === undefined ? sql`` : sql`and rowid ${sql.raw(past)} ${after}`}
            order by rowid ${sql.raw(order)} limit ${request.size} offset ${offset(after)}`,
        ),
    };
  }

  let filtered = db.selectFrom(entity.table);
  for (const condition of conditions) filtered = filtered.where(condition);
  if (match)
    filtered = filtered.where(
      sql<SqlBool>`${sql.ref('id')} in (select rowid from ${index} where ${index} match ${match})`,
    );
  const page = (from: typeof filtered, skip: number) =>
    fromTable(sql`${from.select('id').orderBy('id', order).limit(request.size).offset(skip)}`);
  return {
    count: () => countOf(filtered.select(sql<number>`count(*)`.as('n')).compile()),
    async rows(after) {
      if (after !== undefined) return page(filtered.where('id', past, after), 0);
      const skip = offset(undefined);
      const version =
        anchors && skip >= DEEP_OFFSET ? await database.changeVersion(snakeCase(entity.table)) : null;
      if (!anchors || version === null) return page(filtered, skip);
      // A deep page on PostgreSQL: start from the nearest remembered id (see page-anchors.ts).
      const { sql: text, parameters } = filtered.select('id').orderBy('id', order).compile();
      const list = `${text}\u0000${JSON.stringify(parameters)}`;
      const { below, above } = anchors.nearest(list, version, skip);
      const end = skip + request.size; // the position just past this page
      const reverse = order === 'asc' ? 'desc' : 'asc';
      let rows: Values[];
      if (below && (!above || skip - below.position <= above.position - end)) {
        rows =
          below.position === skip
            ? await page(filtered.where('id', order === 'asc' ? '>=' : '<=', below.id), 0)
            : await page(filtered.where('id', past, below.id), skip - below.position - 1);
      } else if (above && above.position >= end) {
        // Walk back from the anchor above; the rows come out in the list's order all the same.
        const before = order === 'asc' ? '<' : '>';
        const ids = filtered
          .where('id', before, above.id)
          .select('id')
          .orderBy('id', reverse)
          .limit(request.size)
          .offset(above.position - end);
        rows = await fromTable(sql`${ids}`);
      } else rows = await page(filtered, skip);
      if (rows.length > 0) {
        anchors.remember(list, version, skip, Number(rows[0]!.id));
        anchors.remember(list, version, skip + rows.length - 1, Number(rows.at(-1)!.id));
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
