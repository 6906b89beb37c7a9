import type { AnyEntity } from '#shared/entities/index.ts';
import type { Tx } from '../resources/integrity.ts';
import type { Values } from '../resources/rows.ts';

/**
 * What the write gate let through in one transaction: the stored rows it may change, by table,
 * and how many new rows it may create. The audit log records a change only if it is here, so a
 * write path that skipped the gate is a loud error (and its transaction rolls back), never a
 * silent unchecked write.
 */
interface WriteLedger {
  ids: Map<string, Set<number>>;
  creates: Map<string, number>;
}

/** Per transaction (its unit of work), forgotten with it. */
const ledgers = new WeakMap<Tx, WriteLedger>();

type Planned = { entity: AnyEntity; before: Values | null };

export function noteAuthorized(tx: Tx, writes: readonly Planned[]): void {
  let ledger = ledgers.get(tx);
  if (!ledger) ledgers.set(tx, (ledger = { ids: new Map(), creates: new Map() }));
  for (const { entity, before } of writes) {
    const table = entity.resource;
    if (before === null) ledger.creates.set(table, (ledger.creates.get(table) ?? 0) + 1);
    else {
      const ids = ledger.ids.get(table) ?? new Set<number>();
      ids.add(Number(before.id));
      ledger.ids.set(table, ids);
    }
  }
}

type Recorded = { entity: AnyEntity; entityId: number; action: 'create' | 'update' | 'delete' };

/** Throws (a programming error: a 500, the transaction rolled back) for a change the gate never saw. */
export function assertAuthorized(tx: Tx, changes: readonly Recorded[]): void {
  const ledger = ledgers.get(tx);
  for (const { entity, entityId, action } of changes) {
    const table = entity.resource;
    if (action === 'create') {
      const left = ledger?.creates.get(table) ?? 0;
      if (left > 0) {
        ledger!.creates.set(table, left - 1);
        continue;
      }
    } else if (ledger?.ids.get(table)?.has(entityId)) continue;
    throw new Error(`${action} of ${table} ${entityId} was written without passing the write gate`);
  }
}
