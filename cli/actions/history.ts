import type { TrashEntry } from '#shared/history.ts';
import type { Connection } from '../connection.ts';
import { formatTable } from '../output.ts';
import { resourceOf } from './audit.ts';

const json = (value: unknown) => JSON.stringify(value ?? null);

export interface TrashListOptions {
  entity?: string;
  page?: number;
  size?: number;
}

/** `audit revert ID`: puts back what one audit entry changed (the server refuses, naming why). */
export async function revertAction(id: number, conn: Connection): Promise<void> {
  await conn.requireLogin();
  const done = await conn.api.history.revert(id);
  const fields = Object.entries(done.changes)
    .map(([field, { from, to }]) => `${field} ${json(from)} → ${json(to)}`)
    .join(', ');
  const what =
    done.outcome === 'unchanged'
      ? `already holds the values from before entry ${id}: nothing changed`
      : `${done.outcome} (entry ${id} reverted)${fields ? `: ${fields}` : ''}`;
  conn.out.result(done, () => `${done.entity} ${done.entityId} ${what}\n`);
}

/** `trash list`: rows deleted in the last 30 days, newest first. */
export async function trashListAction(options: TrashListOptions, conn: Connection): Promise<void> {
  await conn.requireLogin();
  const page = await conn.api.history.trash({
    page: options.page ?? 1,
    size: options.size ?? 20,
    ...(options.entity ? { entity: resourceOf(options.entity) } : {}),
  });
  const rows = page.items.map((entry: TrashEntry) => ({
    ...entry,
    record: Object.entries(entry.row)
      .filter(([field]) => field !== 'id' && !/At$/.test(field))
      .map(([field, value]) => `${field}=${json(value)}`)
      .join(' '),
  }));
  const columns = [
    { field: 'id', label: 'ID' },
    { field: 'deletedAt', label: 'Deleted' },
    { field: 'deletedBy', label: 'By' },
    { field: 'entity', label: 'Entity' },
    { field: 'entityId', label: 'Row' },
    { field: 'record', label: 'Values' },
  ];
  conn.out.result(
    page,
    () =>
      formatTable(columns, rows) +
      `Page ${page.page} of ${Math.max(page.totalPages, 1)} (${page.totalElements} deleted rows; ` +
      'restore with: argus-words trash restore ID)\n',
  );
}

/** `trash restore ID`: re-creates the row with its id. */
export async function trashRestoreAction(id: number, conn: Connection): Promise<void> {
  await conn.requireLogin();
  const done = await conn.api.history.restore(id);
  conn.out.result(done, () => `Restored ${done.entity} ${done.entityId} from trash entry ${id}\n`);
}
