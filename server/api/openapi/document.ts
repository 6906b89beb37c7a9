import * as z from 'zod';
import { contentEntities, entityByName, type AnyEntity } from '#shared/entities/index.ts';
import {
  CHANGE_SET_COMMAND_HEADER,
  CHANGE_SET_HEADER,
  CHANGE_SET_RECORDED_HEADER,
  MAX_COMMAND_LENGTH,
} from '#shared/change-sets.ts';
import { apiDeclarations } from '../declarations.ts';
import type { OperationSpec, ResponseSpec } from '../http/operation.ts';
import { errorSchema, nameOf, validationErrorSchema } from './components.ts';
import { documentAliases, type ObjectSchema } from './aliases.ts';
import { documentTags } from './tags.ts';

/**
 * The OpenAPI 3.1 document of the embedded API, generated from the declarations the dispatcher
 * serves (server/api/declarations.ts): each operation's parameters, query, headers, body and
 * answers are its zod schemas as JSON Schema, limits included, so the document cannot say less or
 * other than the server checks. Operations the SPEC §7 contract does not list are `x-extension`.
 */

type Json = Record<string, unknown>;

const uri = (id: string) => `#/components/schemas/${id}`;
const ref = (id: string) => ({ $ref: uri(id) });

/** A schema as JSON Schema: a $ref where it is named, else inline (its named parts as $refs). */
class Converter {
  readonly inputs = z.registry<{ id: string }>();
  readonly outputs = z.registry<{ id: string }>();

  body(schema: z.ZodType, io: 'input' | 'output', fallbackId: string): Json {
    const registry = io === 'input' ? this.inputs : this.outputs;
    const named = nameOf(schema);
    // A bare value (a deleted row's id) stays inline; objects are components, named or not.
    if (!named && !(schema instanceof z.ZodObject)) return this.inline(schema, io);
    const id = named ?? fallbackId;
    if (!registry.has(schema)) registry.add(schema, { id });
    return ref(registry.get(schema)!.id);
  }

  /**
   * Inline JSON Schema. A parameter is described by what it becomes (an id: an integer and its
   * range), unless that is not representable (a list parsed from text): then by the text it takes.
   */
  inline(schema: z.ZodType, io: 'input' | 'output' = 'output'): Json {
    let json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
    delete json.$schema;
    if (io === 'output' && Object.keys(json).filter((key) => key !== 'description').length === 0)
      json = this.inline(schema, 'input');
    return json;
  }

  components(): Record<string, unknown> {
    const convert = (registry: typeof this.inputs, io: 'input' | 'output') =>
      z.toJSONSchema(registry, { io, uri, unrepresentable: 'any' }).schemas;
    const all = { ...convert(this.outputs, 'output'), ...convert(this.inputs, 'input') } as Record<
      string,
      Json
    >;
    for (const schema of Object.values(all)) {
      delete schema.$schema;
      delete schema.$id;
    }
    return all;
  }
}

const isOptional = (schema: z.ZodType) => schema.safeParse(undefined).success;

function parameters(spec: OperationSpec, convert: Converter): Json[] {
  const list: Json[] = [];
  const add = (place: 'path' | 'query', shape: Record<string, z.ZodType>) => {
    for (const [name, schema] of Object.entries(shape)) {
      const json = convert.inline(schema);
      const description = json.description;
      delete json.description;
      list.push({
        name,
        in: place,
        required: place === 'path' || !isOptional(schema),
        schema: json,
        ...(description ? { description } : {}),
        ...(json.type === 'array' ? { style: 'form', explode: false } : {}),
      });
    }
  };
  if (spec.params) add('path', spec.params.shape as Record<string, z.ZodType>);
  if (spec.query) add('query', spec.query.schema.shape as Record<string, z.ZodType>);
  if (spec.playerHeader)
    list.push({
      name: 'X-Player-Id',
      in: 'header',
      required: false,
      schema: { type: 'string', maxLength: 200 },
      description: 'The player’s id: a staged rollout reaches the same share of players every time.',
    });
  if (spec.ifMatch)
    list.push({
      name: 'If-Match',
      in: 'header',
      required: false,
      schema: { type: 'string' },
      description:
        'The ETag of the version read (or *): the write happens only while the record still has it, else 412. Absent: no check.',
    });
  if (spec.changeSet)
    list.push(
      {
        name: CHANGE_SET_HEADER,
        in: 'header',
        required: false,
        schema: { type: 'string', format: 'uuid' },
        description:
          'The change set the request’s writes join (a client’s run); another account’s, or an undone one, is a 409.',
      },
      {
        name: CHANGE_SET_COMMAND_HEADER,
        in: 'header',
        required: false,
        schema: { type: 'string', maxLength: MAX_COMMAND_LENGTH * 3 },
        description: `The command line, percent-encoded UTF-8, at most ${MAX_COMMAND_LENGTH} characters decoded; only with ${CHANGE_SET_HEADER}.`,
      },
    );
  return list;
}

const error = (description: string): ResponseSpec => ({ description, schema: errorSchema });

/** The answers every operation of its kind may give besides its own (the dispatcher's). */
function implied(spec: OperationSpec): Record<number, ResponseSpec> {
  const answers: Record<number, ResponseSpec> = {};
  const takesInput = spec.params || spec.query || spec.body || spec.changeSet || spec.ifMatch;
  answers[400] = {
    description: takesInput
      ? 'Invalid input: the message and `fieldErrors` name each wrong parameter, header or field and its limit.'
      : 'A query parameter or a body was sent: this operation takes none.',
    schema: validationErrorSchema,
  };
  if (spec.caller !== 'anyone') {
    answers[401] = error('No, expired or invalid access token.');
    answers[403] = error(
      'Not an active admin who completed two-factor authentication, or beyond what the account or token may reach (its permission set or languages): the message names what is allowed, and nothing was written.',
    );
  }
  answers[405] = error('Another method on this path: Allow names those it takes.');
  answers[408] = error('The body did not arrive in time: the message names the request id.');
  if (spec.body) {
    answers[413] = error(`The body is larger than ${Math.round(spec.body.limit / 1024)} kB.`);
    answers[415] = error('Content-Type is not application/json, or not UTF-8.');
  }
  if (spec.changeSet) answers[409] = error('The change set named belongs to another account, or was undone.');
  if (spec.rateLimit)
    answers[429] = error(
      `More than ${spec.rateLimit.points} requests in ${spec.rateLimit.duration} s by this account or token; Retry-After says when to try again.`,
    );
  answers[503] = error(
    'The database is unavailable; the message names it and the request id. Retry-After: 5.',
  );
  return answers;
}

function responses(spec: OperationSpec, convert: Converter): Json {
  const all = { ...implied(spec), ...spec.responses };
  return Object.fromEntries(
    Object.entries(all).map(([status, answer]) => {
      const content: Json = {};
      if (answer.schema)
        content['application/json'] = {
          schema: convert.body(answer.schema, 'output', `${spec.operationId}${status}`),
        };
      for (const [type, description] of Object.entries(answer.content ?? {}))
        content[type] = { schema: { type: 'string', description } };
      const headers = answer.headers
        ? Object.fromEntries(
            Object.entries(answer.headers).map(([name, h]) => [
              name,
              { description: h.description, schema: convert.inline(h.schema) },
            ]),
          )
        : undefined;
      return [
        status,
        {
          description: answer.description,
          ...(Object.keys(content).length > 0 ? { content } : {}),
          ...(headers ? { headers } : {}),
        },
      ];
    }),
  );
}

function operation(spec: OperationSpec, convert: Converter): Json {
  const extension = !spec.contract;
  const recorded = spec.changeSet
    ? {
        [CHANGE_SET_RECORDED_HEADER]: {
          description: 'Audit entries the request added to its change set.',
          schema: { type: 'integer' },
        },
      }
    : null;
  const answers = responses(spec, convert) as Record<string, Json>;
  if (recorded)
    for (const [status, answer] of Object.entries(answers))
      if (status.startsWith('2')) answer.headers = { ...(answer.headers as Json), ...recorded };
  return {
    operationId: spec.operationId,
    tags: [spec.tag],
    summary: spec.summary,
    ...(spec.description || extension
      ? {
          description:
            `${spec.description ?? ''}${extension ? ' Extension of the SPEC §7 contract.' : ''}`.trim(),
        }
      : {}),
    security: spec.caller === 'anyone' ? (spec.bearer ? [{ bearerAuth: [] }] : []) : [{ bearerAuth: [] }],
    ...(extension ? { 'x-extension': true } : {}),
    ...(spec.panel ? { 'x-panel': spec.panel } : {}),
    parameters: parameters(spec, convert),
    ...(spec.body
      ? {
          requestBody: {
            required: !spec.body.optional,
            content: {
              'application/json': {
                schema: convert.body(spec.body.schema, 'input', `${spec.operationId}Request`),
              },
            },
          },
        }
      : {}),
    responses: answers,
  };
}

/** `/words/cms/:id` → `/words/cms/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

export function openApiDocument(options: { prefix: string }) {
  const convert = new Converter();
  const paths: Record<string, Record<string, Json>> = {};
  for (const spec of apiDeclarations()) {
    const path = openApiPath(spec.path);
    (paths[path] ??= {})[spec.method] = operation(spec, convert);
    // A list is served with and without its trailing slash (SPEC §7 writes `search/`).
    if (path.endsWith('/search/')) {
      const op = operation(spec, convert);
      (paths[path.slice(0, -1)] ??= {})[spec.method] = {
        ...op,
        operationId: `${String(op.operationId)}NoSlash`,
      };
    }
  }
  const components = convert.components();
  for (const entity of contentEntities as readonly AnyEntity[]) documentEntityAliases(entity, components);
  const tags = documentTags([...new Set(apiDeclarations().map((spec) => spec.tag))]);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Argus Words content API',
      version: '1.0.0',
      description: [
        'The content API of SPEC §7, as embedded in the server.',
        'Responses name fields in camelCase with foreign keys as languageId, stageId, letterGroupId, levelId, wordId, userId;',
        'request bodies also accept idLanguage, idStage, idLetterGroup, idLevel, idWord, idUser (and the other aliases listed per field).',
      ].join(' '),
    },
    servers: [{ url: options.prefix }],
    tags,
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The accessToken of POST /auth/verify-otp (15 minutes) of an admin who completed 2FA, or an API token (argus_…) created in the Team screen.',
        },
      },
      schemas: components,
    },
  };
}

/** Aliases (`idLanguage` for `languageId`) are accepted in create and update bodies too. */
function documentEntityAliases(entity: AnyEntity, components: Record<string, unknown>): void {
  const name = entity.name.replace(/(^|-)([a-z])/g, (_m, _dash, letter: string) => letter.toUpperCase());
  for (const suffix of ['Create', 'Update']) {
    const schema = components[`${name}${suffix}`];
    if (schema) documentAliases(entityByName(entity.name), schema as ObjectSchema);
  }
}
