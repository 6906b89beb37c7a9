import { auditEntry } from './audit-entry.ts';
import { language } from './language.ts';
import { letterGroupLevel } from './letter-group-level.ts';
import { letterGroupWord } from './letter-group-word.ts';
import { letterGroup } from './letter-group.ts';
import { level } from './level.ts';
import { stage } from './stage.ts';
import { userLevel } from './user-level.ts';
import { user } from './user.ts';
import { word } from './word.ts';
import type { AnyEntity, EntityName } from './types.ts';

export * from './types.ts';
export { fieldNames } from './field-names.ts';
// parseEntityInput is imported from './input.ts' itself: it brings zod, which the panel's pages load only on demand.
export type { FieldErrors, ParsedInput } from './input.ts';
export {
  auditEntry,
  language,
  letterGroup,
  letterGroupLevel,
  letterGroupWord,
  level,
  stage,
  user,
  userLevel,
  word,
};

/** The nine content entities, in the panel navbar's order. */
export const contentEntities = [
  level,
  user,
  userLevel,
  language,
  letterGroup,
  letterGroupLevel,
  letterGroupWord,
  stage,
  word,
] as const satisfies readonly AnyEntity[];

const byName = new Map<EntityName, AnyEntity>(
  [...contentEntities, auditEntry].map((entity) => [entity.name, entity]),
);

export function entityByName(name: EntityName): AnyEntity {
  return byName.get(name)!;
}

/** The entity served at `{resource}/cms/...`, if any. */
export function entityByResource(resource: string): AnyEntity | undefined {
  return [...byName.values()].find((entity) => entity.resource === resource);
}

/** Fields of other entities that point at rows of `name` (what blocks deleting one). */
export function referrersOf(name: EntityName): Array<{ entity: AnyEntity; field: string }> {
  return [...byName.values()].flatMap((entity) =>
    Object.entries(entity.fields)
      .filter(([, field]) => field.kind === 'fk' && field.references === name)
      .map(([field]) => ({ entity, field })),
  );
}

const foreignKeys = new WeakMap<AnyEntity, Array<{ name: string; target: AnyEntity }>>();

/**
 * The entity's foreign-key fields and the entities they point at (the other way round from
 * referrersOf), worked out once per entity: bulk writes check them on every row.
 */
export function foreignKeysOf(entity: AnyEntity): Array<{ name: string; target: AnyEntity }> {
  let keys = foreignKeys.get(entity);
  if (!keys) {
    keys = Object.entries(entity.fields).flatMap(([name, field]) =>
      field.kind === 'fk' && field.references ? [{ name, target: entityByName(field.references) }] : [],
    );
    foreignKeys.set(entity, keys);
  }
  return keys;
}
