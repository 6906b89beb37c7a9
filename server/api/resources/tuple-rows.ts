import { CompiledQuery } from 'kysely';
import type { AnyEntity, FieldKind } from '#shared/entities/index.ts';
import { naturalKeyOf } from '#shared/entities/natural-key.ts';
import type { Dialect } from '../../db/database.ts';
import { chunks, MAX_PARAMETERS } from './bulk-rows.ts';
import type { Tx } from './integrity.ts';
import { fromRow, snakeCase, toColumns, type Values } from './rows.ts';
import { columnList, keptTexts, parameterRows } from './sql-texts.ts';

/** PostgreSQL's array type for a key part of each kind (the kinds a natural key is made of). */
const PG_ARRAYS: Partial<Record<FieldKind, string>> = {
  id: 'bigint[]',
  fk: 'bigint[]',
  int: 'bigint[]',
  bool: 'boolean[]',
  text: 'text[]',
};

/** Whether the entity's natural key is read by {@link rowsByTuple}: several parts, compared exactly. */
export function readsByTuple(entity: AnyEntity, dialect: Dialect): boolean {
  const key = entity.naturalKey ?? [];
  return (
    key.length > 1 &&
    key.every((name) => {
      const field = entity.fields[name];
      return field && !field.foldCase && (dialect === 'sqlite' || PG_ARRAYS[field.kind] !== undefined);
    })
  );
}

/**
 * The stored rows of a key of several exact parts (a link's group and word, a word's language and
 * letters), matched as tuples: one index probe per input. An IN list per part matches their cross
 * product, which a batch in the links' write order (by word across hundreds of groups) makes a
 * thousand times larger. SQLite takes a list of row values; PostgreSQL plans such a list as one OR
 * per row, slow to plan for thousands of rows, so it gets one array per part, unnested.
 */
export async function rowsByTuple(
  tx: Tx,
  entity: AnyEntity,
  inputs: readonly Values[],
): Promise<Map<string, Values>> {
  const key = entity.naturalKey!;
  const found = new Map<string, Values>();
  const tuples = new Map<string, unknown[]>();
  for (const input of inputs) {
    const columns = toColumns(entity, tx.dialect, input);
    tuples.set(
      naturalKeyOf(entity, input)!,
      key.map((name) => columns[name]),
    );
  }
  for (const chunk of chunks([...tuples.values()], Math.floor(MAX_PARAMETERS / key.length))) {
    const query =
      tx.dialect === 'sqlite'
        ? CompiledQuery.raw(sqliteSql(entity.table, key, chunk.length), chunk.flat())
        : CompiledQuery.raw(
            postgresSql(
              entity.table,
              key,
              key.map((name) => PG_ARRAYS[entity.fields[name]!.kind]!),
            ),
            key.map((_, i) => chunk.map((tuple) => tuple[i])),
          );
    const { rows } = await tx.db.executeQuery<Values>(query);
    for (const row of rows) {
      const record = fromRow(entity, row);
      found.set(naturalKeyOf(entity, record)!, record);
    }
  }
  return found;
}

const sqliteSql = keptTexts(
  (table: string, key: readonly string[], count: number) =>
    `select * from "${snakeCase(table)}" where (${columnList(key)}) in (${parameterRows('sqlite', key.length, count)})`,
);

const postgresSql = keptTexts(
  (table: string, key: readonly string[], types: readonly string[]) =>
    `select * from "${snakeCase(table)}" where (${columnList(key)}) in ` +
    `(select * from unnest(${types.map((type, i) => `$${i + 1}::${type}`).join(', ')}))`,
);
