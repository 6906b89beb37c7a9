import { fieldNames, type AnyEntity, type FilterDescription } from '#shared/entities/index.ts';
import { INT_MAX } from '#shared/entities/schemas.ts';
import { badRequest } from '../http/errors.ts';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
const MAX_PAGE = 100_000_000;
const MAX_FILTER_LENGTH = 200;

export interface SearchFilter {
  field: string;
  kind: FilterDescription['kind'];
  value: string | number | boolean;
}

export interface SearchRequest {
  page: number;
  size: number;
  filters: SearchFilter[];
  /** Only these ids (a filter computed outside SQL, e.g. levels' `solvable`); absent: any. */
  ids?: readonly number[];
}

type Parsed = { value: string | number | boolean } | { error: string };

function filterValue(filter: FilterDescription, raw: string): Parsed {
  switch (filter.kind) {
    case 'text':
      // NFC like the stored text, so "é" typed as e + ◌́ finds "é".
      return raw.includes('\u0000')
        ? { error: 'must not contain NUL characters' }
        : { value: raw.normalize('NFC') };
    case 'id':
      return /^\d{1,10}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= INT_MAX
        ? { value: Number(raw) }
        : { error: 'must be a positive whole number' };
    case 'number':
      return /^-?\d{1,15}(\.\d{1,15})?$/.test(raw) ? { value: Number(raw) } : { error: 'must be a number' };
    case 'bool':
      return raw === 'true' || raw === 'false'
        ? { value: raw === 'true' }
        : { error: 'must be true or false' };
    case 'choice':
      return filter.choices?.includes(raw)
        ? { value: raw }
        : { error: `must be one of: ${(filter.choices ?? []).join(', ')}` };
  }
}

function pageNumber(raw: string | undefined, min: number, max: number, fallback: number): Parsed {
  if (raw === undefined || raw === '') return { value: fallback };
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    return { error: `must be a whole number from ${min} to ${max}` };
  }
  return { value: Number(raw) };
}

/**
 * `?page=N&size=M&<filter>=<value>…` of `{resource}/cms/search/`. Only the list's own filters (by
 * field name or alias) are accepted; an empty value means "no filter", as the panel leaves them out.
 * Anything unknown, repeated or malformed is a 400 naming the parameter.
 */
export function parseSearchQuery(entity: AnyEntity, query: Record<string, unknown>): SearchRequest {
  const errors = new Map<string, string[]>();
  const filters = new Map<string, SearchFilter>();
  const names = fieldNames(entity);
  const strings = new Map<string, string>();
  for (const key of Object.keys(query)) {
    const raw = query[key];
    const shown = key.length > 60 ? `${key.slice(0, 60)}…` : key;
    if (typeof raw !== 'string') errors.set(shown, ['must be given once, as a single value']);
    else if (raw.length > MAX_FILTER_LENGTH)
      errors.set(shown, [`must be at most ${MAX_FILTER_LENGTH} characters`]);
    else strings.set(key, raw);
  }

  const page = pageNumber(strings.get('page'), 0, MAX_PAGE, 0);
  const size = pageNumber(strings.get('size'), 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE);
  if ('error' in page) errors.set('page', [page.error]);
  if ('error' in size) errors.set('size', [size.error]);

  const accepted = entity.filters.map((f) => f.field).join(', ') || 'none';
  for (const [key, raw] of strings) {
    if (key === 'page' || key === 'size') continue;
    const field = names.get(key);
    const filter = entity.filters.find((f) => f.field === field);
    if (!filter || !field) {
      const shown = key.length > 60 ? `${key.slice(0, 60)}…` : key;
      errors.set(shown, [`is not a filter of ${entity.labelPlural}; filters: ${accepted}`]);
      continue;
    }
    if (raw === '') continue;
    if (filters.has(field)) {
      errors.set(key, [`filters ${field} a second time`]);
      continue;
    }
    const parsed = filterValue(filter, raw);
    if ('error' in parsed) errors.set(key, [parsed.error]);
    else filters.set(field, { field, kind: filter.kind, value: parsed.value });
  }

  if (errors.size > 0 || 'error' in page || 'error' in size) {
    const [name, messages] = [...errors][0]!;
    throw badRequest(
      `Invalid search of ${entity.labelPlural.toLowerCase()}: ${name} ${messages[0]}`,
      Object.fromEntries(errors),
    );
  }
  return { page: page.value as number, size: size.value as number, filters: [...filters.values()] };
}
