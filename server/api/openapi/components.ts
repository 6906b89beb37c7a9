import * as z from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../resources/search-query.ts';

/**
 * The names of the document's shared schemas (`#/components/schemas/…`): a declaration names a
 * schema once with `named`, and every operation using that same schema object refers to it.
 */
const names = new WeakMap<z.ZodType, string>();

export function named<T extends z.ZodType>(schema: T, id: string): T {
  names.set(schema, id);
  return schema;
}

export const nameOf = (schema: z.ZodType): string | undefined => names.get(schema);

/** Any error's body: 401, 403, 404, 405, 409, 412, 413, 415, 429, 503. */
export const errorSchema = named(
  z.object({
    message: z.string(),
    requestId: z.string().optional().meta({ description: 'On a 408 and a 503: the request to quote.' }),
  }),
  'Error',
);

/** Invalid input (400): the first problem in words, then every field's. */
export const validationErrorSchema = named(
  z.object({
    message: z.string().meta({ description: 'The first problem, in words.' }),
    fieldErrors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: 'Field, parameter or header → messages.' }),
  }),
  'ValidationError',
);

const pages = new WeakMap<z.ZodType, z.ZodType>();

/** A page of a search (the Spring page shape SPEC §7 reads), once per record schema. */
export function pageOf(record: z.ZodType, id: string): z.ZodType {
  let page = pages.get(record);
  if (!page) {
    page = named(
      z.object({
        content: z.array(record),
        pageable: z.object({
          pageNumber: z.int().meta({ description: 'Zero-based.' }),
          pageSize: z.int().meta({ description: `Default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}.` }),
          offset: z.int(),
        }),
        totalPages: z.int(),
        totalElements: z.int(),
        number: z.int().meta({ description: 'Zero-based page number, as pageable.pageNumber.' }),
        size: z.int(),
        numberOfElements: z.int(),
        first: z.boolean(),
        last: z.boolean(),
        empty: z.boolean(),
      }),
      id,
    );
    pages.set(record, page);
  }
  return page;
}
