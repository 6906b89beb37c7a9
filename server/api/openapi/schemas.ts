import * as team from '#shared/team.ts';
import { z } from 'zod';
import * as auth from '#shared/auth-schemas.ts';
import {
  applyLinksRequestSchema,
  applyLinksResponseSchema,
  linkJobListSchema,
  linkJobRequestSchema,
  linkJobSchema,
  linkPlanSchema,
} from '#shared/links/api.ts';
import { bulkRequestOf, bulkResponseSchema, bulkRowOf, bulkRowResultSchema } from '#shared/entities/bulk.ts';
import {
  bulkDeleteRequestSchema,
  bulkEditResponseSchema,
  bulkUpdateRequestSchema,
} from '#shared/entities/bulk-edit.ts';
import type { AnyEntity } from '#shared/entities/index.ts';
import { schemasOf } from '#shared/entities/schemas.ts';
import { restoreResponseSchema, revertResponseSchema, trashEntrySchema } from '#shared/history.ts';
import {
  changeSetEntrySchema,
  changeSetSchema,
  undoRequestSchema,
  undoResponseSchema,
} from '#shared/change-sets.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../resources/search-query.ts';

/** `letter-group` → `LetterGroup`: the component name of an entity. */
export const componentName = (entity: AnyEntity) =>
  entity.name.replace(/(^|-)([a-z])/g, (_m, _dash, letter: string) => letter.toUpperCase());

const errorSchema = z
  .object({ message: z.string() })
  .meta({ description: 'Any error: 401, 403, 404, 405, 409, 413, 415, 429.' });

const validationErrorSchema = z
  .object({
    message: z.string().meta({ description: 'The first problem, in words.' }),
    fieldErrors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: 'Field (or query parameter) → messages.' }),
  })
  .meta({ description: 'Invalid input (400).' });

function pageSchema(record: z.ZodType) {
  return z.object({
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
  });
}

type Registry = ReturnType<typeof z.registry<{ id: string }>>;

/**
 * Every schema of the document, from the zod schemas the server validates with. Request bodies are
 * converted as inputs (what a client may send), answers as outputs; shared ones become $refs.
 */
export function componentSchemas(entities: readonly AnyEntity[]): Record<string, unknown> {
  const requests: Registry = z.registry<{ id: string }>();
  const responses: Registry = z.registry<{ id: string }>();
  responses.add(errorSchema, { id: 'Error' });
  responses.add(validationErrorSchema, { id: 'ValidationError' });
  responses.add(bulkRowResultSchema, { id: 'BulkRowResult' });
  responses.add(bulkResponseSchema, { id: 'BulkResponse' });
  responses.add(bulkEditResponseSchema, { id: 'BulkEditResponse' });
  requests.add(bulkUpdateRequestSchema, { id: 'BulkUpdateRequest' });
  requests.add(bulkDeleteRequestSchema, { id: 'BulkDeleteRequest' });
  responses.add(changeSetSchema, { id: 'ChangeSet' });
  responses.add(pageSchema(changeSetSchema), { id: 'ChangeSetPage' });
  responses.add(pageSchema(changeSetEntrySchema), { id: 'ChangeSetEntryPage' });
  responses.add(undoResponseSchema, { id: 'UndoResponse' });
  requests.add(undoRequestSchema, { id: 'UndoRequest' });
  responses.add(linkPlanSchema, { id: 'LinkPlan' });
  requests.add(applyLinksRequestSchema, { id: 'ApplyLinksRequest' });
  responses.add(applyLinksResponseSchema, { id: 'ApplyLinksResponse' });
  requests.add(linkJobRequestSchema, { id: 'LinkJobRequest' });
  responses.add(linkJobSchema, { id: 'LinkJob' });
  responses.add(linkJobListSchema, { id: 'LinkJobList' });
  responses.add(revertResponseSchema, { id: 'RevertResponse' });
  responses.add(pageSchema(trashEntrySchema), { id: 'TrashEntryPage' });
  responses.add(restoreResponseSchema, { id: 'RestoreResponse' });
  for (const entity of entities) {
    const name = componentName(entity);
    responses.add(schemasOf(entity).record, { id: name });
    responses.add(pageSchema(schemasOf(entity).record), { id: `${name}Page` });
    if (entity.operations.create || entity.operations.bulk)
      requests.add(schemasOf(entity).create, { id: `${name}Create` });
    if (entity.operations.update) requests.add(schemasOf(entity).update, { id: `${name}Update` });
    if (entity.operations.bulk) {
      // The bulk envelope, with its rows typed as the entity's create body.
      requests.add(bulkRequestOf(bulkRowOf(entity)), { id: `${name}BulkRequest` });
    }
  }
  const authSchemas: Array<[string, z.ZodType, Registry]> = [
    ['LoginRequest', auth.loginRequestSchema, requests],
    ['VerifyOtpRequest', auth.verifyOtpRequestSchema, requests],
    ['LogoutRequest', auth.logoutRequestSchema, requests],
    ['LoginResponse', auth.loginResponseSchema, responses],
    ['VerifyOtpResponse', auth.verifyOtpResponseSchema, responses],
    ['RefreshTokenResponse', auth.refreshTokenResponseSchema, responses],
  ];
  for (const [id, schema, registry] of authSchemas) registry.add(schema, { id });
  const teamSchemas: Array<[string, z.ZodType, Registry]> = [
    ['Account', team.accountSchema, responses],
    ['AccountDetail', team.accountDetailSchema, responses],
    ['Enrolment', team.enrolmentSchema, responses],
    ['ApiToken', team.apiTokenSchema, responses],
    ['CreatedApiToken', team.createdTokenSchema, responses],
    ['Whoami', team.whoamiSchema, responses],
    ['InviteRequest', team.inviteRequestSchema, requests],
    ['AccountUpdate', team.accountUpdateSchema, requests],
    ['TokenCreateRequest', team.tokenCreateSchema, requests],
    ['EnrolRequest', team.enrolRequestSchema, requests],
  ];
  for (const [id, schema, registry] of teamSchemas) registry.add(schema, { id });

  const uri = (id: string) => `#/components/schemas/${id}`;
  const convert = (registry: Registry, io: 'input' | 'output') =>
    z.toJSONSchema(registry, { io, uri, unrepresentable: 'any' }).schemas;
  const all = { ...convert(responses, 'output'), ...convert(requests, 'input') };
  for (const schema of Object.values(all)) {
    delete (schema as { $schema?: string }).$schema;
    delete (schema as { $id?: string }).$id;
  }
  for (const entity of entities) {
    for (const suffix of ['Create', 'Update']) {
      const schema = all[`${componentName(entity)}${suffix}`];
      if (schema) documentAliases(entity, schema as ObjectSchema);
    }
  }
  return all;
}

interface ObjectSchema {
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  allOf?: unknown[];
}

/** Aliases (`idLanguage` for `languageId`) are accepted too: a required field may come under either name. */
function documentAliases(entity: AnyEntity, schema: ObjectSchema): void {
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
