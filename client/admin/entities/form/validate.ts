import type { AnyEntity } from '#shared/entities/index.ts';
import {
  LEVEL_REFERENCES_MESSAGE,
  readableFieldMessage,
  requiredMessage,
} from '#shared/entities/messages.ts';
import type { FormMode, FormValues } from './form-values.ts';

/** A form's problems: one message for the whole form, and messages beside fields. */
export interface FormProblems {
  message: string | null;
  fieldErrors: Record<string, string[]>;
}

export { LEVEL_REFERENCES_MESSAGE };

/**
 * 'must be a whole number' → 'Number must be a whole number' (a server message too); zod's own
 * wording ('Too big: expected int to be <=…') is rewritten for people first.
 */
export function labelled(entity: AnyEntity, field: string, message: string): string {
  const description = entity.fields[field];
  const label = description?.label;
  const text = readableFieldMessage(description, message);
  return label && !text.startsWith(label) ? `${label} ${text}` : text;
}

/** Server or schema field errors, each message led by its field's label. */
export function labelFieldErrors(
  entity: AnyEntity,
  errors: Record<string, string[]>,
): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      field,
      messages.map((m) => labelled(entity, field, m)),
    ]),
  );
}

/**
 * The API's own input parsing with its zod schemas, loaded on a form's first check rather than with
 * the page (zod would otherwise be a large share of a list screen's script); `preloadValidation`
 * starts it early.
 */
const loadInputParser = () => import('#shared/entities/input.ts');
let inputParser: ReturnType<typeof loadInputParser> | undefined;
export const preloadValidation = () => (inputParser ??= loadInputParser());

/**
 * Checks a form before it is sent: the required inputs (blank after trimming counts as missing),
 * then the very zod schemas the API applies (`parseEntityInput`), so what passes here passes there.
 */
export async function validateForm(
  entity: AnyEntity,
  mode: FormMode,
  values: FormValues,
  body: Record<string, unknown>,
): Promise<FormProblems | null> {
  const { parseEntityInput } = await preloadValidation();
  return checkForm(parseEntityInput, entity, mode, values, body);
}

type InputParser = Awaited<ReturnType<typeof loadInputParser>>['parseEntityInput'];

/** validateForm's checks, given the parser (the tests pass it in directly). */
export function checkForm(
  parseEntityInput: InputParser,
  entity: AnyEntity,
  mode: FormMode,
  values: FormValues,
  body: Record<string, unknown>,
): FormProblems | null {
  const fieldErrors: Record<string, string[]> = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!field.required || field.readOnly || (mode === 'edit' && field.fixedOnEdit)) continue;
    const value = values[name];
    if (typeof value === 'string' && value.trim() === '') {
      fieldErrors[name] = [requiredMessage(entity, name, mode)];
    }
  }
  let message: string | null = null;
  if (entity.name === 'level' && (fieldErrors.stageId || fieldErrors.languageId)) {
    message = LEVEL_REFERENCES_MESSAGE;
    delete fieldErrors.stageId;
    delete fieldErrors.languageId;
  }

  // Every other problem at once, so one Save shows all there is to fix.
  const parsed = parseEntityInput(entity, mode === 'add' ? 'create' : 'update', body);
  if (!parsed.ok) {
    const { '': whole, ...byField } = parsed.fieldErrors;
    const missing = new Set([...Object.keys(fieldErrors), ...(message ? ['stageId', 'languageId'] : [])]);
    for (const [name, messages] of Object.entries(labelFieldErrors(entity, byField))) {
      if (!missing.has(name)) fieldErrors[name] = messages;
    }
    if (whole?.length && !message) message = parsed.message;
  }
  return message || Object.keys(fieldErrors).length > 0 ? { message, fieldErrors } : null;
}
