import type { AnyEntity, FieldDescription, FilterDescription } from '#shared/entities/index.ts';
import { INT_MAX } from '#shared/entities/schemas.ts';

/**
 * Every validation message the panel writes itself, worded for a person: the list filters' and the
 * rewording of zod's built-in texts ("Too big: expected int to be <=9007199254740991"), which must
 * never reach the screen. SPEC §5 and §8 strings stay where they are (validate.ts, messages.ts).
 */

/** The longest filter value the content API accepts (its search query limit). */
export const FILTER_MAX_LENGTH = 200;

const WHOLE = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?\d+(\.\d+)?$/;

/** 2147483647 → '2,147,483,647', the same on the server and in the browser. */
export const readableNumber = (value: number): string => value.toLocaleString('en-US');

function range(min: number, max: number): string {
  return `from ${readableNumber(min)} to ${readableNumber(max)}`;
}

/** The bounds a numeric filter can match: the filtered field's own. */
function boundsOf(filter: FilterDescription, field: FieldDescription | undefined) {
  const whole = filter.kind === 'id' || field?.kind !== 'number';
  const min = field?.min ?? (filter.kind === 'id' ? 1 : whole ? -INT_MAX : -1e12);
  const max = field?.max ?? (whole ? INT_MAX : 1e12);
  return { whole, min: filter.kind === 'id' ? Math.max(1, min) : min, max };
}

/**
 * What is wrong with a list filter's value, or null when the list can be filtered by it. A value
 * no row could ever match (a Stage ID past the largest id, letters for a number) is an error shown
 * on the filter, never silently dropped.
 */
export function filterProblem(entity: AnyEntity, filter: FilterDescription, value: string): string | null {
  if (value === '') return null;
  switch (filter.kind) {
    case 'text':
      if (value.includes('\u0000')) return `${filter.label} cannot contain control characters.`;
      return value.length > FILTER_MAX_LENGTH
        ? `${filter.label} can be at most ${FILTER_MAX_LENGTH} characters long (it has ${readableNumber(value.length)}).`
        : null;
    case 'bool': {
      if (value === 'true' || value === 'false') return null;
      const o = filter.options ?? { all: 'All', true: 'True', false: 'False' };
      return `${filter.label} must be one of: ${o.all}, ${o.true}, ${o.false}.`;
    }
    case 'choice':
      return filter.choices?.includes(value)
        ? null
        : `${filter.label} must be one of: All, ${(filter.choices ?? []).join(', ')}.`;
    case 'id':
    case 'number': {
      const { whole, min, max } = boundsOf(filter, entity.fields[filter.field]);
      const text = value.trim();
      const kind = whole ? 'a whole number' : 'a number';
      const problem = `${filter.label} must be ${kind} ${range(min, max)}.`;
      if (!(whole ? WHOLE : DECIMAL).test(text) || text.replace(/^[+-]/, '').length > 30) return problem;
      const number = Number(text);
      return number < min || number > max ? problem : null;
    }
  }
}

/** Every filter's problem in a list's values (field → message); empty when all can be applied. */
export function filterProblems(entity: AnyEntity, values: Record<string, string>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const filter of entity.filters) {
    const problem = filterProblem(entity, filter, values[filter.field] ?? '');
    if (problem) problems[filter.field] = problem;
  }
  return problems;
}

/** zod's own messages ("Too big: expected int to be <=…", "Invalid input: …") as a person reads them. */
const ZOD_TEXTS: Array<[RegExp, (field: FieldDescription | undefined) => string]> = [
  [/^Too big\b/i, (field) => `is too large${maxText(field)}`],
  [/^Too small\b/i, (field) => `is too small${minText(field)}`],
  [/^Invalid input: expected (int|number|nan)/i, () => 'must be a number'],
  [/^Invalid input: expected (boolean)/i, () => 'must be yes or no'],
  [/^Invalid input: expected string/i, () => 'must be text'],
  [/^Invalid (input|option|value|format|string|union|type)\b/i, () => 'is not valid'],
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

/** A field message with zod's raw wording replaced; messages already written for people pass as they are. */
export function readableFieldMessage(field: FieldDescription | undefined, message: string): string {
  for (const [pattern, reword] of ZOD_TEXTS) if (pattern.test(message)) return reword(field);
  // Our schemas' own bounds, with the digits grouped: 'must be at most 2147483647'.
  return message.replace(
    /\b(at (?:most|least)) (-?\d{5,})\b/g,
    (_, words: string, digits: string) => `${words} ${readableNumber(Number(digits))}`,
  );
}

/** What is wrong with a typed page number, or null when the list has that page. */
export function pageProblem(value: string, lastPage: number): string | null {
  const text = value.trim();
  const pages = lastPage > 1 ? `a number from 1 to ${readableNumber(lastPage)}` : 'page 1';
  if (text === '') return `Enter ${pages}.`;
  if (!/^\d{1,9}$/.test(text)) return `“${text.slice(0, 20)}” is not a page number: enter ${pages}.`;
  const page = Number(text);
  if (page < 1 || page > lastPage) return `There is no page ${readableNumber(page)}: enter ${pages}.`;
  return null;
}
