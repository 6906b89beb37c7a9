import type { RestoreResponse, RevertResponse, TrashEntry } from '../history.ts';
import { searchParams, toPage, type Page } from './pages.ts';
import type { Transport } from './transport.ts';

/** History and undo (issue 13): revert one audit entry; the trash and its restore. */
export interface HistoryClient {
  /** Puts back what audit entry `id` changed (409 with the reason when it cannot). */
  revert(id: number): Promise<RevertResponse>;
  /** Rows deleted in the last 30 days, newest first; `page` is 1-based; `entity` a resource. */
  trash(query?: { page?: number; size?: number; entity?: string }): Promise<Page<TrashEntry>>;
  /** Re-creates trashed row `id` (a trash entry id) with its own id. */
  restore(id: number): Promise<RestoreResponse>;
}

export function historyClient(transport: Transport): HistoryClient {
  return {
    revert: (id) =>
      transport.call<RevertResponse>({
        method: 'POST',
        path: `audit/cms/${Math.trunc(id)}/revert`,
      }),
    async trash(query = {}) {
      const params = searchParams({ page: query.page, size: query.size, filters: { entity: query.entity } });
      const raw = await transport.call({ method: 'GET', path: 'trash/cms/search/', query: params });
      return toPage(raw, query, (row) => row as TrashEntry);
    },
    restore: (id) =>
      transport.call<RestoreResponse>({
        method: 'POST',
        path: `trash/cms/${Math.trunc(id)}/restore`,
      }),
  };
}
