import type { LoaderFunctionArgs } from 'react-router';
import type { ChangeSet } from '#shared/change-sets.ts';
import { historyCalls } from './history-api.ts';
import { loadHistoryPage, type HistoryPage } from './paged-loader.ts';

export const CHANGES_PAGE_SIZE = 20;

export interface ChangesData extends HistoryPage<ChangeSet> {
  /** The URL's filter: whose change sets (`?username=ann`). */
  username: string;
}

/** `?username=ann&page=2`: that page of the change sets, newest first. */
export async function changesLoader({ request, context }: LoaderFunctionArgs): Promise<ChangesData> {
  const params = new URL(request.url).searchParams;
  const username = (params.get('username') ?? '').trim();
  const page = await loadHistoryPage(params.get('page'), null, (page) =>
    historyCalls(context).changeSets({ page, size: CHANGES_PAGE_SIZE, ...(username ? { username } : {}) }),
  );
  return { username, ...page };
}
