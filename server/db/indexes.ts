import type { Kysely } from 'kysely';

/** Plain indexes for migrations, each named `{table}_{columns}_idx`. */
export async function createIndexes(db: Kysely<unknown>, indexes: Array<[table: string, columns: string[]]>) {
  for (const [table, columns] of indexes) {
    await db.schema
      .createIndex(`${table}_${columns.join('_')}_idx`)
      .on(table)
      .columns(columns)
      .execute();
  }
}
