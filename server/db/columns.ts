import type { ColumnDataType } from 'kysely';
import type { Dialect } from './database.ts';

/**
 * Column types that differ between the two dialects. SQLite stores booleans as 0/1 and timestamps
 * as ISO-8601 text; the store layer converts them back, so both dialects behave the same.
 */
export function columnTypes(dialect: Dialect) {
  const sqlite = dialect === 'sqlite';
  return {
    id: (sqlite ? 'integer' : 'serial') as ColumnDataType,
    bool: (sqlite ? 'integer' : 'boolean') as ColumnDataType,
    timestamp: (sqlite ? 'text' : 'timestamptz') as ColumnDataType,
    real: (sqlite ? 'real' : 'double precision') as ColumnDataType,
  };
}
