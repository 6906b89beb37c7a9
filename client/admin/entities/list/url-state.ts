import type { AnyEntity, FilterDescription } from '#shared/entities/index.ts';
import type { SearchQuery } from '#shared/api-client/index.ts';

/**
 * A list's state lives in the URL query string (`?page=2&hint=cat`), so reload, back/forward and a
 * shared link show the same list. Page 1 and empty filters are left out of the URL.
 */
export interface ListState {
  /** 1-based, as shown on screen. */
  page: number;
  /** Filter field → value as typed; '' means no filter. */
  filters: Record<string, string>;
}

const WHOLE = /^\d{1,9}$/;
const NUMBER = /^-?\d{1,15}(\.\d{1,15})?$/;

/** Keeps only values the filter can hold, so a mangled link shows an unfiltered list, not an error. */
export function cleanFilterValue(filter: FilterDescription, raw: string | null): string {
  const value = raw ?? '';
  switch (filter.kind) {
    case 'text':
      return value.slice(0, 200);
    case 'id':
      return WHOLE.test(value) && Number(value) >= 1 ? value : '';
    case 'number':
      return NUMBER.test(value) ? value : '';
    case 'bool':
      return value === 'true' || value === 'false' ? value : '';
    case 'choice':
      return filter.choices?.includes(value) ? value : '';
  }
}

export function readListState(entity: AnyEntity, params: URLSearchParams): ListState {
  const rawPage = params.get('page') ?? '';
  const page = WHOLE.test(rawPage) && Number(rawPage) >= 1 ? Number(rawPage) : 1;
  const filters: Record<string, string> = {};
  for (const filter of entity.filters)
    filters[filter.field] = cleanFilterValue(filter, params.get(filter.field));
  return { page, filters };
}

/** The query string of a state, in the description's filter order, without empty values. */
export function writeListState(entity: AnyEntity, state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const filter of entity.filters) {
    const value = state.filters[filter.field] ?? '';
    if (value !== '') params.set(filter.field, value);
  }
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** `?…` or '' for a state, ready to append to a path. */
export function listSearch(entity: AnyEntity, state: ListState): string {
  const query = writeListState(entity, state).toString();
  return query ? `?${query}` : '';
}

/** Any filter change starts again from page 1 (SPEC §2). */
export function withFilters(state: ListState, filters: Record<string, string>): ListState {
  return { page: 1, filters: { ...state.filters, ...filters } };
}

export function hasFilters(state: ListState): boolean {
  return Object.values(state.filters).some((value) => value !== '');
}

/** The API search for a state (the client drops empty filters and converts the page). */
export function searchQuery(state: ListState): SearchQuery {
  return { page: state.page, filters: { ...state.filters } };
}
