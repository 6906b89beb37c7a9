import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntry, contentEntities, type AnyEntity } from '#shared/entities/index.ts';
import { PREFIX, startApi, type ApiHarness } from './harness.ts';

const METHODS = {
  search: 'get',
  get: 'get',
  create: 'post',
  update: 'put',
  delete: 'delete',
  bulk: 'post',
} as const;

function pathOf(resource: string, op: keyof typeof METHODS): string {
  if (op === 'search') return `/${resource}/cms/search/`;
  if (op === 'create') return `/${resource}/cms`;
  if (op === 'bulk') return `/${resource}/cms/bulk`;
  return `/${resource}/cms/{id}`;
}

/** Every `$ref` in the document. */
function refs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refs(v, found));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') found.push(v);
      else refs(v, found);
    }
  }
  return found;
}

describe('OpenAPI document', () => {
  let api: ApiHarness;
  let doc: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

  beforeAll(async () => {
    api = await startApi('sqlite');
    const res = await request(api.app).get(`${PREFIX}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/json');
    doc = res.body;
  });
  afterAll(async () => api?.close());

  it('is OpenAPI 3.1 with a bearer security scheme, served publicly under the prefix', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: PREFIX }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('has exactly the operations the descriptions allow, extensions marked', () => {
    const expected = new Set<string>();
    for (const entity of [...contentEntities, auditEntry]) {
      for (const [op, origin] of Object.entries(entity.operations)) {
        const operation = op as keyof typeof METHODS;
        const path = pathOf(entity.resource, operation);
        expected.add(`${METHODS[operation]} ${path}`);
        // The search is declared with and without its trailing slash (never taken for an {id}).
        if (operation === 'search') expected.add(`get ${path.replace(/\/$/, '')}`);
        // Many rows at once wherever one can be updated or deleted: extensions.
        for (const [edited, path2] of [
          ['update', 'bulk-update'],
          ['delete', 'bulk-delete'],
        ] as const) {
          if (operation !== edited) continue;
          const editPath = `/${entity.resource}/cms/${path2}`;
          expected.add(`post ${editPath}`);
          expect(doc.paths[editPath].post['x-extension'], editPath).toBe(true);
        }
        // Every list can be exported (same filters, no pages): an extension wherever search is.
        if (operation === 'search') {
          const exportPath = path.replace(/search\/$/, 'export');
          expected.add(`get ${exportPath}`);
          expect(doc.paths[exportPath].get['x-extension'], exportPath).toBe(true);
        }
        const spec = doc.paths[path]?.[METHODS[operation]];
        expect(spec, `${METHODS[operation]} ${path}`).toBeDefined();
        expect(spec.security).toEqual([{ bearerAuth: [] }]);
        expect(spec['x-extension'] === true, `${op} ${entity.resource}`).toBe(origin === 'extension');
      }
    }
    // Change sets (issue 15): list, read, entries, undo — extensions.
    for (const path of ['search/', 'search', '{id}', '{id}/entries'])
      expected.add(`get /change-sets/cms/${path}`);
    expected.add('post /change-sets/cms/{id}/undo');
    // The panel home's content health report (issue 13).
    expected.add('get /health/cms');
    expect(doc.paths['/health/cms'].get['x-extension']).toBe(true);
    // History and undo (issue 13): revert one entry, the trash and its restore — extensions.
    expected.add('post /audit/cms/{id}/revert');
    for (const path of ['search/', 'search']) expected.add(`get /trash/cms/${path}`);
    expected.add('post /trash/cms/{id}/restore');
    // The solvability of levels (issue 13): a level's values, a page of levels, one stored level.
    for (const op of [
      'post /levels/cms/solvability',
      'get /levels/cms/solvability',
      'get /levels/cms/{id}/solvability',
    ])
      expected.add(op);
    // How players fare on each level of a stage (issue 34).
    expected.add('get /levels/cms/difficulty');
    expect(doc.paths['/levels/cms/difficulty'].get['x-extension']).toBe(true);
    // Words against their language's dictionary, decisions on them (issue 46).
    for (const op of ['post /words/cms/check', 'post /words/cms/decisions', 'get /words/cms/dictionaries'])
      expected.add(op);
    // The link builder (issue 13): one group's plan and its apply, link jobs — extensions.
    for (const spec of [
      'get /letter-groups/cms/{id}/link-plan',
      'post /letter-groups/cms/{id}/link-plan',
      'get /letter-groups/cms/link-jobs',
      'post /letter-groups/cms/link-jobs',
      'get /letter-groups/cms/link-jobs/{id}',
    ]) {
      expected.add(spec);
      const [method, path] = spec.split(' ') as [string, string];
      expect(doc.paths[path][method]['x-extension'], spec).toBe(true);
    }
    // The team (issue 33): accounts, tokens, who am I — extensions.
    for (const spec of [
      'get /accounts/cms/me',
      'get /accounts/cms',
      'post /accounts/cms',
      'get /accounts/cms/{id}',
      'put /accounts/cms/{id}',
      'post /accounts/cms/{id}/reset-2fa',
      'post /accounts/cms/{id}/end-sessions',
      'post /accounts/cms/{id}/invitation',
      'get /tokens/cms',
      'post /tokens/cms',
      'delete /tokens/cms/{id}',
    ]) {
      expected.add(spec);
      const [method, path] = spec.split(' ') as [string, string];
      expect(doc.paths[path][method]['x-extension'], spec).toBe(true);
    }
    // Releases (issue 45): the list, publishing, the draft, jobs, schedules, one release, its diff,
    // rollback and widening — extensions. (The game's two reads are not under /cms.)
    for (const spec of [
      'get /releases/cms',
      'post /releases/cms',
      'get /releases/cms/draft',
      'get /releases/cms/jobs',
      'get /releases/cms/jobs/{id}',
      'get /releases/cms/schedules',
      'post /releases/cms/schedules',
      'delete /releases/cms/schedules/{id}',
      'get /releases/cms/{number}',
      'get /releases/cms/{number}/diff',
      'post /releases/cms/{number}/rollback',
      'post /releases/cms/{number}/widen',
    ]) {
      expected.add(spec);
      const [method, path] = spec.split(' ') as [string, string];
      expect(doc.paths[path][method]['x-extension'], spec).toBe(true);
    }
    expect(Object.keys(doc.paths['/releases/current/{languageId}'])).toEqual(['get']);
    expect(doc.components.schemas.ReleaseBundle.properties.format).toEqual({ type: 'number', const: 1 });
    const served = Object.entries(doc.paths)
      .filter(([path]) => path.includes('/cms'))
      .flatMap(([path, methods]) => Object.keys(methods as object).map((m) => `${m} ${path}`));
    expect(new Set(served)).toEqual(expected);
    for (const path of [
      '/auth/login',
      '/auth/verify-otp',
      '/auth/refresh-token',
      '/auth/logout',
      '/auth/enrol',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });

  it('declares the 400 of a malformed id and the 503 of an unavailable database', () => {
    const paths = doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    for (const [path, methods] of Object.entries(paths)) {
      if (!path.includes('/cms')) continue;
      for (const [method, spec] of Object.entries(methods)) {
        expect(spec.responses['503'], `${method} ${path} 503`).toBeDefined();
        if (path.endsWith('{id}')) expect(spec.responses['400'], `${method} ${path} 400`).toBeDefined();
      }
    }
  });

  it('documents every list filter, the page shape, the bodies with their aliases, and the errors', () => {
    for (const entity of contentEntities) {
      const search = doc.paths[`/${entity.resource}/cms/search/`].get;
      const params = search.parameters.map((p: { name: string }) => p.name);
      // Levels also take `solvable` (issue 13), a filter computed outside SQL.
      const computed = entity.name === 'level' ? ['solvable'] : [];
      // Each filter under its name and its aliases (`idLanguage`), as the server takes them.
      expect(params).toEqual([
        'page',
        'size',
        'sort',
        'ids',
        ...entity.filters.flatMap((f) => [
          f.field,
          ...((entity as AnyEntity).fields[f.field]?.aliases ?? []),
        ]),
        ...computed,
      ]);
    }
    const schemas = doc.components.schemas;
    expect(Object.keys(schemas.WordPage.properties)).toEqual(
      expect.arrayContaining([
        'content',
        'pageable',
        'totalPages',
        'totalElements',
        'number',
        'size',
        'first',
        'last',
      ]),
    );
    expect(schemas.WordCreate.properties.idLanguage).toBeDefined();
    expect(schemas.WordCreate.allOf).toEqual([
      { anyOf: [{ required: ['languageId'] }, { required: ['idLanguage'] }] },
    ]);
    expect(schemas.ValidationError.properties.fieldErrors).toBeDefined();
    expect(schemas.BulkResponse.properties.counts).toBeDefined();
    // Bulk rows: the fields, an optional id, references by id or by the referenced row's fields.
    const row = schemas.WordBulkRequest.properties.rows.items;
    expect(row.properties.id).toMatchObject({ type: 'integer' });
    expect(row.properties.languageId.anyOf).toHaveLength(2);
    expect(row.properties.isActive).toBeDefined();
    expect(schemas.LoginRequest).toBeDefined();
    for (const ref of refs(doc)) {
      const name = ref.replace('#/components/schemas/', '');
      expect(schemas[name], ref).toBeDefined();
    }
  });
});
