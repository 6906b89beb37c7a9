import type { AnyEntity } from '#shared/entities/index.ts';
import { ifMatchAdmits, isMalformedIfMatch, recordVersion } from '#shared/record-version.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import type { Tx } from './integrity.ts';
import type { Values } from './rows.ts';

/**
 * Optimistic concurrency (issue 12): GET answers a record's version as its ETag; PUT and DELETE
 * with `If-Match` go ahead only while the stored record still has that version, else 412 naming
 * the record and who changed it last, when. Without `If-Match` nothing changes (SPEC §7 clients).
 */

/** The `If-Match` header of a request, checked for shape (a bad one is a 400, never ignored). */
export function ifMatchOf(header: string | undefined): string | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  if (header.length > 1000 || isMalformedIfMatch(header)) {
    throw badRequest('If-Match must be * or quoted entity tags, e.g. If-Match: "3f2a…" (the ETag of a GET)');
  }
  return header;
}

/** The latest audit entry of a record: who changed it, when. */
async function lastChange(tx: Tx, entity: AnyEntity, id: number) {
  const row = await tx.db
    .selectFrom('auditLog')
    .select(['username', 'at'])
    .where('entity', '=', entity.resource)
    .where('entityId', '=', id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const at = row.at instanceof Date ? row.at.toISOString() : String(row.at);
  return { username: String(row.username), at };
}

/** 412 unless `ifMatch` (when given) admits the stored record's current version. */
export async function assertVersion(
  tx: Tx,
  entity: AnyEntity,
  stored: Values,
  ifMatch: string | undefined,
): Promise<void> {
  if (ifMatch === undefined) return;
  const current = recordVersion(entity, stored);
  if (ifMatchAdmits(ifMatch, current)) return;
  const id = stored.id as number;
  const change = await lastChange(tx, entity, id);
  const who = change ? ` (last changed by ${change.username} at ${change.at})` : '';
  throw new ApiError(
    412,
    `${entity.label} ${id} has changed since you read it${who}: read it again and reapply your change`,
    undefined,
    { ETag: current },
  );
}
