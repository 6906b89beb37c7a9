import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntry, contentEntities } from '#shared/entities/index.ts';
import { DIALECTS, testDatabase, type TestDatabase } from '../../../tests/helpers/databases.ts';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The descriptions drive the store, so each must match its table column for column. */
describe.each(DIALECTS)('entity descriptions match the migrated tables (%s)', (dialect) => {
  let testDb: TestDatabase;
  let database: DatabaseHandle;

  beforeAll(async () => {
    testDb = testDatabase(dialect);
    database = await openDatabase(testDb.options);
  });
  afterAll(async () => {
    await database?.close();
    await testDb?.drop();
  });

  async function columns(table: string): Promise<string[]> {
    const query =
      dialect === 'sqlite'
        ? sql<{ name: string }>`select name from pragma_table_info(${table})`
        : sql<{ name: string }>`select column_name as name from information_schema.columns
            where table_name = ${table} and table_schema = current_schema()`;
    // The values are the column names as stored (snake_case); only result keys are camel-cased.
    return (await query.execute(database.db)).rows.map((row) => row.name).sort();
  }

  it.each([...contentEntities, auditEntry].map((e) => [e.resource, e] as const))(
    '%s',
    async (_name, entity) => {
      const described = Object.keys(entity.fields).map(snake).sort();
      expect(await columns(snake(entity.table))).toEqual(described);
    },
  );
});
