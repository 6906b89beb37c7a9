import type { AnyEntity } from '#shared/entities/index.ts';
import type { SearchQuery } from '#shared/api-client/index.ts';
import { filterProblems } from '../readable-messages.ts';
import { listFilters } from './list-extras.ts';

/**
 * A list's state lives in the URL query string (`?hint=cat&size=50&page=2`), so reload,
 * back/forward, a shared link and the way back from a form show the same list. Page 1, the
 * server's page size and empty filters are left out of the URL.
 */
export interface ListState {
  /** 1-based, as shown on screen. */
  page: number;
  /** Rows per page chosen by the user; null leaves it to the server (SPEC §9). */
  size: number | null;
  /** Filter field → value as typed; '' means no filter. Values are kept even when invalid. */
  filters: Record<string, string>;
  /** `?sort=letters&dir=desc`: a sortable field (or id) and its direction; null is the id order. */
  sort: ListSort | null;
}

export interface ListSort {
  field: string;
  dir: 'asc' | 'desc';
}

/** The fields a list can be sorted by: the id and the description's sortable (indexed) fields. */
export const sortableFields = (entity: AnyEntity): string[] => ['id', ...(entity.sortable ?? [])];

/** The page sizes a user can choose (issue 12); the server's default is offered beside them. */
export const PAGE_SIZES: readonly number[] = [10, 25, 50, 100];

const WHOLE = /^\d{1,9}$/;

/**
 * Reads a list's state. Filter values are kept as they are, even ones no row can match: the list
 * shows what is wrong with them (`filterProblems`) instead of silently listing everything.
 */
export function readListState(entity: AnyEntity, params: URLSearchParams): ListState {
  const rawPage = params.get('page') ?? '';
  const page = WHOLE.test(rawPage) && Number(rawPage) >= 1 ? Number(rawPage) : 1;
  const rawSize = Number(params.get('size') ?? '');
  const size = PAGE_SIZES.includes(rawSize) ? rawSize : null;
  const filters: Record<string, string> = {};
  for (const filter of listFilters(entity)) filters[filter.field] = params.get(filter.field) ?? '';
  // An unknown sort field is dropped (the id order), like an unknown page size: the URL is the user's.
  const field = params.get('sort') ?? '';
  const sort = sortableFields(entity).includes(field)
    ? { field, dir: params.get('dir') === 'desc' ? ('desc' as const) : ('asc' as const) }
    : null;
  return { page, size, filters, sort };
}

/** The query string of a state, in the description's filter order, without empty values. */
export function writeListState(entity: AnyEntity, state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const filter of listFilters(entity)) {
    const value = state.filters[filter.field] ?? '';
    if (value !== '') params.set(filter.field, value);
  }
  if (state.sort) {
    params.set('sort', state.sort.field);
    if (state.sort.dir === 'desc') params.set('dir', 'desc');
  }
  if (state.size !== null) params.set('size', String(state.size));
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** `?…` or '' for a state, ready to append to a path. */
export function listSearch(entity: AnyEntity, state: ListState): string {
  const query = writeListState(entity, state).toString();
  return query ? `?${query}` : '';
}

/** Any filter change starts again from page 1 (SPEC §2); the page size stays. */
export function withFilters(state: ListState, filters: Record<string, string>): ListState {
  return { ...state, page: 1, filters: { ...state.filters, ...filters } };
}

/** No filters at all ('Clear All Filters'); the page size stays. */
export function withoutFilters(state: ListState): ListState {
  return { ...state, page: 1, filters: Object.fromEntries(Object.keys(state.filters).map((f) => [f, ''])) };
}

/**
 * Another page size, on the page that holds the first row shown now, so the user keeps their place.
 * `shownSize` is the size of the page on screen. Back to the server's default (whose size the
 * browser does not know then) starts from page 1.
 */
export function withSize(state: ListState, size: number | null, shownSize: number): ListState {
  if (size === null) return { ...state, size, page: 1 };
  return { ...state, size, page: Math.floor(((state.page - 1) * shownSize) / size) + 1 };
}

/**
 * A column header's next order: ascending first, then descending, then back to ascending. A new
 * order starts from page 1 (the rows on screen are other rows now); filters and size stay.
 */
export function withSort(state: ListState, field: string): ListState {
  const dir = state.sort?.field === field && state.sort.dir === 'asc' ? 'desc' : 'asc';
  return { ...state, page: 1, sort: { field, dir } };
}

export function hasFilters(state: ListState): boolean {
  return Object.values(state.filters).some((value) => value !== '');
}

/** field → message for every filter the API could not search by (see readable-messages.ts). */
export function stateProblems(entity: AnyEntity, state: ListState): Record<string, string> {
  return filterProblems(entity, state.filters);
}

/** The API search for a state (the client drops empty filters and converts the page). */
export function searchQuery(state: ListState): SearchQuery {
  return {
    page: state.page,
    ...(state.size ? { size: state.size } : {}),
    ...(state.sort ? { sort: state.sort } : {}),
    filters: { ...state.filters },
  };
}
