import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { keepBounded } from './until-commit.ts';

/** Answers kept, and change rows per table before they are folded into one. */
const MAX_ANSWERS = 2000;
const FOLD_AFTER = 500;
/** Pages of a table read between two reads of its change sum that may fold (see foldNowAndThen). */
const FOLD_EVERY = 100;
/** The change sum a page is read with (list pages), as the column comes back (camelCase). */
const VERSION_COLUMN = 'argus_list_version';
const VERSION_KEY = 'argusListVersion';

type Rows = Array<Record<string, unknown>>;

/**
 * The total of a list, when its page alone tells it: a page short of full is the list's end (so
 * is an empty first page), in the same snapshot as its rows. Null: it takes a count.
 */
export type TotalFromPage = (rows: Rows) => number | null;

/**
 * PostgreSQL list counts, kept until their table changes (migration 0007 appends a row to
 * table_changes for every write statement, by any client). A count is computed in one statement
 * with the table's change sum, so both come from the same snapshot: the answer is reused only
 * while that sum is unchanged, i.e. exactly while no write to the table has committed.
 */
export function createCountCache(db: Kysely<never>) {
  const answers = new Map<string, { version: string; n: number }>();
  const keyOf = (query: CompiledQuery, table: string) =>
    `${table}\u0000${query.sql}\u0000${JSON.stringify(query.parameters)}`;

  /** The table's change sum now, folding its change rows into one of the same weight when they
   * pile up (concurrent folds skip the rows another took). */
  async function version(table: string): Promise<string> {
    const { rows } = await sql<{ version: string; rows: number }>`
      select coalesce(sum(weight), 0)::text as version, count(*)::int as rows
      from table_changes where table_name = ${table}`.execute(db);
    await foldWhenMany(table, rows[0]!.rows);
    return rows[0]!.version;
  }

  /**
   * Pages read the change sum without its rows' number, to stay one plain statement: every
   * {@link FOLD_EVERY}th page of a table reads the sum the other way too, beside it, which folds
   * them when they pile up (a failure there only leaves them for the next time).
   */
  const pagesSinceFold = new Map<string, number>();
  function foldNowAndThen(table: string): void {
    const pages = (pagesSinceFold.get(table) ?? 0) + 1;
    pagesSinceFold.set(table, pages % FOLD_EVERY);
    if (pages === FOLD_EVERY) void version(table).catch(() => undefined);
  }

  async function foldWhenMany(table: string, changeRows: number): Promise<void> {
    if (changeRows <= FOLD_AFTER) return;
    await sql`with gone as (delete from table_changes where table_name = ${table} returning weight)
      insert into table_changes (table_name, weight)
      select ${table}, sum(weight) from gone having count(*) > 0`.execute(db);
  }

  /** Counts now, with the change sum of the same snapshot, and keeps the answer. */
  async function countNow(query: CompiledQuery, table: string, key: string): Promise<number> {
    const parameters = [...query.parameters, table];
    const { rows } = await db.executeQuery<{ n: number; version: string }>({
      ...query,
      sql: `select (${query.sql}) as n, (select coalesce(sum(weight), 0)::text from table_changes
        where table_name = $${parameters.length}) as version`,
      parameters,
    });
    const answer = { n: Number(rows[0]?.n ?? 0), version: rows[0]!.version };
    keepBounded(answers, key, answer, MAX_ANSWERS);
    return answer.n;
  }

  /** `query` selects one row with the count as `n`; `table` is the table it counts (snake_case). */
  async function count(query: CompiledQuery, table: string): Promise<number> {
    const key = keyOf(query, table);
    const current = await version(table);
    const known = answers.get(key);
    if (known && known.version === current) return known.n;
    return countNow(query, table, key);
  }

  /**
   * A page's rows with the table's change sum of their snapshot, in one statement. Selecting from
   * the page as a subquery keeps its order: PostgreSQL never flattens a subquery that sorts. An
   * empty page has no row to carry the sum (null).
   */
  async function readVersioned(
    query: CompiledQuery,
    table: string,
  ): Promise<{ rows: Rows; version: string | null }> {
    const parameters = [...query.parameters, table];
    const { rows } = await db.executeQuery<Record<string, unknown>>({
      ...query,
      sql: `select page.*, (select coalesce(sum(weight), 0)::text from table_changes
        where table_name = $${parameters.length}) as ${VERSION_COLUMN} from (${query.sql}) as page`,
      parameters,
    });
    if (rows.length === 0) return { rows, version: null };
    const version = String(rows[0]![VERSION_KEY]);
    return { rows: rows.map(({ [VERSION_KEY]: _, ...row }) => row), version };
  }

  return {
    version,
    count,
    /** The count last kept for `query`, of whatever snapshot. */
    hint: (query: CompiledQuery, table: string): number | undefined => answers.get(keyOf(query, table))?.n,

    /**
     * A list's page and total, for a request asked before (its count kept): one statement when the
     * page tells the total or the kept count is of the page's snapshot, where reading the change
     * sum, then the page, took two. A list never counted yet runs its count beside the page.
     */
    async page(
      rowsQuery: CompiledQuery,
      countQuery: CompiledQuery,
      table: string,
      totalFromPage: TotalFromPage,
    ): Promise<[total: number, rows: Rows]> {
      const key = keyOf(countQuery, table);
      const known = answers.get(key);
      foldNowAndThen(table);
      if (!known) {
        return Promise.all([
          count(countQuery, table),
          db.executeQuery<Rows[number]>(rowsQuery).then((r) => r.rows),
        ]);
      }
      const { rows, version: at } = await readVersioned(rowsQuery, table);
      const exact = totalFromPage(rows);
      if (exact !== null) return [exact, rows];
      if (at !== null && at === known.version) return [known.n, rows];
      return [await countNow(countQuery, table, key), rows];
    },
  };
}
