import { CompiledQuery } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { Tx } from './integrity.ts';
import { MAX_PARAMETERS } from './bulk-rows.ts';
import { snakeCase, type Values } from './rows.ts';
import { columnList, keptTexts, parameterRows } from './sql-texts.ts';

const insertSql = keptTexts(
  (dialect: Dialect, table: string, columns: readonly string[], count: number, returning: boolean) =>
    `insert into "${snakeCase(table)}" (${columnList(columns)}) values ` +
    `${parameterRows(dialect, columns.length, count)}${returning ? ' returning *' : ''}`,
);

/**
 * Inserts rows of column values (camelCase names, as Kysely's `values()` takes them) with multi-row
 * INSERT statements of up to {@link MAX_PARAMETERS} parameters, and answers the inserted rows when
 * `returning` (camelCase, in no guaranteed order). Same SQL as Kysely would write, but the text is
 * built once per shape rather than compiled per call (Kysely's compile cost as much as SQLite's
 * insert for the bulk writes and their audit entries), so the prepared statement is reused too.
 * Rows that do not all name the same columns go through Kysely (its DEFAULT/NULL filling).
 */
export async function insertRows(
  tx: Tx,
  table: string,
  rows: readonly Values[],
  returning: boolean,
): Promise<Values[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!);
  const same = rows.every((row) => {
    const keys = Object.keys(row);
    return keys.length === columns.length && keys.every((key, i) => key === columns[i]);
  });
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, columns.length)));
  const inserted: Values[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    if (!same) {
      const query = tx.db.insertInto(table).values(chunk);
      inserted.push(...(returning ? await query.returningAll().execute() : (await query.execute(), [])));
      continue;
    }
    const parameters: unknown[] = [];
    for (const row of chunk) for (const column of columns) parameters.push(row[column]);
    const text = insertSql(tx.dialect, table, columns, chunk.length, returning);
    const result = await tx.db.executeQuery<Values>(CompiledQuery.raw(text, parameters));
    if (returning) inserted.push(...result.rows);
  }
  return inserted;
}
