import {
  composeCheckCondition,
  parseCheckCondition,
  type CheckConditionInputs,
} from '#shared/check-condition.ts';
import { level, type AnyEntity, type FieldDescription } from '#shared/entities/index.ts';
import type { SolvabilityRequest } from '#shared/solvability-request.ts';
import { initialValues, toBody, type FormMode, type FormValues } from '../form/form-values.ts';

/**
 * The level form's check-condition helpers (SPEC §3 "Form helpers"), described like fields so the
 * same inputs render them. `requiredLetterFlag` and `requiredLetter` are level fields themselves.
 */
export const CONDITION_HELPERS = {
  numberOfWords: { kind: 'int', label: 'Number of words', min: 0, default: 0 },
  endIsStart: {
    kind: 'bool',
    label: 'Each word starts with the last letter of the one before',
    default: false,
  },
  numberOfLetters: { kind: 'int', label: 'Number of letters', min: 0, default: 0 },
  lettersAtLeast: { kind: 'bool', label: 'At least that many letters', default: false },
} as const satisfies Record<string, FieldDescription>;

/** The level description, read generically (fields by name). */
export const LEVEL: AnyEntity = level;

const LETTER_RULES = new Set(['sameCharStart', 'sameCharEnd', 'endIsStart']);

/**
 * The inputs of a level: its fields, and its check condition parsed back into the helpers. Parts
 * the form cannot express are returned in `unknown` (the form warns that saving drops them).
 */
export function levelInitialValues(record: Record<string, unknown> | null): {
  values: FormValues;
  unknown: string[];
} {
  const values = initialValues(level, record);
  for (const [name, helper] of Object.entries(CONDITION_HELPERS)) {
    values[name] = helper.kind === 'bool' ? false : String(helper.default);
  }
  if (!record) return { values, unknown: [] };
  const parsed = parseCheckCondition(typeof record.checkCondition === 'string' ? record.checkCondition : '');
  values.numberOfWords = String(parsed.inputs.numberOfWords);
  values.numberOfLetters = String(parsed.inputs.numberOfLetters);
  values.lettersAtLeast = parsed.inputs.lettersAtLeast;
  values.endIsStart = parsed.inputs.endIsStart;
  if (parsed.parts.some((part) => LETTER_RULES.has(part.kind))) {
    values.requiredLetterFlag = true;
    values.requiredLetter = parsed.inputs.requiredLetter;
  }
  return { values, unknown: parsed.unknown };
}

const count = (value: unknown) => {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? Math.trunc(number) : 0;
};

/** The helper inputs as `composeCheckCondition` takes them. */
export function conditionInputs(values: FormValues): CheckConditionInputs {
  const letter = values.requiredLetter;
  return {
    numberOfWords: count(values.numberOfWords),
    requiredLetterFlag: values.requiredLetterFlag === true,
    requiredLetter: letter === 'first' || letter === 'last' ? letter : '',
    endIsStart: values.endIsStart === true,
    numberOfLetters: count(values.numberOfLetters),
    lettersAtLeast: values.lettersAtLeast === true,
  };
}

/** The level body: its fields, with the check condition composed from the helpers (SPEC §5). */
export function levelBody(mode: FormMode, values: FormValues): Record<string, unknown> {
  return { ...toBody(level, mode, values), checkCondition: composeCheckCondition(conditionInputs(values)) };
}

/**
 * What the workbench asks about the form's unsaved values: the composed condition, the language and
 * required letter position, the letter groups picked in the workbench (null: the level's linked
 * ones, by its id). Null until a language is chosen.
 */
export function solvabilityRequest(
  record: Record<string, unknown> | null,
  values: FormValues,
  letterGroupIds: readonly number[] | null = null,
): SolvabilityRequest | null {
  const languageId = Number(values.languageId);
  if (!Number.isInteger(languageId) || languageId < 1) return null;
  const position = Number(values.requiredLetterPosition);
  return {
    ...(typeof record?.id === 'number' ? { id: record.id } : {}),
    languageId,
    checkCondition: composeCheckCondition(conditionInputs(values)),
    requiredLetterPosition: Number.isInteger(position) && position >= 0 && position <= 1000 ? position : 0,
    ...(letterGroupIds ? { letterGroupIds: [...letterGroupIds] } : {}),
  };
}
