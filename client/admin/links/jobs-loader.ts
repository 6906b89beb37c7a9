import type { LoaderFunctionArgs } from 'react-router';
import { letterGroup } from '#shared/entities/index.ts';
import type { LinkJob } from '#shared/links/api.ts';
import { panelApi } from '../api.ts';
import { errorMessage, type Row } from '../entities/entity-api.ts';
import { loadTitles, type Titles } from '../entities/list/titles.ts';

export interface JobsData {
  /** The letter-group list's filters from the address, as given (`stageId` → `3`). */
  filters: Record<string, string>;
  /** Letter groups they name (null when the count failed). */
  matching: number | null;
  /** The job named in the address (`job=ID`), if any. */
  job: LinkJob | null;
  recent: LinkJob[];
  /** What the filters' ids name (`stageId` 3 → "3 · 5 letters"), for the jobs' descriptions. */
  titles: Titles;
  error: string | null;
}

/** The list's own filter names: only these are taken from the address. */
export const FILTER_FIELDS = letterGroup.filters.map((filter) => filter.field);

export function filtersOf(url: URL): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const field of FILTER_FIELDS) {
    const value = url.searchParams.get(field);
    if (value !== null && value !== '') filters[field] = value;
  }
  return filters;
}

/** The filtered list's size, the job in the address and the recent jobs (polled while one runs). */
export async function jobsLoader({ request, context }: LoaderFunctionArgs): Promise<JobsData> {
  const url = new URL(request.url);
  const filters = filtersOf(url);
  const api = panelApi(context);
  const rawJob = url.searchParams.get('job');
  const answer: JobsData = { filters, matching: null, job: null, recent: [], titles: {}, error: null };
  const problems: string[] = [];
  await Promise.all([
    api
      .resource('letter-group')
      .search({ page: 1, size: 1, filters })
      .then((page) => (answer.matching = page.totalElements))
      .catch((error: unknown) => problems.push(errorMessage(error))),
    api.linkBuilder
      .jobs()
      .then((jobs) => (answer.recent = jobs))
      .catch((error: unknown) => problems.push(errorMessage(error))),
    rawJob && /^\d{1,10}$/.test(rawJob)
      ? api.linkBuilder
          .job(Number(rawJob))
          .then((job) => (answer.job = job))
          .catch((error: unknown) => problems.push(errorMessage(error)))
      : null,
  ]);
  answer.error = problems[0] ?? null;
  // The filters as rows of the list, so their ids read as the list shows them (one search per table).
  const wheres = [filters, answer.job?.params.where ?? {}, ...answer.recent.map((job) => job.params.where)];
  const rows = wheres.map((where, index): Row => ({
    id: index + 1,
    ...Object.fromEntries(Object.entries(where).map(([field, value]) => [field, Number(value)])),
  }));
  answer.titles = await loadTitles(letterGroup, rows, context);
  return answer;
}
