import type { AnyEntity } from '#shared/entities/index.ts';

export interface ObjectSchema {
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  allOf?: unknown[];
}

/**
 * A create or update body accepts each field under its aliases too (`idLanguage` for
 * `languageId`), so the document lists them; a required field may come under either name.
 */
export function documentAliases(entity: AnyEntity, schema: ObjectSchema): void {
  for (const [name, field] of Object.entries(entity.fields)) {
    const property = schema.properties[name];
    if (!property || !field.aliases?.length) continue;
    for (const alias of field.aliases) {
      schema.properties[alias] = { ...property, description: `Same as ${name} (accepted alias).` };
    }
    if (schema.required?.includes(name)) {
      schema.required = schema.required.filter((r) => r !== name);
      const either = [name, ...field.aliases].map((n) => ({ required: [n] }));
      schema.allOf = [...(schema.allOf ?? []), { anyOf: either }];
    }
  }
}
