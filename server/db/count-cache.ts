import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { keepBounded } from './until-commit.ts';

/** Answers kept, and change rows per table before they are folded into one. */
const MAX_ANSWERS = 2000;
const FOLD_AFTER = 500;

/**
 * PostgreSQL list counts, kept until their table changes (migration 0007 appends a row to
 * table_changes for every write statement, by any client). A count is computed in one statement
 * with the table's change sum, so both come from the same snapshot: the answer is reused only
 * while that sum is unchanged, i.e. exactly while no write to the table has committed.
 */
export function createCountCache(db: Kysely<never>) {
  const answers = new Map<string, { version: string; n: number }>();

  /** The table's change sum now, folding its change rows into one of the same weight when they
   * pile up (concurrent folds skip the rows another took). */
  async function version(table: string): Promise<string> {
    const { rows } = await sql<{ version: string; rows: number }>`
      select coalesce(sum(weight), 0)::text as version, count(*)::int as rows
      from table_changes where table_name = ${table}`.execute(db);
    if (rows[0]!.rows > FOLD_AFTER) {
      await sql`with gone as (delete from table_changes where table_name = ${table} returning weight)
        insert into table_changes (table_name, weight)
        select ${table}, sum(weight) from gone having count(*) > 0`.execute(db);
    }
    return rows[0]!.version;
  }

  return {
    version,

    /** `query` selects one row with the count as `n`; `table` is the table it counts (snake_case). */
    async count(query: CompiledQuery, table: string): Promise<number> {
      const key = `${table}\u0000${query.sql}\u0000${JSON.stringify(query.parameters)}`;
      const current = await version(table);
      const known = answers.get(key);
      if (known && known.version === current) return known.n;
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
    },
  };
}
