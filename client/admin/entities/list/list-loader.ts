import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { AnyEntity } from '#shared/entities/index.ts';
import { entityApi, errorMessage, inBrowser, type Row } from '../entity-api.ts';
import { rememberRows } from '../row-cache.ts';
import { readHidden } from './columns.ts';
import { loadExtraColumn, type ExtraColumnData } from './extra-column-data.ts';
import { loadTitles, type Titles } from './titles.ts';
import {
  listSearch,
  readListState,
  searchQuery,
  sortableFields,
  stateProblems,
  type ListState,
} from './url-state.ts';

export interface ListData {
  state: ListState;
  rows: Row[];
  totalPages: number;
  totalElements: number;
  /** Rows per page of the answer: the chosen size, or the server's default. */
  pageSize: number;
  /** The failed search's message ('Error: {message}' on screen); the table is then empty. */
  error: string | null;
  /** Filter field → what is wrong with its value; the list is not searched until it is fixed. */
  filterProblems: Record<string, string>;
  /** The page's computed column (levels: Solvable), asked in one call; null when none. */
  extra?: ExtraColumnData | null;
  /** What the rows' foreign keys point at, by name (see titles.ts). */
  titles: Titles;
  /** Columns the user chose to hide on this table (see columns.ts). */
  hidden: string[];
  /** The URL asked for an order the list does not have: said, not silently dropped. */
  sortProblem: string | null;
}

function sortProblemOf(entity: AnyEntity, params: URLSearchParams, state: ListState): string | null {
  const asked = params.get('sort');
  if (asked === null || asked === '' || state.sort) return null;
  const fields = sortableFields(entity).map((field) =>
    field === 'id' ? 'ID' : (entity.columns.find((c) => c.field === field)?.label ?? field),
  );
  return `${entity.labelPlural} cannot be sorted by "${asked.slice(0, 40)}" (sortable: ${fields.join(', ')}); they are shown in ID order.`;
}

/**
 * Loads the page, page size and filters of the URL. Runs on the server for the first paint (with
 * the session-bound client in `context`) and in the browser for every later change. A page past
 * the end redirects to the last page, so the URL always names what is shown. Filters no row could
 * match are reported on their fields instead of being searched for (or silently dropped).
 */
export function listLoader(entity: AnyEntity) {
  return async ({ request, context }: LoaderFunctionArgs): Promise<ListData> => {
    const url = new URL(request.url);
    const state = readListState(entity, url.searchParams);
    const hidden = readHidden(entity, inBrowser() ? document.cookie : request.headers.get('cookie'));
    const empty = {
      state,
      rows: [],
      totalPages: 0,
      totalElements: 0,
      pageSize: state.size ?? 0,
      titles: {},
      hidden,
      sortProblem: sortProblemOf(entity, url.searchParams, state),
    };
    const filterProblems = stateProblems(entity, state);
    if (Object.keys(filterProblems).length > 0) return { ...empty, error: null, filterProblems };
    let result;
    try {
      result = await entityApi(entity.name, context).search(searchQuery(state));
    } catch (error) {
      return { ...empty, error: errorMessage(error), filterProblems };
    }
    if (result.totalPages > 0 && state.page > result.totalPages) {
      throw redirect(url.pathname + listSearch(entity, { ...state, page: result.totalPages }));
    }
    if (inBrowser()) rememberRows(entity.name, result.items);
    const [titles, extra] = await Promise.all([
      loadTitles(entity, result.items, context),
      loadExtraColumn(entity, result.items, context),
    ]);
    return {
      extra,
      titles,
      hidden,
      sortProblem: empty.sortProblem,
      state,
      rows: result.items,
      totalPages: result.totalPages,
      totalElements: result.totalElements,
      pageSize: result.size,
      error: null,
      filterProblems,
    };
  };
}
