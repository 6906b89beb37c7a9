import { entityByResource, type AnyEntity } from '#shared/entities/index.ts';
import type { Row } from './entity-api.ts';
import { loadTitlesOf } from './list/titles.ts';
import type { ValueGroups, ValueNames } from './value-names.ts';

/**
 * The names of the values on a history page or an import preview: the labels of each resource's
 * fields, and the titles of the rows their foreign keys point at, found as the lists find them
 * (list/titles.ts: one request per referenced table). Loaded with `import()` by those screens, so
 * the entity descriptions come with it only when values are to be named. A failed lookup leaves
 * the ids as `#id`.
 */
export async function loadValueNames(groups: ValueGroups, context?: unknown): Promise<ValueNames> {
  const names: ValueNames = { fields: {}, titles: {} };
  const byEntity = new Map<AnyEntity, Row[]>();
  for (const { resource, rows } of groups) {
    const entity = entityByResource(resource);
    if (!entity) continue;
    names.fields[resource] ??= Object.fromEntries(
      Object.entries(entity.fields).map(([field, description]) => [
        field,
        description.kind === 'fk' && description.references
          ? { label: description.label, references: description.references }
          : { label: description.label },
      ]),
    );
    const list = byEntity.get(entity) ?? [];
    for (const row of rows) if (row) list.push(row as Row);
    byEntity.set(entity, list);
  }
  try {
    names.titles = await loadTitlesOf([...byEntity], context);
  } catch {
    // The values stay ids (`#1`): the page is still worth showing.
  }
  return names;
}
