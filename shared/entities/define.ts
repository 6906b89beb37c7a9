import type { Entity, EntityDescription, FieldMap, FilterDescription } from './types.ts';

type Operations = EntityDescription['operations'];

/** A description whose resource name and operations keep their literal types. */
export interface LiteralDescription<
  F extends FieldMap,
  R extends string,
  O extends Operations,
> extends EntityDescription<F> {
  readonly resource: R;
  readonly operations: O;
}

/** What `defineEntity` returns: the typed API client reads `resource` and `operations` as literals. */
export interface DefinedEntity<F extends FieldMap, R extends string, O extends Operations> extends Entity<F> {
  readonly resource: R;
  // Intersected with the general shape so code over many entities can still test any operation.
  readonly operations: O & Operations;
}

/**
 * An entity description, its literal types kept. Its zod schemas are not attached here but built by
 * `schemasOf` (schemas.ts) where they are used, so a module that reads descriptions loads no zod.
 */
export function defineEntity<const F extends FieldMap, const R extends string, const O extends Operations>(
  description: LiteralDescription<F, R, O>,
): DefinedEntity<F, R, O> {
  return { ...description } as DefinedEntity<F, R, O>;
}

// ---- Fields and filters several entities share ----

export const ID = { kind: 'id', label: 'ID', readOnly: true } as const;

/** New rows are active unless told otherwise (SPEC §3: "new defaults to active"). */
export const IS_ACTIVE = { kind: 'bool', label: 'Active', default: true } as const;

export const LANGUAGE_ID = {
  kind: 'fk',
  label: 'Language',
  references: 'language',
  required: true,
  aliases: ['idLanguage'],
} as const;

export const STAGE_ID = {
  kind: 'fk',
  label: 'Stage',
  references: 'stage',
  required: true,
  aliases: ['idStage'],
} as const;

/** A count that cannot go below zero (words entered, coins, scores). */
export const COUNT = { kind: 'int', min: 0, default: 0 } as const;

export const ACTIVE_FILTER: FilterDescription<'isActive'> = {
  field: 'isActive',
  kind: 'bool',
  label: 'Active status',
  options: { all: 'All', true: 'Active', false: 'Inactive' },
};

/**
 * The operations of SPEC §7's fully editable tables (search, create, update, delete), with our
 * extensions: reading one row by id and, for tables with a natural key, bulk upserts.
 */
export const EDITABLE_OPERATIONS = {
  search: 'contract',
  get: 'extension',
  create: 'contract',
  update: 'contract',
  delete: 'contract',
} as const;

export const EDITABLE_WITH_BULK_OPERATIONS = { ...EDITABLE_OPERATIONS, bulk: 'extension' } as const;
