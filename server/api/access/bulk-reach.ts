import { fieldNames, type AnyEntity } from '#shared/entities/index.ts';
import type { LooseDb, Values } from '../resources/rows.ts';
import { fromRow } from '../resources/rows.ts';

const CHUNK = 1000;

/** The fields that decide a row's language (entity.language). */
function languageFields(entity: AnyEntity): string[] {
  const language = entity.language;
  if (!language) return [];
  if ('self' in language) return [];
  if ('field' in language) return [language.field];
  if ('audited' in language || 'shared' in language) return [];
  return language.through.map((side) => side.field);
}

/**
 * What a bulk request's rows would touch, as rows to check against a reach before anything is
 * written: each row's language-deciding values as sent (by any alias), and the stored row of each
 * row that names its id. Rows that do not parse are left to the bulk request to reject.
 */
export async function bulkRowsForReach(
  db: LooseDb,
  entity: AnyEntity,
  rows: readonly unknown[],
): Promise<Values[]> {
  const names = fieldNames(entity);
  const wanted = new Set(languageFields(entity));
  const checked: Values[] = [];
  const ids: number[] = [];
  for (const raw of rows) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) continue;
    const values: Values = {};
    for (const [key, value] of Object.entries(raw)) {
      const field = names.get(key);
      if (field === 'id' && Number.isInteger(value)) ids.push(value as number);
      if (field && (wanted.has(field) || field === 'id') && Number.isInteger(value)) values[field] = value;
    }
    // A language row is its own language: a new one is never within a limited reach.
    if (Object.keys(values).length > 0 || (entity.language && 'self' in entity.language))
      checked.push(values);
  }
  for (let start = 0; start < ids.length; start += CHUNK) {
    const stored = await db
      .selectFrom(entity.table)
      .selectAll()
      .where('id', 'in', ids.slice(start, start + CHUNK))
      .execute();
    checked.push(...stored.map((row) => fromRow(entity, row)));
  }
  return checked;
}
