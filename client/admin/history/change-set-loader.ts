import { data, type LoaderFunctionArgs } from 'react-router';
import type { ChangeSet, ChangeSetEntry } from '#shared/change-sets.ts';
import { UUID_PATTERN } from '#shared/change-set-wire.ts';
import { ApiError } from '#shared/api-client/errors.ts';
import { loadNames, NO_NAMES, sidesOf, type ValueNames } from '../entities/value-names.ts';
import { failureMessage, historyCalls } from './history-api.ts';
import { positiveParam } from './values.ts';

export const ENTRIES_PAGE_SIZE = 20;

export interface ChangeSetData {
  id: string;
  changeSet: ChangeSet | null;
  page: number;
  totalPages: number;
  totalElements: number;
  entries: ChangeSetEntry[];
  /** The entries' field labels and what their foreign keys point at, as the lists name them. */
  names: ValueNames;
  problem: string | null;
}

/**
 * `/changes/:id?page=2`: one change set and that page of its entries, in the order written. An id
 * that is no uuid, or names no change set, is the panel's 404.
 */
export async function changeSetLoader({
  request,
  params,
  context,
}: LoaderFunctionArgs): Promise<ChangeSetData> {
  const id = String(params.id ?? '').toLowerCase();
  if (!UUID_PATTERN.test(id)) throw data(null, { status: 404, statusText: 'Not Found' });
  const page = positiveParam(new URL(request.url).searchParams.get('page')) ?? 1;
  const empty = {
    id,
    changeSet: null,
    page: 1,
    totalPages: 0,
    totalElements: 0,
    entries: [],
    names: NO_NAMES,
  };
  if (Number.isNaN(page)) return { ...empty, problem: 'The page must be a whole number from 1.' };
  const calls = historyCalls(context);
  try {
    const [changeSet, entries] = await Promise.all([
      calls.changeSet(id),
      calls.changeSetEntries(id, { page, size: ENTRIES_PAGE_SIZE }),
    ]);
    const names = await loadNames(
      entries.items.map((entry) => ({ resource: entry.entity, rows: sidesOf(entry.changes) })),
      context,
    );
    return {
      id,
      changeSet,
      page,
      totalPages: entries.totalPages,
      totalElements: entries.totalElements,
      entries: entries.items,
      names,
      problem: null,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404)
      throw data(null, { status: 404, statusText: 'Not Found' });
    return { ...empty, problem: failureMessage(error) };
  }
}
