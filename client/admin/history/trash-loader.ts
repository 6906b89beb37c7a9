import type { LoaderFunctionArgs } from 'react-router';
import type { TrashEntry } from '#shared/history.ts';
import { failureMessage, historyCalls } from './history-api.ts';
import { positiveParam, RESOURCES } from './values.ts';

export const TRASH_PAGE_SIZE = 20;

export interface TrashData {
  entity: string;
  page: number;
  totalPages: number;
  totalElements: number;
  entries: TrashEntry[];
  problem: string | null;
}

/** `?entity=words&page=2`: that page of the rows deleted in the last 30 days, newest first. */
export async function trashLoader({ request, context }: LoaderFunctionArgs): Promise<TrashData> {
  const params = new URL(request.url).searchParams;
  const entity = (params.get('entity') ?? '').trim();
  const page = positiveParam(params.get('page')) ?? 1;
  const empty = { entity, page: 1, totalPages: 0, totalElements: 0, entries: [] };
  if (entity && !(RESOURCES as readonly string[]).includes(entity))
    return { ...empty, problem: `Table must be one of ${RESOURCES.join(', ')}.` };
  if (Number.isNaN(page)) return { ...empty, problem: 'The page must be a whole number from 1.' };
  try {
    const result = await historyCalls(context).trash({
      page,
      size: TRASH_PAGE_SIZE,
      ...(entity ? { entity } : {}),
    });
    return {
      entity,
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
