import type { AnyEntity, FieldDescription } from '#shared/entities/index.ts';

/** What a form input holds: text for text, number and select inputs, a flag for checkboxes. */
export type FormValue = string | boolean;
export type FormValues = Record<string, FormValue>;
export type FormMode = 'add' | 'edit';

/** Editable in this form: not maintained by the server, and not an id the spec fixes on edit. */
export function isEditable(field: FieldDescription, mode: FormMode): boolean {
  return !field.readOnly && !(mode === 'edit' && field.fixedOnEdit);
}

/**
 * The fields a generic form shows, in description order: the writable ones, and on edit also the
 * read-only ones (the id, timestamps), displayed but not editable.
 */
export function formFields(entity: AnyEntity, mode: FormMode): Array<[string, FieldDescription]> {
  return Object.entries(entity.fields).filter(
    ([, field]) => field.kind !== 'json' && (mode === 'edit' || !field.readOnly),
  );
}

/** The inputs' starting values: the record's (edit) or the descriptions' defaults (add). */
export function initialValues(entity: AnyEntity, record: Record<string, unknown> | null): FormValues {
  const values: FormValues = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    const value = record ? record[name] : field.default;
    if (field.kind === 'bool') values[name] = typeof value === 'boolean' ? value : false;
    else values[name] = value === null || value === undefined ? '' : String(value);
  }
  return values;
}

const NUMERIC = /^\s*[+-]?\d+(\.\d+)?\s*$/;

/** One input's value as the API wants it; `undefined` leaves the field out of the body. */
export function bodyValue(field: FieldDescription, value: FormValue | undefined): unknown {
  if (field.kind === 'bool') return value === true;
  const text = typeof value === 'string' ? value : '';
  if (field.kind === 'text') {
    if (text !== '') return text;
    if (field.choices) return field.choices.includes('') ? '' : undefined;
    return field.nullable ? null : '';
  }
  if (text.trim() === '') return field.nullable ? null : undefined;
  // Anything else that is not a number goes as typed, so the schema names the problem.
  return NUMERIC.test(text) ? Number(text) : text;
}

/** The create (add) or update (edit) body: the editable fields only. */
export function toBody(entity: AnyEntity, mode: FormMode, values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!isEditable(field, mode) || field.kind === 'json') continue;
    const value = bodyValue(field, values[name]);
    if (value !== undefined) body[name] = value;
  }
  return body;
}

/** Whether the inputs differ from where they started (a form with unsaved changes). */
export function isDirty(initial: FormValues, current: FormValues): boolean {
  return Object.keys({ ...initial, ...current }).some((name) => initial[name] !== current[name]);
}
