import type { AnyEntity, FieldDescription, FilterDescription } from '#shared/entities/index.ts';
import { readableFieldMessage, readableNumber } from '#shared/entities/messages.ts';
import { INT_MAX } from '#shared/entities/limits.ts';
import { listFilters } from './list/list-extras.ts';

/**
 * The list screen's own messages, worded for a person: the filters' and the typed page's. Field
 * messages, zod's rewording and SPEC §5/§8's strings are in shared/entities/messages.ts, which the
 * API's answers use too.
 */

/** The longest filter value the content API accepts (its search query limit). */
export const FILTER_MAX_LENGTH = 200;

const WHOLE = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?\d+(\.\d+)?$/;

export { readableFieldMessage, readableNumber };

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
  for (const filter of listFilters(entity)) {
    const problem = filterProblem(entity, filter, values[filter.field] ?? '');
    if (problem) problems[filter.field] = problem;
  }
  return problems;
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
