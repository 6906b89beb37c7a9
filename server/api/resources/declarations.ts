import * as z from 'zod';
import type { AnyEntity, Operation } from '#shared/entities/index.ts';
import { parseEntityInput } from '#shared/entities/input.ts';
import {
  bulkRequestOf,
  bulkRequestSchema,
  bulkResponseSchema,
  bulkRowOf,
  MAX_BULK_ROWS,
} from '#shared/entities/bulk.ts';
import {
  bulkDeleteRequestSchema,
  bulkEditResponseSchema,
  bulkUpdateRequestSchema,
} from '#shared/entities/bulk-edit.ts';
import { schemasOf } from '#shared/entities/schemas.ts';
import { checked } from '../http/checked.ts';
import { badRequest } from '../http/errors.ts';
import { BODY_LIMIT, BULK_BODY_LIMIT } from '../http/json-body.ts';
import { declare, idParams, type OperationSpec, type ResponseSpec } from '../http/operation.ts';
import { errorSchema, named, pageOf } from '../openapi/components.ts';
import { parseExportQuery } from './export.ts';
import { exportQuerySchema, searchQuerySchema } from './query-schemas.ts';
import { parseSearchQuery } from './search-query.ts';
import { solvableQuery } from '../solvability/declarations.ts';

/**
 * The operations of one resource under `{resource}/cms`, declared from its entity description
 * (only those it allows): search, export, bulk, bulk-update, bulk-delete, create, get, update,
 * delete. The routes that answer them are resources/routes.ts.
 */

/** `letter-group` → `LetterGroup`: the component name of an entity. */
export const componentName = (entity: AnyEntity) =>
  entity.name.replace(/(^|-)([a-z])/g, (_m, _dash, letter: string) => letter.toUpperCase());

const ETAG = {
  ETag: {
    description: "The record's version: a strong entity tag, new whenever any of its values changes.",
    schema: z.string(),
  },
};

const errors = (entries: Record<number, string>): Record<number, ResponseSpec> =>
  Object.fromEntries(
    Object.entries(entries).map(([status, description]) => [status, { description, schema: errorSchema }]),
  );

/** Schemas of an entity, named once for the document. */
function schemas(entity: AnyEntity) {
  const name = componentName(entity);
  const own = schemasOf(entity);
  return {
    record: named(own.record, name),
    page: pageOf(own.record, `${name}Page`),
    create: named(own.create, `${name}Create`),
    update: named(own.update, `${name}Update`),
    bulk: named(bulkRequestOf(bulkRowOf(entity)), `${name}BulkRequest`),
  };
}
const cache = new WeakMap<AnyEntity, ReturnType<typeof schemas>>();
const schemasFor = (entity: AnyEntity) => {
  let found = cache.get(entity);
  if (!found) cache.set(entity, (found = schemas(entity)));
  return found;
};

/** The body of a create or an update: aliases renamed, read-only fields dropped, then its schema. */
const entityBody = (entity: AnyEntity, mode: 'create' | 'update') => (value: unknown) => {
  const parsed = parseEntityInput(entity, mode, value);
  if (!parsed.ok) throw badRequest(parsed.message, parsed.fieldErrors);
  return parsed.value as Record<string, unknown>;
};

/**
 * A list's query: the list's own parameters by its parser, and the parameters another area adds to
 * it (levels' `solvable`) by their schemas, apart.
 */
function withExtra<R>(
  query: Record<string, unknown>,
  extra: Record<string, z.ZodType>,
  what: string,
  parse: (rest: Record<string, unknown>) => R,
): { request: R; extra: Record<string, unknown> } {
  const own = Object.fromEntries(Object.entries(query).filter(([key]) => !Object.hasOwn(extra, key)));
  // As the list's own filters: an empty value means no filter.
  const added = Object.fromEntries(
    Object.entries(query).filter(([key, value]) => Object.hasOwn(extra, key) && value !== ''),
  );
  return { request: parse(own), extra: checked(z.object(extra), added, what) };
}

const declaredOnce = new WeakMap<AnyEntity, ReturnType<typeof declareResource>>();

/** An entity's operations, declared once (memoized: the dispatcher and the document share them). */
export function resourceDeclarations(entity: AnyEntity) {
  let found = declaredOnce.get(entity);
  // Levels' list also takes `solvable` (the solvability of each level: server/api/solvability).
  if (!found)
    declaredOnce.set(entity, (found = declareResource(entity, entity.name === 'level' ? solvableQuery : {})));
  return found;
}

function declareResource(entity: AnyEntity, extraQuery: Record<string, z.ZodType>) {
  const ops = entity.operations;
  const base = `/${entity.resource}/cms`;
  const label = entity.label.toLowerCase();
  const plural = entity.labelPlural.toLowerCase();
  const s = schemasFor(entity);
  const name = componentName(entity);
  /** `operation`: the description's operation it serves (contract or extension), or null: ours. */
  const op = (
    operation: Operation | null,
    spec: Omit<OperationSpec, 'tag' | 'contract' | 'caller'>,
  ): OperationSpec =>
    declare({
      ...spec,
      tag: entity.labelPlural,
      contract: operation !== null && entity.operations[operation] === 'contract',
      caller: 'admin',
      access: { entity, access: spec.method === 'get' ? 'read' : 'write' },
      panel: spec.method === 'get' ? 'read' : 'write',
    });
  const writes = { changeSet: true as const };
  const id = idParams();
  const declared: Partial<
    Record<
      'search' | 'export' | 'bulk' | 'bulkUpdate' | 'bulkDelete' | 'create' | 'get' | 'update' | 'remove',
      OperationSpec
    >
  > = {};

  if (ops.search) {
    declared.search = op('search', {
      method: 'get',
      path: `${base}/search/`,
      operationId: `search${name}`,
      summary: `Search ${plural}`,
      description: `A page of ${plural} ordered by id${entity.order === 'desc' ? ', newest first' : ''} unless \`sort\` says otherwise. Served with and without the trailing slash.`,
      query: {
        schema: searchQuerySchema(entity, extraQuery),
        parse: (q) => withExtra(q, extraQuery, 'search', (rest) => parseSearchQuery(entity, rest)),
      },
      responses: { 200: { description: 'The page.', schema: s.page } },
    });
    declared.export = op(null, {
      method: 'get',
      path: `${base}/export`,
      operationId: `export${name}`,
      summary: `Export ${plural}`,
      description: `Every ${label} the filters match, in the search's order, streamed (no pages).`,
      stream: true,
      query: {
        schema: exportQuerySchema(entity, extraQuery),
        parse: (q) => withExtra(q, extraQuery, 'export', (rest) => parseExportQuery(entity, rest)),
      },
      responses: {
        200: {
          description: 'The rows: CSV with a header line, a JSON array, or one JSON object a line.',
          content: {
            'text/csv': 'CSV with a header line.',
            'application/json': `A JSON array of ${name} records.`,
            'application/x-ndjson': `One ${name} record a line.`,
          },
        },
      },
    });
  }
  if (ops.bulk) {
    declared.bulk = op('bulk', {
      method: 'post',
      path: `${base}/bulk`,
      operationId: `bulk${name}`,
      summary: `Create or update up to ${MAX_BULK_ROWS} ${plural}`,
      description:
        'Upserts in one transaction, with a result per row: a row with an `id` updates that row, ' +
        (entity.naturalKey ? `else one matching on (${entity.naturalKey.join(', ')}) is updated, ` : '') +
        (ops.create ? 'else it is created. ' : 'else it is rejected (rows are not created here). ') +
        'A reference may be an object of fields naming the row instead of its id. Updated rows answer their changes (`from`, `to`). `dryRun` writes nothing (a row it would create has no id yet). Each row is checked on its own: a row that breaks these rules is rejected, with its reason, in the 200.',
      ...writes,
      body: {
        schema: s.bulk,
        limit: BULK_BODY_LIMIT,
        what: 'bulk request',
        parse: (v) => checked(bulkRequestSchema, v, 'bulk request'),
      },
      responses: {
        200: {
          description: 'One result per row, and counts.',
          schema: named(bulkResponseSchema, 'BulkResponse'),
        },
      },
    });
  }
  const edit = (kind: 'bulk-update' | 'bulk-delete', summary: string) =>
    op(null, {
      method: 'post',
      path: `${base}/${kind}`,
      operationId: `${kind.replace('-', '')}${name}`,
      summary,
      description:
        'The rows are named by `ids` or by `where` (the list filters, as the search takes them; an empty `where` needs `allRows: true`), read and written a chunk per transaction; a row that cannot be changed is refused with its reason and the others go on. `dryRun` answers the plan and writes nothing.',
      ...writes,
      body: {
        schema:
          kind === 'bulk-update'
            ? named(bulkUpdateRequestSchema, 'BulkUpdateRequest')
            : named(bulkDeleteRequestSchema, 'BulkDeleteRequest'),
        limit: BULK_BODY_LIMIT,
        what: 'bulk edit',
      },
      responses: {
        200: {
          description: 'Counts, each refused row with its reason, and a sample of the changes.',
          schema: named(bulkEditResponseSchema, 'BulkEditResponse'),
        },
      },
    });
  if (ops.update) declared.bulkUpdate = edit('bulk-update', `Set the same fields on many ${plural}`);
  if (ops.delete) declared.bulkDelete = edit('bulk-delete', `Delete many ${plural}`);
  if (ops.create) {
    declared.create = op('create', {
      method: 'post',
      path: base,
      operationId: `create${name}`,
      summary: `Create a ${label}`,
      ...writes,
      body: { schema: s.create, limit: BODY_LIMIT, what: label, parse: entityBody(entity, 'create') },
      responses: {
        201: { description: `The saved ${label}.`, schema: s.record, headers: ETAG },
        ...errors({ 409: 'The natural key is taken.' }),
      },
    });
  }
  if (ops.get) {
    declared.get = op('get', {
      method: 'get',
      path: `${base}/:id`,
      operationId: `get${name}`,
      summary: `Read a ${label}`,
      params: id,
      responses: {
        200: { description: `The ${label}.`, schema: s.record, headers: ETAG },
        ...errors({ 404: 'No such row.' }),
      },
    });
  }
  const precondition = {
    412: {
      description:
        'If-Match names another version: the record changed since it was read (the message names who and when). ETag: the current version.',
      schema: errorSchema,
      headers: ETAG,
    },
  };
  if (ops.update) {
    declared.update = op('update', {
      method: 'put',
      path: `${base}/:id`,
      operationId: `update${name}`,
      summary: `Update a ${label}`,
      description:
        'Fields left out keep their stored values; read-only fields (id, timestamps) are ignored. With If-Match, only while the record is still at that version.',
      params: id,
      ifMatch: true,
      ...writes,
      body: { schema: s.update, limit: BODY_LIMIT, what: label, parse: entityBody(entity, 'update') },
      responses: {
        200: { description: `The saved ${label}.`, schema: s.record, headers: ETAG },
        ...errors({ 404: 'No such row.', 409: 'The natural key is taken.' }),
        ...precondition,
      },
    });
  }
  if (ops.delete) {
    declared.remove = op('delete', {
      method: 'delete',
      path: `${base}/:id`,
      operationId: `delete${name}`,
      summary: `Delete a ${label}`,
      description: entity.timestamps?.deleted
        ? `Soft: sets ${entity.timestamps.deleted}; the row stays readable.`
        : 'Refused (409) while other rows refer to it, naming them.',
      params: id,
      ifMatch: true,
      ...writes,
      responses: {
        200: { description: 'The id.', schema: z.int() },
        ...errors({ 404: 'No such row.', 409: 'Still referred to by other rows.' }),
        ...precondition,
      },
    });
  }
  return declared;
}
