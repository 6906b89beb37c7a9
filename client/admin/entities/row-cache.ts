import type { EntityName } from '#shared/entities/index.ts';
import type { Row } from './entity-api.ts';

/**
 * The rows of the list pages this browser tab loaded last, so an edit form opened from a list is
 * prefilled from it without another call (SPEC §2: "prefill from the already loaded list"). Browser
 * only: on the server every request has its own session, so nothing may be shared between them.
 */
const cache = new Map<EntityName, Map<number, Row>>();

export function rememberRows(name: EntityName, rows: readonly Row[]): void {
  cache.set(name, new Map(rows.map((row) => [row.id, row])));
}

export function cachedRow(name: EntityName, id: number): Row | undefined {
  return cache.get(name)?.get(id);
}

/** After a save the cached copy is stale: the next edit of that row fetches it again. */
export function forgetRow(name: EntityName, id: number): void {
  cache.get(name)?.delete(id);
}
