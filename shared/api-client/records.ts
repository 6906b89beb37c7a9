import { fieldNames, type AnyEntity, type FieldDescription } from '../entities/index.ts';

// SPEC §3: "Missing values default to false (booleans), empty text, 0 (numbers), null (dates)".
function missingValue(field: FieldDescription): unknown {
  if (field.default !== undefined) return field.default;
  if (field.nullable) return null;
  switch (field.kind) {
    case 'bool':
      return false;
    case 'text':
      return '';
    case 'int':
    case 'number':
      return 0;
    case 'timestamp':
    case 'json':
      return null;
    default:
      return undefined;
  }
}

/**
 * A record as a backend answered it → the response naming of the entity description: aliases are
 * renamed (`idLanguage` → `languageId`, `userRole` → `role`, `coinCount` → `coins`; when both names
 * are present the field's own name wins) and fields the answer leaves out get SPEC §3's defaults.
 * Keys that are no field of the entity are kept as they are.
 */
export function normaliseRecord(entity: AnyEntity, raw: unknown): Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const names = fieldNames(entity);
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const name = names.get(key) ?? key;
    if (name === key || !(name in raw)) record[name] = value;
  }
  for (const [name, field] of Object.entries(entity.fields)) {
    if (name in record) continue;
    const value = missingValue(field);
    if (value !== undefined) record[name] = value;
  }
  return record;
}
