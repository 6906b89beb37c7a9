import type { LoaderFunctionArgs } from 'react-router';
import { loadNames, NO_NAMES, type ValueNames } from '../entities/value-names.ts';
import { failureMessage, historyCalls } from './history-api.ts';
import { ACTIONS, positiveParam, RESOURCES } from './values.ts';

export const AUDIT_PAGE_SIZE = 20;

/** The audit screen's URL: `?entity=words&entityId=12&username=ann&action=update&page=2`. */
export interface AuditFilters {
  entity: string;
  entityId: string;
  username: string;
  action: string;
}

export interface AuditEntryView {
  id: number;
  at: string;
  username: string;
  ip: string;
  entity: string;
  entityId: number;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  changeSetId: string | null;
}

export interface AuditData {
  filters: AuditFilters;
  page: number;
  totalPages: number;
  totalElements: number;
  entries: AuditEntryView[];
  /** The entries' field labels and what their foreign keys point at, as the lists name them. */
  names: ValueNames;
  /** What is wrong with the URL's filters (nothing is searched until fixed), or the failed call. */
  problem: string | null;
}

const one = (params: URLSearchParams, name: string) => (params.get(name) ?? '').trim();

/**
 * Reads the filters of the URL and loads that page of the audit log, newest first, through the
 * content API (the session-bound client on the server, the proxy in the browser).
 */
export async function auditLoader({ request, context }: LoaderFunctionArgs): Promise<AuditData> {
  const params = new URL(request.url).searchParams;
  const filters: AuditFilters = {
    entity: one(params, 'entity'),
    entityId: one(params, 'entityId'),
    username: one(params, 'username'),
    action: one(params, 'action'),
  };
  const page = positiveParam(params.get('page')) ?? 1;
  const id = positiveParam(filters.entityId);
  const empty = { filters, page: 1, totalPages: 0, totalElements: 0, entries: [], names: NO_NAMES };
  const problems = [
    filters.entity && !(RESOURCES as readonly string[]).includes(filters.entity)
      ? `Table must be one of ${RESOURCES.join(', ')}.`
      : null,
    Number.isNaN(id) ? 'Record ID must be a whole number from 1.' : null,
    filters.action && !(ACTIONS as readonly string[]).includes(filters.action)
      ? `Action must be one of ${ACTIONS.join(', ')}.`
      : null,
    Number.isNaN(page) ? 'The page must be a whole number from 1.' : null,
  ].filter((p): p is string => p !== null);
  if (problems.length > 0) return { ...empty, problem: problems.join(' ') };
  try {
    const result = await historyCalls(context).audit({
      page,
      size: AUDIT_PAGE_SIZE,
      filters: {
        entity: filters.entity || undefined,
        entityId: id ?? undefined,
        username: filters.username || undefined,
        action: filters.action || undefined,
      } as never,
    });
    const entries = result.items as unknown as AuditEntryView[];
    const names = await loadNames(
      entries.map((entry) => ({ resource: entry.entity, rows: [entry.before, entry.after] })),
      context,
    );
    return {
      filters,
      page,
      totalPages: result.totalPages,
      totalElements: result.totalElements,
      entries,
      names,
      problem: null,
    };
  } catch (error) {
    return { ...empty, problem: failureMessage(error) };
  }
}
