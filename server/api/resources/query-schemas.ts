import * as z from 'zod';
import type { AnyEntity, FilterDescription } from '#shared/entities/index.ts';
import { INT_MAX } from '#shared/entities/schemas.ts';
import { emptyIsAbsent } from '../http/operation.ts';
import { EXPORT_FORMATS } from './export.ts';
import { DEFAULT_PAGE_SIZE, MAX_FILTER_LENGTH, MAX_IDS, MAX_PAGE, MAX_PAGE_SIZE } from './search-query.ts';

/**
 * A list's query string as a schema: what parseSearchQuery and parseExportQuery accept, written so
 * the OpenAPI document states the same rules (each filter by its name and aliases, the sortable
 * fields, the limits). The parsers give the messages; tests/api/contract.test.ts holds the two
 * to the same answers.
 */

const digits = z.string().regex(/^\d{1,10}$/);
const whole = (min: number, max: number) => digits.transform(Number).pipe(z.int().min(min).max(max));

const MATCH: Record<FilterDescription['kind'], string> = {
  text: 'contains, ignoring case',
  id: 'equals',
  number: 'equals',
  bool: 'true or false',
  choice: 'equals',
};

function filterSchema(filter: FilterDescription): z.ZodType {
  const described = (schema: z.ZodType) =>
    emptyIsAbsent(schema).meta({
      description: `${filter.label}: ${MATCH[filter.kind]}. Empty means no filter.`,
    });
  switch (filter.kind) {
    case 'text':
      return described(z.string().max(MAX_FILTER_LENGTH));
    case 'id':
      return described(whole(1, INT_MAX));
    case 'number':
      return described(
        z
          .string()
          .regex(/^-?\d{1,15}(\.\d{1,15})?$/)
          .transform(Number)
          .pipe(z.number()),
      );
    case 'bool':
      return described(
        z
          .enum(['true', 'false'])
          .transform((v) => v === 'true')
          .pipe(z.boolean()),
      );
    case 'choice':
      return described(z.enum((filter.choices ?? []) as [string, ...string[]]));
  }
}

/** Each filter under its field's name and each alias (`idLanguage` for `languageId`). */
function filterShape(entity: AnyEntity): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  for (const filter of entity.filters) {
    shape[filter.field] = filterSchema(filter);
    for (const alias of entity.fields[filter.field]?.aliases ?? []) shape[alias] = filterSchema(filter);
  }
  return shape;
}

/** A filter given under its name and an alias must have one value (JSON Schema cannot say so). */
function aliasesAgree(entity: AnyEntity) {
  return (query: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const filter of entity.filters) {
      const names = [filter.field, ...(entity.fields[filter.field]?.aliases ?? [])];
      const given = names.filter((name) => query[name] !== undefined);
      if (new Set(given.map((name) => JSON.stringify(query[name]))).size > 1)
        ctx.addIssue({ code: 'custom', path: [given[1]!], message: `given twice with different values` });
    }
  };
}

function sortSchema(entity: AnyEntity) {
  const fields = ['id', ...(entity.sortable ?? [])];
  return emptyIsAbsent(z.string().regex(new RegExp(`^(${fields.join('|')})(:(asc|desc))?$`))).meta({
    description: `Order by this field, then by id in the same direction (ascending unless \`:desc\`). Sortable: ${fields.join(', ')}.`,
  });
}

/** `page`, `size`, `sort`, `ids` and the filters of `{resource}/cms/search/`. */
export function searchQuerySchema(entity: AnyEntity, extra: Record<string, z.ZodType> = {}): z.ZodObject {
  return z
    .strictObject({
      page: emptyIsAbsent(whole(0, MAX_PAGE)).meta({ description: 'Zero-based.', default: 0 }),
      size: emptyIsAbsent(whole(1, MAX_PAGE_SIZE)).meta({ default: DEFAULT_PAGE_SIZE }),
      sort: sortSchema(entity),
      ids: emptyIsAbsent(
        z
          .string()
          .regex(/^\d{1,10}(,\d{1,10})*$/)
          .transform((raw) => raw.split(',').map(Number))
          .pipe(z.array(z.int().min(1).max(INT_MAX)).max(MAX_IDS)),
      ).meta({ description: `Only the rows with these ids (at most ${MAX_IDS}).` }),
      ...filterShape(entity),
      ...extra,
    })
    .superRefine(aliasesAgree(entity));
}

/** `format`, `fields`, `sort` and the filters of `{resource}/cms/export`. */
export function exportQuerySchema(entity: AnyEntity, extra: Record<string, z.ZodType> = {}): z.ZodObject {
  const fields = Object.keys(entity.fields);
  return z
    .strictObject({
      format: z.enum(EXPORT_FORMATS).optional().meta({ default: 'json' }),
      fields: z
        .string()
        .regex(new RegExp(`^(${fields.join('|')})(,(${fields.join('|')}))*$`))
        .optional()
        .meta({
          description: `Comma-separated, in the order wanted, each once; all by default: ${fields.join(', ')}.`,
        }),
      sort: sortSchema(entity),
      ...filterShape(entity),
      ...extra,
    })
    .superRefine(aliasesAgree(entity));
}
