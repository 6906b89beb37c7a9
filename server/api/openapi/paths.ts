import type { AnyEntity, FilterDescription, Operation } from '#shared/entities/index.ts';
import { EXPORT_FORMATS } from '../resources/export.ts';
import { MAX_PAGE_SIZE } from '../resources/search-query.ts';
import { MAX_BULK_ROWS } from '#shared/entities/bulk.ts';
import { componentName } from './schemas.ts';

import { BAD_ID, body, COMMON_ERRORS, error, ID_PARAM, json, PAGING, ref, type Json } from './fragments.ts';

const BODY_ERRORS = {
  400: json(ref('ValidationError'), 'Invalid body: `fieldErrors` names each field.'),
  413: error('Body too large (100 kB; 2 MB for bulk).'),
  415: error('Content-Type is not application/json.'),
};

// Optimistic concurrency (issue 12): a record's version is its strong ETag.
const ETAG_HEADER = {
  ETag: {
    description: "The record's version: a strong entity tag, new whenever any of its values changes.",
    schema: { type: 'string', example: '"9b1f0c2e5d7a4b3c8e6f1a2b3c4d5e6f"' },
  },
};
const IF_MATCH_PARAM = {
  name: 'If-Match',
  in: 'header',
  required: false,
  schema: { type: 'string' },
  description:
    'The ETag of the version read (or *): the write happens only while the record still has it, else 412. Absent: no check.',
};
const PRECONDITION_FAILED = {
  412: {
    ...error(
      'If-Match names another version: the record changed since it was read (the message names who and when). ETag: the current version.',
    ),
    headers: ETAG_HEADER,
  },
};
const versioned = (schema: Json, description: string) => ({
  ...json(schema, description),
  headers: ETAG_HEADER,
});

function filterSchema(filter: FilterDescription): Json {
  switch (filter.kind) {
    case 'text':
      return { type: 'string', maxLength: 200 };
    case 'id':
      return { type: 'integer', minimum: 1 };
    case 'number':
      return { type: 'number' };
    case 'bool':
      return { type: 'boolean' };
    case 'choice':
      return { type: 'string', enum: filter.choices ?? [] };
  }
}

const MATCH: Record<FilterDescription['kind'], string> = {
  text: 'contains, ignoring case',
  id: 'equals',
  number: 'equals',
  bool: 'true or false',
  choice: 'equals',
};

const searchFilterParameters = (entity: AnyEntity) =>
  entity.filters.map((filter) => ({
    name: filter.field,
    in: 'query',
    schema: filterSchema(filter),
    description: `${filter.label}: ${MATCH[filter.kind]}. Empty means no filter.`,
  }));

/** `sort=field[:asc|:desc]` (issue 12): the id, or a field the entity declares sortable (indexed). */
const sortParameter = (entity: AnyEntity) => {
  const fields = ['id', ...(entity.sortable ?? [])];
  return {
    name: 'sort',
    in: 'query',
    schema: { type: 'string', pattern: `^(${fields.join('|')})(:(asc|desc))?$` },
    description: `Order by this field, then by id in the same direction (ascending unless \`:desc\`). Sortable: ${fields.join(', ')}. Any other field is a 400.`,
  };
};

const idsParameter = {
  name: 'ids',
  in: 'query',
  schema: { type: 'string', pattern: '^\\d+(,\\d+)*$' },
  description: `Only the rows with these ids (comma-separated, at most ${MAX_PAGE_SIZE}): the titles of a page's references in one call.`,
};

function operation(entity: AnyEntity, op: Operation, spec: Json): Json {
  const origin = entity.operations[op]!;
  return {
    operationId: `${op}${componentName(entity)}`,
    tags: [entity.labelPlural],
    security: [{ bearerAuth: [] }],
    ...(origin === 'extension' ? { 'x-extension': true } : {}),
    ...spec,
    description:
      `${String(spec.description ?? '')}${origin === 'extension' ? ' Extension of the SPEC §7 contract.' : ''}`.trim(),
    responses: { ...(spec.responses as Json), ...COMMON_ERRORS },
  };
}

/** The paths of one resource, only for the operations its description allows. */
export function resourcePaths(entity: AnyEntity): Json {
  const name = componentName(entity);
  const label = entity.label.toLowerCase();
  const ops = entity.operations;
  const base = `/${entity.resource}/cms`;
  const paths: Record<string, Json> = {};
  const at = (path: string) => (paths[path] ??= {});

  if (ops.search) {
    const search = operation(entity, 'search', {
      summary: `Search ${entity.labelPlural.toLowerCase()}`,
      description: `A page of ${entity.labelPlural.toLowerCase()} ordered by id${entity.order === 'desc' ? ', newest first' : ''} unless \`sort\` says otherwise. Also served without the trailing slash.`,
      parameters: [...PAGING, sortParameter(entity), idsParameter, ...searchFilterParameters(entity)],
      responses: {
        200: json(ref(`${name}Page`), 'The page.'),
        400: json(ref('ValidationError'), 'Unknown filter or malformed value.'),
      },
    });
    at(`${base}/search/`).get = search;
    // The same search without the trailing slash: never taken for an {id}.
    at(`${base}/search`).get = { ...search, operationId: `${String(search.operationId)}NoSlash` };
    at(`${base}/export`).get = {
      ...operation(entity, 'search', {
        summary: `Export ${entity.labelPlural.toLowerCase()}`,
        description: `Every ${label} the filters match, in the search's order, streamed (no pages). Extension of the SPEC §7 contract.`,
        parameters: [
          { name: 'format', in: 'query', schema: { type: 'string', enum: EXPORT_FORMATS, default: 'json' } },
          {
            name: 'fields',
            in: 'query',
            schema: { type: 'string' },
            description: `Comma-separated fields, in the order wanted; all by default: ${Object.keys(entity.fields).join(', ')}.`,
          },
          sortParameter(entity),
          ...searchFilterParameters(entity),
        ],
        responses: {
          200: {
            description: 'The rows: CSV with a header line, a JSON array, or one JSON object a line.',
            content: {
              'text/csv': { schema: { type: 'string' } },
              'application/json': { schema: { type: 'array', items: ref(name) } },
              'application/x-ndjson': { schema: { type: 'string' } },
            },
          },
          400: json(ref('ValidationError'), 'Unknown format, field or filter, a malformed value, or paging.'),
        },
      }),
      operationId: `export${name}`,
      'x-extension': true,
    };
  }
  if (ops.create) {
    at(base).post = operation(entity, 'create', {
      summary: `Create a ${label}`,
      requestBody: body(ref(`${name}Create`)),
      responses: {
        201: versioned(ref(name), `The saved ${label}.`),
        ...BODY_ERRORS,
        409: error('The natural key is taken.'),
      },
    });
  }
  if (ops.bulk) {
    at(`${base}/bulk`).post = operation(entity, 'bulk', {
      summary: `Create or update up to ${MAX_BULK_ROWS} ${entity.labelPlural.toLowerCase()}`,
      description:
        `Upserts in one transaction, with a result per row: a row with an \`id\` updates that row, ` +
        (entity.naturalKey ? `else one matching on (${entity.naturalKey.join(', ')}) is updated, ` : '') +
        (entity.operations.create
          ? 'else it is created. '
          : 'else it is rejected (rows are not created here). ') +
        'A reference may be an object of fields naming the row instead of its id. Updated rows answer their changes (`from`, `to`). `dryRun` writes nothing (a row it would create has no id yet).',
      requestBody: body(ref(`${name}BulkRequest`)),
      responses: { 200: json(ref('BulkResponse'), 'One result per row, and counts.'), ...BODY_ERRORS },
    });
  }
  const edits = [
    [
      'update',
      'bulk-update',
      'BulkUpdateRequest',
      `Set the same fields on many ${entity.labelPlural.toLowerCase()}`,
    ],
    ['delete', 'bulk-delete', 'BulkDeleteRequest', `Delete many ${entity.labelPlural.toLowerCase()}`],
  ] as const;
  for (const [op, path, request, summary] of edits) {
    if (!ops[op]) continue;
    at(`${base}/${path}`).post = {
      ...operation(entity, op, {
        summary,
        description:
          'The rows are named by `ids` or by `where` (the list filters, as the search takes them; an empty `where` needs `allRows: true`), read and written a chunk per transaction; a row that cannot be changed is refused with its reason and the others go on. `dryRun` answers the plan and writes nothing. Extension of the SPEC §7 contract.',
        requestBody: body(ref(request)),
        responses: {
          200: json(
            ref('BulkEditResponse'),
            'Counts, each refused row with its reason, and a sample of the changes.',
          ),
          ...BODY_ERRORS,
        },
      }),
      operationId: `${path.replace('-', '')}${name}`,
      'x-extension': true,
    };
  }
  const item = `${base}/{id}`;
  if (ops.get) {
    at(item).get = operation(entity, 'get', {
      summary: `Read a ${label}`,
      parameters: [ID_PARAM],
      responses: { 200: versioned(ref(name), `The ${label}.`), ...BAD_ID, 404: error('No such row.') },
    });
  }
  if (ops.update) {
    at(item).put = operation(entity, 'update', {
      summary: `Update a ${label}`,
      description:
        'Fields left out keep their stored values; read-only fields (id, timestamps) are ignored. With If-Match, only while the record is still at that version.',
      parameters: [ID_PARAM, IF_MATCH_PARAM],
      requestBody: body(ref(`${name}Update`)),
      responses: {
        200: versioned(ref(name), `The saved ${label}.`),
        ...BODY_ERRORS,
        404: error('No such row.'),
        409: error('The natural key is taken.'),
        ...PRECONDITION_FAILED,
      },
    });
  }
  if (ops.delete) {
    at(item).delete = operation(entity, 'delete', {
      summary: `Delete a ${label}`,
      description: entity.timestamps?.deleted
        ? `Soft: sets ${entity.timestamps.deleted}; the row stays readable.`
        : 'Refused (409) while other rows refer to it, naming them.',
      parameters: [ID_PARAM, IF_MATCH_PARAM],
      responses: {
        200: json({ type: 'integer' }, 'The id.'),
        ...BAD_ID,
        404: error('No such row.'),
        409: error('Still referred to by other rows.'),
        ...PRECONDITION_FAILED,
      },
    });
  }
  return paths;
}
