import type { z } from 'zod';
import { FIELD_MESSAGES, readableFieldMessage, sizeMessage } from './messages.ts';
import { schemasOf } from './schemas.ts';
import { fieldNames } from './field-names.ts';
import type { AnyEntity, EntitySchemas, FieldMap } from './types.ts';

export { fieldNames };

/** field → messages, as answered in `{ message, fieldErrors }`. */
export type FieldErrors = Record<string, string[]>;

export interface InvalidInput {
  ok: false;
  message: string;
  fieldErrors: FieldErrors;
}

export type ParsedInput<T> = { ok: true; value: T } | InvalidInput;

const shown = (key: string) => (key.length > 60 ? `${key.slice(0, 60)}…` : key);

/**
 * Validates a create or update body: renames aliases (`idLanguage` → `languageId`), drops read-only
 * fields (so a whole record read from the API can be sent back), then applies the entity's strict
 * zod schema. An alias and its field given with different values is an error rather than a guess.
 */
export function parseEntityInput<E extends AnyEntity, M extends 'create' | 'update'>(
  entity: E,
  mode: M,
  body: unknown,
): ParsedInput<z.output<EntitySchemas<E['fields']>[M]>> {
  const label = entity.label.toLowerCase();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: `The ${label} must be a JSON object`, fieldErrors: {} };
  }
  const names = fieldNames(entity);
  const values = new Map<string, unknown>();
  const errors = new Map<string, string[]>();
  const given = new Map<string, string>();
  for (const [key, value] of Object.entries(body)) {
    const name = names.get(key) ?? key;
    if (entity.fields[name]?.readOnly) continue;
    const earlier = given.get(name);
    if (earlier !== undefined && JSON.stringify(values.get(name)) !== JSON.stringify(value)) {
      errors.set(name, [`given twice with different values (${earlier} and ${shown(key)})`]);
    }
    given.set(name, key);
    values.set(name, value);
  }
  const parsed = schemasOf(entity)[mode].safeParse(Object.fromEntries(values));
  if (parsed.success && errors.size === 0) {
    return { ok: true, value: parsed.data as z.output<EntitySchemas<E['fields']>[M]> };
  }
  for (const [field, messages] of parsed.error
    ? zodFieldErrors(parsed.error, entity.label, entity.fields)
    : []) {
    errors.set(field, [...(errors.get(field) ?? []), ...messages]);
  }
  return invalid(label, errors);
}

/** `{ ok: false }` with a message summing up the first problem. */
export function invalid(label: string, errors: Map<string, string[]>): InvalidInput {
  const [field, messages] = [...errors][0] ?? ['', ['is invalid']];
  const first = field ? `${field} ${messages[0]}` : messages[0];
  return { ok: false, message: `Invalid ${label}: ${first}`, fieldErrors: Object.fromEntries(errors) };
}

/**
 * zod issues → field → messages. Unknown keys are named one by one; issues about the whole body go
 * to ''. zod's own wording is replaced by words for people (messages.ts), so no API answer says
 * "Too big: expected int to be <=9007199254740991".
 */
export function zodFieldErrors(error: z.ZodError, label: string, fields?: FieldMap): Map<string, string[]> {
  const errors = new Map<string, string[]>();
  const add = (field: string, message: string) => errors.set(field, [...(errors.get(field) ?? []), message]);
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(shown(key), FIELD_MESSAGES.notAField(label));
    } else {
      const path = issue.path.map(String).join('.');
      // zod's own wording of a bound ("Too big: …") becomes the bound the schema checked, of a
      // choice ("Invalid option") the choices.
      const size = /^Too (big|small)\b/i.test(issue.message) ? sizeMessage(issue) : null;
      const choices =
        issue.code === 'invalid_value' && /^Invalid (option|input)\b/i.test(issue.message)
          ? FIELD_MESSAGES.oneOf(issue.values.map(String))
          : null;
      add(path, size ?? choices ?? readableFieldMessage(fields?.[path], issue.message));
    }
  }
  return errors;
}
