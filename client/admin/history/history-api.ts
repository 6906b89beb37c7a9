import { errorFromFailure, errorFromResponse, parseBody } from '#shared/api-client/errors.ts';
import { toPage, type Page } from '#shared/api-client/pages.ts';
import type { RestoreResponse, RevertResponse, TrashEntry } from '#shared/history.ts';
import type { ChangeSet, ChangeSetEntry, UndoRequest, UndoResponse } from '#shared/change-sets.ts';
import { CHANGE_SET_COMMAND_HEADER, CHANGE_SET_HEADER } from '#shared/change-set-wire.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '#shared/panel-context.ts';
import { PROXY_PATH } from '#shared/panel-paths.ts';
import { panelContextOf } from '../server-context.ts';
import { trackedFetch } from '../session-api.ts';

/**
 * The few content API calls of the history screens, kept off the typed client (`client/admin/api.ts`
 * carries every entity description and zod, which these screens do not need): on the server through the
 * request's session-bound client, in the browser straight through the session proxy.
 */
export interface HistoryCalls {
  audit(query: {
    page: number;
    size: number;
    filters: Record<string, string | number>;
  }): Promise<Page<unknown>>;
  trash(query: { page: number; size: number; entity?: string }): Promise<Page<TrashEntry>>;
  revert(id: number): Promise<RevertResponse>;
  restore(id: number): Promise<RestoreResponse>;
  changeSets(query: { page: number; size: number; username?: string }): Promise<Page<ChangeSet>>;
  changeSet(id: string): Promise<ChangeSet>;
  changeSetEntries(id: string, query: { page: number; size: number }): Promise<Page<ChangeSetEntry>>;
  /** The undo, itself a change set of its own (`own`, browser only: the server names one). */
  undo(id: string, request: UndoRequest, own?: { id: string; command: string }): Promise<UndoResponse>;
}

async function browserCall<T>(
  method: 'GET' | 'POST',
  path: string,
  query?: URLSearchParams,
  body?: object,
  extra: Record<string, string> = {},
): Promise<T> {
  let response: Response;
  let text: string;
  try {
    response = await trackedFetch(`${PROXY_PATH}/${path}${query ? `?${query}` : ''}`, {
      method,
      credentials: 'same-origin',
      // A body only where the operation takes one: revert and restore take none.
      headers: {
        Accept: 'application/json',
        ...(method === 'GET' ? {} : { [CSRF_HEADER]: CSRF_HEADER_VALUE }),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...extra,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    text = await response.text();
  } catch (error) {
    throw errorFromFailure(error, null);
  }
  if (!response.ok) throw errorFromResponse(response, text);
  return parseBody(text) as T;
}

/** `?page=N-1&size=M&…` (zero-based on the wire), empty values left out. */
function wire(page: number, size: number, filters: Record<string, string | number | undefined>) {
  const params = new URLSearchParams({ page: String(page - 1), size: String(size) });
  for (const [name, value] of Object.entries(filters))
    if (value !== undefined && value !== '') params.set(name, String(value));
  return params;
}

export function historyCalls(context?: unknown): HistoryCalls {
  const panel = panelContextOf(context);
  if (panel) {
    return {
      audit: (query) => panel.api.audit.search(query as never),
      trash: (query) => panel.api.history.trash(query),
      revert: (id) => panel.api.history.revert(id),
      restore: (id) => panel.api.history.restore(id),
      changeSets: (query) => panel.api.changeSets.list(query),
      changeSet: (id) => panel.api.changeSets.get(id),
      changeSetEntries: (id, query) => panel.api.changeSets.entries(id, query),
      undo: (id, request) => panel.api.changeSets.undo(id, request),
    };
  }
  return {
    audit: async ({ page, size, filters }) =>
      toPage(
        await browserCall('GET', 'audit/cms/search/', wire(page, size, filters)),
        { page, size },
        (r) => r,
      ),
    trash: async ({ page, size, entity }) =>
      toPage(
        await browserCall('GET', 'trash/cms/search/', wire(page, size, { entity })),
        { page, size },
        (r) => r as TrashEntry,
      ),
    revert: (id) => browserCall('POST', `audit/cms/${id}/revert`),
    restore: (id) => browserCall('POST', `trash/cms/${id}/restore`),
    changeSets: async ({ page, size, username }) =>
      toPage(
        await browserCall('GET', 'change-sets/cms/search/', wire(page, size, { username })),
        { page, size },
        (r) => r as ChangeSet,
      ),
    changeSet: (id) => browserCall('GET', `change-sets/cms/${id}`),
    changeSetEntries: async (id, { page, size }) =>
      toPage(
        await browserCall('GET', `change-sets/cms/${id}/entries`, wire(page, size, {})),
        { page, size },
        (r) => r as ChangeSetEntry,
      ),
    undo: (id, request, own) =>
      browserCall(
        'POST',
        `change-sets/cms/${id}/undo`,
        undefined,
        request,
        own
          ? { [CHANGE_SET_HEADER]: own.id, [CHANGE_SET_COMMAND_HEADER]: encodeURIComponent(own.command) }
          : {},
      ),
  };
}

/** The message to show for a failed call (the server's, or the network's). */
export function failureMessage(error: unknown): string {
  return error instanceof Error ? error.message || 'Request failed' : String(error);
}
