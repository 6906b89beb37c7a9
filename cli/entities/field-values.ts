import { fieldNames, type AnyEntity, type FieldDescription } from '#shared/entities/index.ts';
import { ImportError } from '#shared/import/errors.ts';
import { typedValue as sharedTypedValue } from '#shared/import/field-values.ts';
import { UsageError } from '../context.ts';

/**
 * `--set key=value` and `--filter key=value` on the command line: the key is a field (or an alias)
 * of the entity, the value is typed by the field's kind, so `--set isActive=false` sends `false`
 * and `--set time=90` sends `90`. Wrong names and values fail here, with the choices, before any call.
 */

export function splitAssignment(text: string, option: string): [string, string] {
  const at = text.indexOf('=');
  if (at <= 0) throw new UsageError(`${option} expects key=value, not "${text}"`);
  return [text.slice(0, at).trim(), text.slice(at + 1)];
}

/** A value typed by the field's kind (shared with imports); a bad value is a usage error here. */
export function typedValue(name: string, field: FieldDescription, raw: string): unknown {
  try {
    return sharedTypedValue(name, field, raw);
  } catch (error) {
    throw error instanceof ImportError ? new UsageError(error.message) : error;
  }
}

/** `--set` assignments → a body of writable fields (aliases renamed to the field's own name). */
export function bodyFromAssignments(
  entity: AnyEntity,
  assignments: readonly string[],
): Record<string, unknown> {
  const names = fieldNames(entity);
  const writable = Object.entries(entity.fields)
    .filter(([, field]) => !field.readOnly)
    .map(([name]) => name);
  const body: Record<string, unknown> = {};
  for (const text of assignments) {
    const [key, raw] = splitAssignment(text, '--set');
    const name = names.get(key);
    const field = name === undefined ? undefined : entity.fields[name];
    if (!name || !field || field.readOnly) {
      throw new UsageError(
        `${key} is not a writable field of ${entity.label.toLowerCase()}: use ${writable.join(', ')}`,
      );
    }
    body[name] = typedValue(name, field, raw);
  }
  return body;
}

/** `--filter` assignments → search filters; only the list's own filters exist. */
export function filtersFromAssignments(
  entity: AnyEntity,
  assignments: readonly string[],
): Record<string, string | number | boolean> {
  const names = fieldNames(entity);
  const allowed = entity.filters.map((filter) => filter.field);
  const filters: Record<string, string | number | boolean> = {};
  for (const text of assignments) {
    const [key, raw] = splitAssignment(text, '--filter');
    const name = names.get(key);
    const filter = entity.filters.find((f) => f.field === name);
    if (!name || !filter) {
      throw new UsageError(
        `${entity.labelPlural} cannot be filtered by ${key}: use ${allowed.join(', ') || 'no filter'}`,
      );
    }
    filters[name] = typedValue(name, entity.fields[name]!, raw) as string | number | boolean;
  }
  return filters;
}

/** A positive whole number option (ids, page numbers, sizes). */
export function positiveInt(name: string, max = Number.MAX_SAFE_INTEGER) {
  return (raw: string): number => {
    if (!/^\d{1,15}$/.test(raw) || Number(raw) < 1 || Number(raw) > max) {
      throw new UsageError(`${name} must be a whole number from 1 to ${max}, not "${raw}"`);
    }
    return Number(raw);
  };
}

/** `--fields a,b`: fields of the entity, in the order given (all of them when not given). */
export function chosenFields(entity: AnyEntity, given: string | undefined): string[] {
  const known = Object.keys(entity.fields);
  if (given === undefined) return known;
  const fields = given.split(',').map((f) => f.trim());
  const unknown = fields.filter((f) => !known.includes(f));
  if (unknown.length > 0 || fields.length === 0) {
    throw new UsageError(
      `${unknown[0] ?? '--fields'} is not a field of ${entity.labelPlural}: use ${known.join(', ')}`,
    );
  }
  return fields;
}
