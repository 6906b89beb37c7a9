import { INT_MAX } from './limits.ts';
import type { AnyEntity, EntityName, FieldDescription } from './types.ts';

/**
 * Every message about input that a person reads, in one place: the field messages the schemas give
 * (the API answers them in its 400s, the panel shows them beside the inputs), the rewording of
 * zod's built-in texts ("Too big: expected int to be <=9007199254740991"), which must never reach
 * anyone, and SPEC §5/§8's exact strings. Field messages follow the field's label:
 * "Number must be at most 2,147,483,647".
 */

/**
 * 2147483647 → '2,147,483,647', the same on the server and in the browser: what
 * `toLocaleString('en-US')` writes. Whole numbers are grouped here, because the first use of Intl
 * loads ICU's number data: resident memory (P10) in a server that otherwise never needs it; the
 * schemas' messages are built at start.
 */
export const readableNumber = (value: number): string =>
  Number.isSafeInteger(value)
    ? (value < 0 || Object.is(value, -0) ? '-' : '') +
      String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',')
    : value.toLocaleString('en-US');

export const FIELD_MESSAGES = {
  required: 'is required',
  text: 'must be text',
  wholeNumber: 'must be a whole number',
  number: 'must be a number',
  bool: 'must be true or false',
  email: 'must be an e-mail address',
  dateTime: 'must be an ISO-8601 date and time',
  /** An id: what it must be, with its whole range (a message names the real limit, issue 44). */
  anId: `must be a whole number from 1 to ${readableNumber(INT_MAX)}`,
  atLeast: (min: number) => `must be at least ${readableNumber(min)}`,
  atMost: (max: number) => `must be at most ${readableNumber(max)}`,
  tooLong: (max: number, length: number) =>
    `must be at most ${readableNumber(max)} characters (it has ${readableNumber(length)})`,
  oneOf: (choices: readonly string[]) =>
    `must be one of: ${choices.map((c) => (c === '' ? '(empty)' : c)).join(', ')}`,
  notUnderstood: (parts: readonly string[]) => `not understood: ${parts.join(', ')}`,
  notAField: (label: string) => `is not a field of ${label}`,
} as const;

/** zod's own messages ("Too big: expected int to be <=…", "Invalid input: …") as a person reads them. */
const ZOD_TEXTS: Array<[RegExp, (field: FieldDescription | undefined) => string]> = [
  [/^Too big\b/i, (field) => `is too large${maxText(field)}`],
  [/^Too small\b/i, (field) => `is too small${minText(field)}`],
  [/^Invalid input: expected (int|number|nan)/i, () => 'must be a number'],
  [/^Invalid input: expected (boolean)/i, () => 'must be yes or no'],
  [/^Invalid input: expected string/i, () => 'must be text'],
  [/^Invalid (input|option|value|format|string|union|type|JSON)\b/i, () => 'is not valid'],
  [/^Unrecognized key/i, () => 'is not a field of this form'],
];

function maxText(field: FieldDescription | undefined): string {
  if (field?.kind === 'text') return field.max !== undefined ? ` (at most ${field.max} characters)` : '';
  const max = field?.max ?? (field?.kind === 'number' ? undefined : INT_MAX);
  return max !== undefined ? ` (at most ${readableNumber(max)})` : '';
}

function minText(field: FieldDescription | undefined): string {
  if (field?.kind === 'text') return field.min !== undefined ? ` (at least ${field.min} characters)` : '';
  return field?.min !== undefined ? ` (at least ${readableNumber(field.min)})` : '';
}

/** What a zod size issue carries: the bound it checked, and of what (a text's length, a list's items). */
export interface SizeIssue {
  code: string;
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  inclusive?: boolean;
}

/**
 * The bound a too-big or too-small issue checked, in words: the limit the schema holds, not a
 * field's guess ("checkCondition must be at most 200 characters", "letterGroupIds must hold at
 * most 50 items"). Null for other issues.
 */
export function sizeMessage(issue: SizeIssue): string | null {
  const big = issue.code === 'too_big';
  if (!big && issue.code !== 'too_small') return null;
  const raw = big ? issue.maximum : issue.minimum;
  if (raw === undefined) return null;
  let bound = Number(raw);
  // An exclusive bound said as the inclusive one a person means (integers only).
  if (issue.inclusive === false && Number.isInteger(bound)) bound += big ? -1 : 1;
  const words = big ? 'at most' : 'at least';
  if (issue.origin === 'string') return `must be ${words} ${readableNumber(bound)} characters`;
  if (issue.origin === 'array' || issue.origin === 'set')
    return `must hold ${words} ${readableNumber(bound)} item${bound === 1 ? '' : 's'}`;
  return `must be ${words} ${readableNumber(bound)}`;
}

/** A field message with zod's raw wording replaced; messages already written for people pass as they are. */
export function readableFieldMessage(field: FieldDescription | undefined, message: string): string {
  for (const [pattern, reword] of ZOD_TEXTS) if (pattern.test(message)) return reword(field);
  // Bounds written before readableNumber, with the digits grouped: 'must be at most 2147483647'.
  return message.replace(
    /\b(at (?:most|least)) (-?\d{5,})\b/g,
    (_, words: string, digits: string) => `${words} ${readableNumber(Number(digits))}`,
  );
}

// ---- SPEC §5 and §8 ----

/** SPEC §5: the level form names stage and language together, in one alert. */
export const LEVEL_REFERENCES_MESSAGE = 'Please select a valid stage and language.';

/** SPEC §5's exact wording where it gives one: 'Language name is required' (add) / '…required.' (edit). */
export function requiredMessage(entity: AnyEntity, field: string, mode: 'add' | 'edit'): string {
  if (entity.name === 'language' && field === 'language') {
    return mode === 'add' ? 'Language name is required' : 'Language name is required.';
  }
  return `${entity.fields[field]?.label ?? field} ${FIELD_MESSAGES.required}`;
}

/**
 * The subject of SPEC §8's success messages, spelled exactly as the catalogue spells it ('Letter
 * group' but 'Letter Group-Level'). The user-level list shows no success message at all.
 */
const SUBJECTS: Partial<Record<EntityName, string>> = {
  level: 'Level',
  user: 'User',
  language: 'Language',
  'letter-group': 'Letter group',
  'letter-group-level': 'Letter Group-Level',
  'letter-group-word': 'Letter Group-Word',
  stage: 'Stage',
  word: 'Word',
};

export type Outcome = 'created' | 'updated' | 'deleted';

/** 'Language created successfully', … or null where the spec shows none. */
export function successMessage(name: EntityName, outcome: Outcome): string | null {
  const subject = SUBJECTS[name];
  return subject ? `${subject} ${outcome} successfully` : null;
}

/** 'Failed to add language. Please try again.' (SPEC §8), the same wording for every entity. */
export function saveFailedMessage(entity: AnyEntity, mode: 'add' | 'edit'): string {
  return `Failed to ${mode === 'add' ? 'add' : 'update'} ${entity.label.toLowerCase()}. Please try again.`;
}

/** 'Error loading user: {error}' (SPEC §2), in place of the form. */
export function loadFailedMessage(entity: AnyEntity, error: string): string {
  return `Error loading ${entity.label.toLowerCase()}: ${error}`;
}

/** The letter-group form's question when the group's length is not its stage's letter count. */
export function letterCountWarning(letters: number, letterCount: number, stage: string): string {
  const plural = (n: number) => `${n} ${n === 1 ? 'letter' : 'letters'}`;
  return (
    `This letter group has ${plural(letters)}, but its stage, “${stage}”, has a letter count of ${letterCount}. ` +
    `Players of that stage expect ${plural(letterCount)}.`
  );
}
