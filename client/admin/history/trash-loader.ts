import type { LoaderFunctionArgs } from 'react-router';
import type { TrashEntry } from '#shared/history.ts';
import { loadNames, type ValueNames } from '../entities/value-names.ts';
import { historyCalls } from './history-api.ts';
import { loadHistoryPage, type HistoryPage } from './paged-loader.ts';
import { RESOURCES } from './values.ts';

export const TRASH_PAGE_SIZE = 20;

export interface TrashData extends HistoryPage<TrashEntry> {
  entity: string;
  /** The rows' field labels and what their foreign keys point at, as the lists name them. */
  names: ValueNames;
}

/** `?entity=words&page=2`: that page of the rows deleted in the last 30 days, newest first. */
export async function trashLoader({ request, context }: LoaderFunctionArgs): Promise<TrashData> {
  const params = new URL(request.url).searchParams;
  const entity = (params.get('entity') ?? '').trim();
  const refused =
    entity && !(RESOURCES as readonly string[]).includes(entity)
      ? `Table must be one of ${RESOURCES.join(', ')}.`
      : null;
  const page = await loadHistoryPage(params.get('page'), refused, (page) =>
    historyCalls(context).trash({ page, size: TRASH_PAGE_SIZE, ...(entity ? { entity } : {}) }),
  );
  const names = await loadNames(
    page.entries.map((entry) => ({ resource: entry.entity, rows: [entry.row] })),
    context,
  );
  return { entity, ...page, names };
}
