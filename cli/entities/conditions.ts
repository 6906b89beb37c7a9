import { fieldNames, type AnyEntity } from '#shared/entities/index.ts';
import { UsageError } from '../context.ts';
import { typedValue } from './field-values.ts';

/**
 * `--where` conditions, written as the list filters are: `letters~zz` (a text filter: contains,
 * ignoring case) and `languageId=1` (ids, numbers, booleans and choices: equals). The names,
 * aliases and values are the list's, so `list --filter` shows exactly the rows an edit touches.
 */
export function filtersFromConditions(
  entity: AnyEntity,
  conditions: readonly string[],
): Record<string, string | number | boolean> {
  const names = fieldNames(entity);
  const allowed = entity.filters.map((f) => `${f.field}${f.kind === 'text' ? '~' : '='}…`).join(', ');
  const filters: Record<string, string | number | boolean> = {};
  for (const text of conditions) {
    const at = text.search(/[~=]/);
    if (at <= 0) throw new UsageError(`--where expects field~text or field=value, not "${text}"`);
    const key = text.slice(0, at).trim();
    const operator = text[at];
    const raw = text.slice(at + 1);
    const name = names.get(key);
    const filter = entity.filters.find((f) => f.field === name);
    if (!name || !filter) {
      throw new UsageError(
        `${entity.labelPlural} cannot be selected by ${key}: use ${allowed || 'no condition'}`,
      );
    }
    if (filter.kind === 'text' && operator !== '~') {
      throw new UsageError(`${name} is matched by what it contains: write ${name}~${raw}`);
    }
    if (filter.kind !== 'text' && operator !== '=') {
      throw new UsageError(`${name} is matched exactly: write ${name}=${raw}`);
    }
    if (name in filters) throw new UsageError(`--where names ${name} twice`);
    if (filter.kind === 'text' && raw === '') throw new UsageError(`${name}~ needs some text to look for`);
    filters[name] = typedValue(name, entity.fields[name]!, raw) as string | number | boolean;
  }
  return filters;
}

/**
 * Ids from standard input: one a line, or the JSON that `list --json` prints (a page with `items`,
 * or an array of records or of ids).
 */
export function idsFromText(text: string): number[] {
  const trimmed = text.trim();
  if (trimmed === '') throw new UsageError('No ids on standard input.');
  let values: unknown[];
  if (/^[[{]/.test(trimmed)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch (error) {
      throw new UsageError(`Standard input is not valid JSON: ${(error as Error).message}`);
    }
    const list = Array.isArray(parsed) ? parsed : (parsed as { items?: unknown }).items;
    if (!Array.isArray(list))
      throw new UsageError('The JSON on standard input holds no list of records or ids.');
    values = list.map((item) =>
      typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : item,
    );
  } else {
    values = trimmed.split(/\r?\n/).map((line) => line.trim());
  }
  return values.map((value, index) => {
    const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1) {
      throw new UsageError(`Standard input, item ${index + 1}: ${JSON.stringify(value)} is not an id`);
    }
    return id;
  });
}
