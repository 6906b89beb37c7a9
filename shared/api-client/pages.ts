import { ApiError } from './errors.ts';

/** One page of a search, 1-based for callers. */
export interface Page<R> {
  items: R[];
  /** 1-based. */
  page: number;
  size: number;
  totalPages: number;
  totalElements: number;
  first: boolean;
  last: boolean;
}

export type FilterValue = string | number | boolean | null | undefined;

export interface SearchQuery<K extends string = string> {
  /** 1-based, default 1. */
  page?: number;
  /** Rows per page; the server's default (20) when left out. */
  size?: number;
  /** By field name (or alias); empty values (undefined, null, blank text) are not sent. */
  filters?: Partial<Record<K, FilterValue>>;
  /** The order: a field the entity declares sortable (or `id`), then id; the id order when left out. */
  sort?: SearchSort;
  /** Only these rows (at most MAX_PAGE_SIZE). */
  ids?: readonly number[];
}

export interface SearchSort {
  field: string;
  dir?: 'asc' | 'desc';
}

/** `field` or `field:desc`, the API's `sort` parameter. */
export const sortParam = (sort: SearchSort): string =>
  sort.dir === 'desc' ? `${sort.field}:desc` : sort.field;

/** The largest page size the content API serves; `searchAll` reads pages this big. */
export const MAX_PAGE_SIZE = 100;

function wholeAtLeast(value: number, min: number, name: string): number {
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`${name} must be a whole number of at least ${min}, not ${String(value)}`);
  }
  return value;
}

/** `?page=N-1&size=M&<filter>=<value>…` (SPEC §7: zero-based on the wire, only non-empty filters). */
export function searchParams(query: SearchQuery = {}): URLSearchParams {
  const params = new URLSearchParams();
  params.set('page', String(wholeAtLeast(query.page ?? 1, 1, 'page') - 1));
  if (query.size !== undefined) params.set('size', String(wholeAtLeast(query.size, 1, 'size')));
  if (query.sort) params.set('sort', sortParam(query.sort));
  if (query.ids) params.set('ids', query.ids.join(','));
  for (const [name, value] of Object.entries(query.filters ?? {}) as [string, FilterValue][]) {
    if (value === undefined || value === null) continue;
    const text = String(value);
    if (text.trim() !== '') params.set(name, text);
  }
  return params;
}

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;

interface SpringPage {
  content?: unknown;
  pageable?: { pageNumber?: unknown; pageSize?: unknown };
  number?: unknown;
  size?: unknown;
  totalPages?: unknown;
  totalElements?: unknown;
  first?: unknown;
  last?: unknown;
}

/**
 * A Spring-style page (`content`, `pageable.pageNumber` zero-based, `totalPages`, `totalElements`,
 * `size`, `first`, `last`) → `Page`. Backends that leave some of these out are tolerated: the rest
 * is computed from what is there and from what was asked for. A bare array is one whole page.
 */
export function toPage<R>(raw: unknown, requested: SearchQuery, convert: (row: unknown) => R): Page<R> {
  const answer: SpringPage = Array.isArray(raw)
    ? { content: raw, totalPages: 1, number: 0 }
    : ((raw ?? {}) as SpringPage);
  if (!Array.isArray(answer.content)) {
    throw new ApiError('The search answer holds no list of records (`content`)', { status: 200, body: raw });
  }
  const items = answer.content.map(convert);
  const index = count(answer.pageable?.pageNumber) ?? count(answer.number) ?? (requested.page ?? 1) - 1;
  const size = count(answer.pageable?.pageSize) || count(answer.size) || requested.size || items.length || 1;
  const knownPages = count(answer.totalPages);
  const explicitLast = typeof answer.last === 'boolean' ? answer.last : undefined;
  const isLast = explicitLast ?? (knownPages !== undefined ? index >= knownPages - 1 : items.length < size);
  const totalElements =
    count(answer.totalElements) ?? (isLast ? index * size + items.length : (knownPages ?? index + 2) * size);
  const totalPages = knownPages ?? Math.max(Math.ceil(totalElements / size), isLast ? index + 1 : index + 2);
  return {
    items,
    page: index + 1,
    size,
    totalPages,
    totalElements,
    first: typeof answer.first === 'boolean' ? answer.first : index === 0,
    last: isLast,
  };
}
