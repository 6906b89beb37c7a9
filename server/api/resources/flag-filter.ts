import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import { snakeCase } from './rows.ts';

/**
 * A `oneOfMany` choice filter (a word's `flags`): rows whose field holds the choice. Written with
 * the value inline, exactly as migration 0026's partial indexes are defined, because both
 * databases use a partial index only for a condition that matches its own (a bound parameter does
 * not). The value is one of the filter's choices, checked by search-query.ts; checked again here.
 */
export function oneOfManyCondition(dialect: Dialect, field: string, value: string): RawBuilder<SqlBool> {
  if (!/^[a-z][a-z-]*$/.test(value) || !/^[a-zA-Z]+$/.test(field))
    throw new Error(`not a choice: ${field} ${value}`);
  const find = dialect === 'postgres' ? 'strpos' : 'instr';
  return sql<SqlBool>`${sql.raw(`${find}(${snakeCase(field)}, '${value}') > 0`)}`;
}
