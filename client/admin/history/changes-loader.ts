import type { LoaderFunctionArgs } from 'react-router';
import type { ChangeSet } from '#shared/change-sets.ts';
import { failureMessage, historyCalls } from './history-api.ts';
import { positiveParam } from './values.ts';

export const CHANGES_PAGE_SIZE = 20;

export interface ChangesData {
  /** The URL's filter: whose change sets (`?username=ann`). */
  username: string;
  page: number;
  totalPages: number;
  totalElements: number;
  entries: ChangeSet[];
  problem: string | null;
}

/** `?username=ann&page=2`: that page of the change sets, newest first. */
export async function changesLoader({ request, context }: LoaderFunctionArgs): Promise<ChangesData> {
  const params = new URL(request.url).searchParams;
  const username = (params.get('username') ?? '').trim();
  const page = positiveParam(params.get('page')) ?? 1;
  const empty = { username, page: 1, totalPages: 0, totalElements: 0, entries: [] };
  if (Number.isNaN(page)) return { ...empty, problem: 'The page must be a whole number from 1.' };
  try {
    const result = await historyCalls(context).changeSets({
      page,
      size: CHANGES_PAGE_SIZE,
      ...(username ? { username } : {}),
    });
    return {
      username,
      page,
      totalPages: result.totalPages,
      totalElements: result.totalElements,
      entries: result.items,
      problem: null,
    };
  } catch (error) {
    return { ...empty, problem: failureMessage(error) };
  }
}
