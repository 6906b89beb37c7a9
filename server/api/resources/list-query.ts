import { sql, type CompiledQuery, type RawBuilder, type SqlBool } from 'kysely';
import type { AnyEntity } from '#shared/entities/index.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { looseDb, snakeCase, toColumns, type Values } from './rows.ts';
import type { SearchRequest } from './search-query.ts';
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
  const countOf = async (query: { compile(): CompiledQuery }) =>
    database.count(query.compile(), snakeCase(entity.table));

  if (match && conditions.length === 0) {
    return {
      count: () =>
        countOf({
          compile: () => sql`select count(*) as n from ${index} where ${index} match ${match}`.compile(db),
        }),
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
  return {
    count: () => countOf(filtered.select(sql<number>`count(*)`.as('n'))),
    rows: (after) => {
      const from = after === undefined ? filtered : filtered.where('id', past, after);
      return fromTable(
        sql`${from.select('id').orderBy('id', order).limit(request.size).offset(offset(after))}`,
      );
    },
  };
}
