import { fieldNames, type AnyEntity, type FilterDescription } from '#shared/entities/index.ts';
import { FIELD_MESSAGES } from '#shared/entities/messages.ts';
import { INT_MAX } from '#shared/entities/schemas.ts';
import { badRequest } from '../http/errors.ts';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const MAX_PAGE = 100_000_000;
export const MAX_FILTER_LENGTH = 200;
/** Query parameters that are not filters. */
const RESERVED = new Set(['page', 'size', 'sort', 'ids']);

export interface SearchFilter {
  field: string;
  kind: FilterDescription['kind'];
  value: string | number | boolean;
}

/** The list's order: a sortable field, then id, both in `dir`. */
export interface SearchSort {
  field: string;
  dir: 'asc' | 'desc';
}

export interface SearchRequest {
  page: number;
  size: number;
  filters: SearchFilter[];
  /** Absent: the entity's id order. */
  sort?: SearchSort;
  /**
   * Only these rows: `?ids=` (the panel reads the titles of a page's foreign keys in one call), or
   * a filter computed outside SQL (levels' `solvable`, intersected with `?ids=`).
   */
  ids?: number[];
  /** Only rows of these languages: the reach of an account limited to some (issue 33). */
  languages?: readonly number[];
  /** The audit log of an editor or viewer: entries about the content tables only. */
  contentOnly?: boolean;
}

export const MAX_IDS = MAX_PAGE_SIZE;

/** `field`, `field:asc` or `field:desc`, where field is `id` or one of the entity's sortable fields. */
export function parseSort(entity: AnyEntity, raw: string): SearchSort | { error: string } {
  const [name = '', dir = 'asc', extra] = raw.split(':');
  const field = fieldNames(entity).get(name);
  const sortable = ['id', ...(entity.sortable ?? [])];
  if (extra !== undefined || (dir !== 'asc' && dir !== 'desc'))
    return { error: 'must be a field, then optionally :asc or :desc' };
  if (!field || !sortable.includes(field))
    return {
      error: `cannot sort ${entity.labelPlural} by ${JSON.stringify(name)}; sortable: ${sortable.join(', ')}`,
    };
  return { field, dir };
}

function parseIds(raw: string): number[] | { error: string } {
  const parts = raw.split(',');
  if (
    parts.length > MAX_IDS ||
    !parts.every((p) => /^\d{1,10}$/.test(p) && Number(p) >= 1 && Number(p) <= INT_MAX)
  )
    return { error: `must be at most ${MAX_IDS} positive whole numbers, separated by commas` };
  return [...new Set(parts.map(Number))];
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
        : { error: FIELD_MESSAGES.anId };
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
 * `?page=N&size=M&sort=field:desc&ids=1,2&<filter>=<value>…` of `{resource}/cms/search/`. Only the list's own filters (by
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
    else if (raw.length > (key === 'ids' ? MAX_IDS * 11 : MAX_FILTER_LENGTH))
      errors.set(shown, [`must be at most ${key === 'ids' ? MAX_IDS * 11 : MAX_FILTER_LENGTH} characters`]);
    else strings.set(key, raw);
  }

  const page = pageNumber(strings.get('page'), 0, MAX_PAGE, 0);
  const size = pageNumber(strings.get('size'), 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE);
  if ('error' in page) errors.set('page', [page.error]);
  if ('error' in size) errors.set('size', [size.error]);

  let sort: SearchSort | undefined;
  let ids: number[] | undefined;
  if (strings.get('sort')) {
    const parsed = parseSort(entity, strings.get('sort')!);
    if ('error' in parsed) errors.set('sort', [parsed.error]);
    else sort = parsed;
  }
  if (strings.get('ids')) {
    const parsed = parseIds(strings.get('ids')!);
    if ('error' in parsed) errors.set('ids', [parsed.error]);
    else ids = parsed;
  }

  const accepted = entity.filters.map((f) => f.field).join(', ') || 'none';
  for (const [key, raw] of strings) {
    if (RESERVED.has(key)) continue;
    const field = names.get(key);
    const filter = entity.filters.find((f) => f.field === field);
    if (!filter || !field) {
      const shown = key.length > 60 ? `${key.slice(0, 60)}…` : key;
      errors.set(shown, [`is not a filter of ${entity.labelPlural}; filters: ${accepted}`]);
      continue;
    }
    if (raw === '') continue;
    const parsed = filterValue(filter, raw);
    if ('error' in parsed) errors.set(key, [parsed.error]);
    // A name and its alias may both be given, as the schema says, only if they agree.
    else if (filters.has(field) && filters.get(field)!.value !== parsed.value)
      errors.set(key, [`filters ${field} a second time, with a different value`]);
    else filters.set(field, { field, kind: filter.kind, value: parsed.value });
  }

  if (errors.size > 0 || 'error' in page || 'error' in size) {
    const [name, messages] = [...errors][0]!;
    throw badRequest(
      `Invalid search of ${entity.labelPlural.toLowerCase()}: ${name} ${messages[0]}`,
      Object.fromEntries(errors),
    );
  }
  return {
    page: page.value as number,
    size: size.value as number,
    filters: [...filters.values()],
    ...(sort ? { sort } : {}),
    ...(ids ? { ids } : {}),
  };
}
