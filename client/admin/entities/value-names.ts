import type { EntityName } from '#shared/entities/index.ts';
import type { Titles } from './list/titles.ts';

/**
 * What the screens that show stored values outside the lists (history, trash, an undo's plan, the
 * import preview) need to name them as the lists do: each resource's field labels, which fields
 * point at which table, and the titles of the rows they point at (list/titles.ts, loaded by
 * value-names-loader.ts). Plain data, so a loader hands it to the page, and no entity descriptions
 * here: those screens' bundles stay without them.
 */
export interface ValueNames {
  /** Resource (`words`) → field → its label, and the table a foreign key points at. */
  fields: Record<string, Record<string, { label: string; references?: EntityName }>>;
  titles: Titles;
}

export const NO_NAMES: ValueNames = { fields: {}, titles: {} };

/** `languageId` → `Language`, `isActive` → `Is active`: a field no description names. */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/Id$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field's label as the entity's description gives it (`Language`, `Is Active?`). */
export function fieldName(names: ValueNames, resource: string, field: string): string {
  return names.fields[resource]?.[field]?.label ?? fieldLabel(field);
}

/** A stored value as a person reads it: text as is, nothing as an em dash, the rest as JSON. */
export function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export interface NamedValue {
  text: string;
  /** A foreign key: what the list's cell says on hover (`Language 1`), and the id pointed at. */
  title?: string;
  id?: number;
}

/**
 * A value as the lists show it: a foreign key as the title of the row it points at (`English`,
 * `#1` while unknown) with the label and id on hover, anything else as `shown` says.
 */
export function namedValue(names: ValueNames, resource: string, field: string, value: unknown): NamedValue {
  const description = names.fields[resource]?.[field];
  if (description?.references && typeof value === 'number' && Number.isInteger(value) && value > 0) {
    return {
      text: names.titles[description.references]?.[value] ?? `#${value}`,
      title: `${description.label} ${value}`,
      id: value,
    };
  }
  return { text: shown(value) };
}

/** A record's values per resource, to be named (a history entry's before and after, a preview row). */
export type ValueGroups = ReadonlyArray<{
  resource: string;
  rows: ReadonlyArray<Record<string, unknown> | null | undefined>;
}>;

/**
 * The names of those values (value-names-loader.ts, fetched with `import()`: the entity
 * descriptions it needs reach the browser only when a screen has values to name).
 */
export async function loadNames(groups: ValueGroups, context?: unknown): Promise<ValueNames> {
  if (groups.length === 0) return NO_NAMES;
  try {
    const { loadValueNames } = await import('./value-names-loader.ts');
    return await loadValueNames(groups, context);
  } catch {
    return NO_NAMES;
  }
}

/** Both sides of `{ field: { from, to } }` as rows of values: what was, and what is. */
export function sidesOf(
  changes: Record<string, { from: unknown; to: unknown }>,
): Array<Record<string, unknown>> {
  const from: Record<string, unknown> = {};
  const to: Record<string, unknown> = {};
  for (const [field, change] of Object.entries(changes)) {
    from[field] = change.from;
    to[field] = change.to;
  }
  return [from, to];
}
