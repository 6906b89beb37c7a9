import { auditEntry } from '#shared/entities/index.ts';
import { AUDITED_RESOURCES } from '#shared/entities/audit-entry.ts';
import type { Connection } from '../connection.ts';
import { UsageError } from '../context.ts';
import { formatTable } from '../output.ts';

export interface AuditOptions {
  entity?: string;
  id?: number;
  user?: string;
  action?: string;
  page?: number;
  size?: number;
  all?: boolean;
}

/** Accepts the resource (`letter-groups`) or the entity name (`letter-group`). */
export function resourceOf(entity: string): string {
  const given = entity.trim().toLowerCase();
  const match = AUDITED_RESOURCES.find((resource) => resource === given || resource === `${given}s`);
  if (!match)
    throw new UsageError(`--entity must be one of ${AUDITED_RESOURCES.join(', ')}, not "${entity}"`);
  return match;
}

/** `audit`: the audit log, newest first, filtered by entity, row, user and action. */
export async function auditAction(options: AuditOptions, conn: Connection): Promise<void> {
  await conn.requireLogin();
  if (options.id !== undefined && options.entity === undefined) {
    throw new UsageError('--id needs --entity: ids are per entity.');
  }
  if (options.all && options.page !== undefined) throw new UsageError('Give --page or --all, not both.');
  const filters = {
    entity: options.entity === undefined ? undefined : resourceOf(options.entity),
    entityId: options.id,
    username: options.user,
    action: options.action,
  };
  const columns = [{ field: 'id', label: 'ID' }, ...auditEntry.columns];
  if (options.all) {
    const entries: Record<string, unknown>[] = [];
    for await (const entry of conn.api.audit.searchAll({ filters, size: options.size ?? 100 }))
      entries.push(entry);
    conn.out.result(entries, () => formatTable(columns, entries) + `${entries.length} entries\n`);
    return;
  }
  const page = await conn.api.audit.search({ filters, page: options.page ?? 1, size: options.size ?? 20 });
  conn.out.result(
    page,
    () =>
      formatTable(columns, page.items) +
      `Page ${page.page} of ${Math.max(page.totalPages, 1)} (${page.totalElements} entries)\n`,
  );
}
