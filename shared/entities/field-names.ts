import type { AnyEntity } from './types.ts';

const namesByEntity = new WeakMap<AnyEntity, ReadonlyMap<string, string>>();

/** Every name a field answers to (its own and its aliases) → the field's own name (built once per entity: bulk rows ask per row). */
export function fieldNames(entity: AnyEntity): ReadonlyMap<string, string> {
  let names = namesByEntity.get(entity);
  if (!names) {
    const built = new Map<string, string>();
    for (const [name, field] of Object.entries(entity.fields)) {
      built.set(name, name);
      for (const alias of field.aliases ?? []) built.set(alias, name);
    }
    namesByEntity.set(entity, (names = built));
  }
  return names;
}
