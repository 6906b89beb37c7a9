import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, PREFIX, startApi, type ApiHarness } from './harness.ts';

/**
 * Live answers against the published OpenAPI document, for every operation and every status we can
 * provoke (200/201, 400, 401, 404, 409, 415): the status must be declared for that operation and a
 * JSON body must match the declared schema (JSON Schema 2020-12, as OpenAPI 3.1 uses, checked by Ajv).
 */
type Operation = { responses: Record<string, { content?: { 'application/json'?: { schema: object } } }> };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: object } };

describe('live responses match the OpenAPI document', () => {
  let api: ApiHarness;
  let doc: Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const validators = new Map<object, ValidateFunction>();

  beforeAll(async () => {
    api = await startApi('sqlite');
    await createFixture(api);
    doc = (await request(api.app).get(`${PREFIX}/openapi.json`)).body as Doc;
    ajv.addSchema({ $id: 'openapi', components: doc.components });
  });
  afterAll(() => api.close());

  const rewrite = (schema: unknown): unknown =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'));

  const checked: string[] = [];
  function check(method: string, path: string, res: request.Response): void {
    const op = doc.paths[path]![method]!;
    const declared = op.responses[String(res.status)];
    expect(declared, `${method.toUpperCase()} ${path} answered ${res.status}, not declared`).toBeDefined();
    const schema = declared!.content?.['application/json']?.schema;
    if (schema && /json/.test(String(res.headers['content-type']))) {
      let validate = validators.get(schema);
      if (!validate) validators.set(schema, (validate = ajv.compile(rewrite(schema) as object)));
      expect(validate(res.body), `${method} ${path} ${res.status}: ${ajv.errorsText(validate.errors)}`).toBe(
        true,
      );
    }
    checked.push(`${method} ${path} ${res.status}`);
  }

  const firstId = async (resource: string): Promise<number | null> => {
    const page = await api.get(`${resource}/cms/search/?size=1`);
    return (page.body.content?.[0]?.id as number | undefined) ?? null;
  };

  it('for every operation and status it can provoke', async () => {
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!path.includes('/cms')) continue;
      const resource = path.split('/')[1]!;
      for (const method of Object.keys(methods)) {
        const url = (p: string) => `${PREFIX}${p}`;
        const call = (p: string, m = method) =>
          request(api.app)[m as 'get'](url(p)).set('Authorization', `Bearer ${api.token}`);
        // Every /cms operation: no token → 401.
        check(method, path, await request(api.app)[method as 'get'](url(path.replace('{id}', '1'))));
        if (path.endsWith('/search') || path.endsWith('/search/')) {
          check(method, path, await call(path));
          check(method, path, await call(`${path}?no-such-filter=1`));
        } else if (path.endsWith('{id}')) {
          const id = await firstId(resource);
          if (id !== null && method === 'get')
            check(method, path, await call(path.replace('{id}', String(id))));
          check(
            method,
            path,
            await call(path.replace('{id}', '999999')).send(method === 'put' ? {} : undefined),
          );
          check(
            method,
            path,
            await call(path.replace('{id}', 'abc')).send(method === 'put' ? {} : undefined),
          );
        } else if (method === 'post') {
          check(method, path, await call(path).send({}));
          check(method, path, await call(path).set('Content-Type', 'text/plain').send('x'));
        }
      }
    }
    // A create, an update, a duplicate natural key, and a delete refused because others use the row.
    const created = await api.post('languages/cms', { language: 'Deutsch' });
    check('post', '/languages/cms', created);
    check(
      'put',
      '/languages/cms/{id}',
      await api.put(`languages/cms/${created.body.id}`, { isActive: false }),
    );
    check('post', '/languages/cms', await api.post('languages/cms', { language: 'Deutsch' }));
    const language = await firstId('languages');
    check('delete', '/languages/cms/{id}', await api.del(`languages/cms/${language}`));
    // The health report: its 200 against the schema, and a parameter it does not take.
    check('get', '/health/cms', await api.get('health/cms'));
    check('get', '/health/cms', await api.get('health/cms?page=1'));
    // The difficulty of a stage's levels (issue 34): 200, a bad filter, an unknown stage.
    const stage = await firstId('stages');
    check('get', '/levels/cms/difficulty', await api.get(`levels/cms/difficulty?stageId=${stage}`));
    check(
      'get',
      '/levels/cms/difficulty',
      await api.get(`levels/cms/difficulty?stageId=${stage}&since=soon`),
    );
    check('get', '/levels/cms/difficulty', await api.get('levels/cms/difficulty?stageId=999999'));
    expect(checked.length).toBeGreaterThan(100);
    for (const status of ['200', '201', '400', '401', '404', '409', '415']) {
      expect(
        checked.some((c) => c.endsWith(` ${status}`)),
        status,
      ).toBe(true);
    }
  });
});
