import type { LoaderFunctionArgs } from 'react-router';
import { ApiError } from '#shared/api-client/index.ts';
import type { Draft, ReleaseList } from '#shared/releases/api.ts';
import { panelApi } from '../api.ts';
import { errorMessage } from '../entities/entity-api.ts';

export interface ReleasesData {
  list: ReleaseList | null;
  /** Null while the draft's first check runs (a large content takes a while). */
  draft: Draft | null;
  error: string | null;
}

/** The releases, what the game gets, the schedules and jobs, and the draft's check and diff. */
export async function releasesLoader({ context }: LoaderFunctionArgs): Promise<ReleasesData> {
  const api = panelApi(context);
  const problems: string[] = [];
  const [list, draft] = await Promise.all([
    api.releases.list().catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) throw error;
      problems.push(errorMessage(error));
      return null;
    }),
    api.releases.draft().catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) throw error;
      problems.push(errorMessage(error));
      return null;
    }),
  ]);
  return { list, draft, error: problems[0] ?? null };
}
