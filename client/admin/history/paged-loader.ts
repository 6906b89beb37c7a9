import { failureMessage } from './history-api.ts';
import { positiveParam } from './values.ts';

/** One page of a history list (change sets, trash) as its screen shows it, or why it could not load. */
export interface HistoryPage<E> {
  page: number;
  totalPages: number;
  totalElements: number;
  entries: E[];
  problem: string | null;
}

/**
 * The page the URL names (`?page=2`), fetched, or an empty list with the problem: the filter's own
 * (`refused`, checked first), a page that is not a whole number, or the API's failure.
 */
export async function loadHistoryPage<E>(
  rawPage: string | null,
  refused: string | null,
  fetch: (page: number) => Promise<{ totalPages: number; totalElements: number; items: E[] }>,
): Promise<HistoryPage<E>> {
  const page = positiveParam(rawPage) ?? 1;
  const empty = { page: 1, totalPages: 0, totalElements: 0, entries: [] };
  if (refused) return { ...empty, problem: refused };
  if (Number.isNaN(page)) return { ...empty, problem: 'The page must be a whole number from 1.' };
  try {
    const result = await fetch(page);
    const { totalPages, totalElements, items } = result;
    return { page, totalPages, totalElements, entries: items, problem: null };
  } catch (error) {
    return { ...empty, problem: failureMessage(error) };
  }
}
