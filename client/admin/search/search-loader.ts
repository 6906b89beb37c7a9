import type { LoaderFunctionArgs } from 'react-router';
import { entityByName, type AnyEntity, type EntityName } from '#shared/entities/index.ts';
import { entityApi, errorMessage, type Row } from '../entities/entity-api.ts';
import { editPath, listPath } from '../entities/paths.ts';

/** The tables the navbar's search looks in, in the order of the results page. */
export const SEARCHED: readonly EntityName[] = ['word', 'letter-group', 'level', 'user'];
/** Results shown per group; 'See all' opens the filtered list for the rest. */
export const GROUP_LIMIT = 5;
/** Longer text is refused with a message (never cut). */
export const MAX_QUERY_LENGTH = 100;

export interface SearchHit {
  id: number;
  text: string;
  href: string;
}

/** One table and one of its text filters: `Words` by letters, `Users` by username, … */
export interface SearchGroup {
  key: string;
  title: string;
  hits: SearchHit[];
  total: number;
  seeAll: string;
  error: string | null;
}

export interface SearchData {
  query: string;
  problem: string | null;
  groups: SearchGroup[];
}

const textFilters = (entity: AnyEntity) => entity.filters.filter((filter) => filter.kind === 'text');

/** What a hit shows: the matched text, and a level's number before its hint. */
function hitText(entity: AnyEntity, field: string, row: Row): string {
  const value = String(row[field] ?? '');
  return entity.name === 'level' ? `Level ${String(row.number)}: ${value}` : value;
}

async function searchGroup(entity: AnyEntity, field: string, label: string, query: string, context: unknown) {
  const several = textFilters(entity).length > 1;
  const group: SearchGroup = {
    key: `${entity.name}-${field}`,
    title: several ? `${entity.labelPlural} by ${label.toLowerCase()}` : entity.labelPlural,
    hits: [],
    total: 0,
    seeAll: `${listPath(entity.name)}?${new URLSearchParams({ [field]: query })}`,
    error: null,
  };
  try {
    const page = await entityApi(entity.name, context).search({
      page: 1,
      size: GROUP_LIMIT,
      filters: { [field]: query },
    });
    group.total = page.totalElements;
    group.hits = page.items.slice(0, GROUP_LIMIT).map((row) => ({
      id: row.id as number,
      text: hitText(entity, field, row),
      href: editPath(entity.name, row.id as number),
    }));
  } catch (error) {
    group.error = errorMessage(error);
  }
  return group;
}

/**
 * `?q=…`: each searched table's list API with its text filters (words and letter groups by
 * letters, levels by hint, users by username and by email), the first few of each. Runs on the
 * server for the first paint and in the browser after a search from the navbar.
 */
export async function searchLoader({ request, context }: LoaderFunctionArgs): Promise<SearchData> {
  const query = (new URL(request.url).searchParams.get('q') ?? '').trim();
  if (query === '') return { query, problem: null, groups: [] };
  if (query.length > MAX_QUERY_LENGTH) {
    return { query, problem: `Type at most ${MAX_QUERY_LENGTH} characters to search.`, groups: [] };
  }
  const pending = SEARCHED.flatMap((name) => {
    const entity = entityByName(name);
    return textFilters(entity).map((filter) =>
      searchGroup(entity, filter.field, filter.label, query, context),
    );
  });
  return { query, problem: null, groups: await Promise.all(pending) };
}
