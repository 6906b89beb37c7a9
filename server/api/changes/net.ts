import type { AnyEntity } from '#shared/entities/index.ts';
import type { Values } from '../resources/rows.ts';

/** One audit entry of a change set, its JSON parsed. */
export interface Entry {
  id: number;
  entityId: number;
  action: 'create' | 'update' | 'delete';
  before: Values | null;
  after: Values | null;
}

/**
 * What a change set did to one row, from all its entries in order: whether the row existed before
 * and after, the values it had before (earliest value of each field touched; the whole row when it
 * was deleted) and those it left (latest value of each field; the whole row when created).
 */
export interface NetChange {
  id: number;
  /** null: the row did not exist before the change set (it created it). */
  before: Values | null;
  /** null: the row does not exist after it (it deleted it). */
  after: Values | null;
}

export function netChange(entityId: number, entries: readonly Entry[]): NetChange {
  const before: Values | null = entries[0]!.action === 'create' ? null : {};
  let after: Values | null = {};
  for (const entry of entries) {
    if (before !== null && entry.before) {
      for (const [field, value] of Object.entries(entry.before))
        if (!(field in before)) before[field] = value;
    }
    after = entry.action === 'delete' && entry.after === null ? null : { ...after, ...entry.after };
  }
  return { id: entityId, before, after };
}

/** A timestamp compares by instant (SQLite text and PostgreSQL Dates both come back ISO); others by JSON. */
export function sameValue(entity: AnyEntity, field: string, a: unknown, b: unknown): boolean {
  if (entity.fields[field]?.kind === 'timestamp' && typeof a === 'string' && typeof b === 'string') {
    return Date.parse(a) === Date.parse(b);
  }
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** Fields compared and restored: every described one in `values` but the id and the update stamp. */
export function comparedFields(entity: AnyEntity, values: Values): string[] {
  const stamp = entity.timestamps?.updated;
  return Object.keys(values).filter((field) => field !== 'id' && field !== stamp && field in entity.fields);
}

/** The fields of `expected` whose value `current` no longer holds. */
export function differences(entity: AnyEntity, current: Values, expected: Values): string[] {
  return comparedFields(entity, expected).filter(
    (field) => !sameValue(entity, field, current[field], expected[field]),
  );
}

/** Entities ordered so that every entity comes after those it refers to (languages before words). */
export function parentsFirst(entities: readonly AnyEntity[]): AnyEntity[] {
  const ordered: AnyEntity[] = [];
  const visit = (entity: AnyEntity, path: Set<string>) => {
    if (ordered.includes(entity) || path.has(entity.name)) return;
    path.add(entity.name);
    for (const field of Object.values(entity.fields)) {
      const parent = field.kind === 'fk' ? entities.find((e) => e.name === field.references) : undefined;
      if (parent) visit(parent, path);
    }
    ordered.push(entity);
  };
  for (const entity of entities) visit(entity, new Set());
  return ordered;
}
