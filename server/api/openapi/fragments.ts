import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../resources/search-query.ts';

/** The pieces every path module of the OpenAPI document repeats, written once. */
export type Json = Record<string, unknown>;

export const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
export const json = (schema: Json, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
export const error = (description: string) => json(ref('Error'), description);
export const body = (schema: Json) => ({ required: true, content: { 'application/json': { schema } } });

/** What any admin-only operation may answer besides its own responses. */
export const COMMON_ERRORS = {
  401: error('No, expired or invalid access token.'),
  403: error(
    'Not an active admin who completed two-factor authentication, or beyond what the account or token may reach (its permission set or languages): the message names what is allowed, and nothing was written.',
  ),
  503: error('The database is unavailable; the message names it and the request id. Retry-After: 5.'),
};

/** An `{id}` path parameter of a row with a whole-number id. */
export const ID_PARAM = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
export const BAD_ID = { 400: error('The id is not a positive whole number.') };

/** `page` and `size` of every search (the same limits the server checks). */
export const PAGING = [
  {
    name: 'page',
    in: 'query',
    schema: { type: 'integer', minimum: 0, default: 0 },
    description: 'Zero-based.',
  },
  {
    name: 'size',
    in: 'query',
    schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
  },
];

/** An operation beyond the SPEC §7 contract: admin-only, marked `x-extension`, saying so. */
export function extensionOp(
  operationId: string,
  tag: string,
  spec: Json,
  common: Json = COMMON_ERRORS,
): Json {
  return {
    operationId,
    tags: [tag],
    security: [{ bearerAuth: [] }],
    'x-extension': true,
    ...spec,
    description: `${String(spec.description)} Extension of the SPEC §7 contract.`,
    responses: { ...(spec.responses as Json), ...common },
  };
}
