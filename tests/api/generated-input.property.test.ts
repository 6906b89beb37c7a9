import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, PREFIX, startApi, type ApiHarness } from './harness.ts';
import { objectOf, parameterOf, resolver, type Json, type Resolve } from './generated-input/arbitraries.ts';
import { limitProbes } from './generated-input/probes.ts';

/**
 * The published contract against generated input (issue 44): every operation of openapi.json gets
 * parameters, queries, headers and bodies drawn from its own schemas, inside them and outside.
 * Whatever comes, the server answers no 5xx and no status the document does not declare for that
 * operation; and a value over a documented limit is a 400 that names the field and that limit.
 * `GENERATED_INPUT_RUNS` per operation (4 in `npm test`; RELIABILITY_SCALE=full: 50).
 */

const RUNS = Number(process.env.GENERATED_INPUT_RUNS ?? (process.env.RELIABILITY_SCALE === 'full' ? 50 : 4));
const SEED = process.env.GENERATED_INPUT_SEED ? Number(process.env.GENERATED_INPUT_SEED) : undefined;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Json;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Json }> };
  responses: Record<string, unknown>;
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json> };
}

/** Sent apart from the rest: they end the session the test runs with, or wait on a real upstream. */
const LEFT_OUT = new Set(['logout']);

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

describe('generated input against the published contract', () => {
  let api: ApiHarness;
  let doc: Doc;
  let resolve: Resolve;
  let ids: number[];
  let ownId: number;

  beforeAll(async () => {
    api = await startApi('sqlite');
    const f = await createFixture(api);
    ids = [...new Set([f.english, f.level, f.group, f.stage5, ...f.words])];
    ownId = (await api.get('accounts/cms/me')).body.userId as number;
    doc = (await request(api.app).get(`${PREFIX}/openapi.json`)).body as Doc;
    resolve = resolver(doc.components.schemas);
  });
  afterAll(() => api?.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => !LEFT_OUT.has(op.operationId))
        .map(([method, op]) => ({ path, method, op })),
    );

  /** One request to `path`, drawn from the operation's parameters and body. */
  const requestOf = (path: string, method: string, op: Operation): fc.Arbitrary<Sent> => {
    const params = op.parameters ?? [];
    const valueArb = (p: Parameter) => parameterOf(p.schema, resolve, ids);
    const present = (p: Parameter) => (p.required ? fc.constant(true) : fc.boolean());
    const parts = params.map((p) => fc.tuple(fc.constant(p), present(p), valueArb(p)));
    const schema = op.requestBody?.content['application/json']?.schema;
    const body: fc.Arbitrary<string | undefined> = schema
      ? fc.oneof(
          { weight: 6, arbitrary: objectOf(schema, resolve).map((v) => JSON.stringify(v)) },
          fc.constantFrom(undefined, '', '[]', '{', 'null', '"text"'),
        )
      : // An operation without a body gets one now and then: it must refuse it.
        fc.constantFrom(undefined, undefined, undefined, '{}', '{"x":1}');
    return fc.tuple(fc.tuple(...parts), body).map(([values, sentBody]) => {
      let url = path;
      const query = new URLSearchParams();
      const headers: Record<string, string> = {};
      for (const [p, isThere, value] of values) {
        if (p.in === 'path') {
          // Never the account the test runs as: a generated reset or deactivation would end it.
          const safe =
            /^\/(accounts|users)\//.test(path) && Number(value) === ownId ? String(ownId + 1000) : value;
          url = url.replace(`{${p.name}}`, encodeURIComponent(safe === '' ? 'x' : safe));
        } else if (isThere && p.in === 'query') query.set(p.name, value);
        else if (isThere && p.in === 'header') headers[p.name] = value.replace(/[^\x20-\x7e]/g, '?');
      }
      const search = query.toString();
      return { method, url: `${PREFIX}${url}${search ? `?${search}` : ''}`, headers, body: sentBody };
    });
  };

  const send = (sent: Sent) => {
    const agent = request(api.app);
    let test = agent[sent.method as 'get'](sent.url)
      .set('Authorization', `Bearer ${api.token}`)
      .set(sent.headers);
    if (sent.body !== undefined) test = test.set('Content-Type', 'application/json').send(sent.body);
    return test;
  };

  it(`every operation, ${RUNS} generated requests each: no 5xx, no undeclared status`, async () => {
    const seen = new Map<string, number>();
    const problems: string[] = [];
    for (const { path, method, op } of operations()) {
      await fc.assert(
        fc.asyncProperty(requestOf(path, method, op), async (sent) => {
          const res = await send(sent);
          const status = String(res.status);
          seen.set(status, (seen.get(status) ?? 0) + 1);
          const what = `${method.toUpperCase()} ${sent.url} ${sent.body?.slice(0, 200) ?? ''} → ${status} ${res.text.slice(0, 300)}`;
          if (res.status >= 500) problems.push(`5xx: ${what}`);
          else if (!(status in op.responses)) problems.push(`undeclared: ${what}`);
        }),
        { numRuns: RUNS, seed: SEED },
      );
      // Every request after one that ended the test's own session would be a vacuous 401.
      const me = await api.get('accounts/cms/me');
      expect(me.status, `the session ended after ${method.toUpperCase()} ${path}`).toBe(200);
    }
    console.error(`generated input: ${JSON.stringify(Object.fromEntries(seen))}`);
    expect(problems).toEqual([]);
    expect(operations().length).toBeGreaterThan(100);
  });

  it('a value over a documented limit is a 400 naming the field and the limit', async () => {
    const kept = Object.fromEntries(
      Object.entries(doc.paths).map(([path, methods]) => [
        path,
        Object.fromEntries(Object.entries(methods).filter(([, op]) => !LEFT_OUT.has(op.operationId))),
      ]),
    );
    const probes = limitProbes({ paths: kept }, resolve);
    const problems: string[] = [];
    let judged = 0;
    for (const probe of probes) {
      const url = `${PREFIX}${probe.path.replace(/\{(\w+)\}/g, probe.path.startsWith('/change-sets/') ? randomUUID() : String(ownId + 1000))}${probe.query ? `?${probe.query}` : ''}`;
      const res = await send({ method: probe.method, url, headers: {}, body: probe.body });
      const fieldErrors = (res.body?.fieldErrors ?? {}) as Record<string, string[]>;
      const said = `${String(res.body?.message)} ${JSON.stringify(fieldErrors)}`;
      const what = `${probe.method.toUpperCase()} ${probe.path} ${probe.field} = ${probe.shown}`;
      if (res.status !== 400) {
        problems.push(`${what}: answered ${res.status}, not 400 (${res.text.slice(0, 200)})`);
        continue;
      }
      // A 400 about another field only (a required one the probe left out) judges nothing here.
      if (!said.includes(probe.field)) {
        if (Object.keys(fieldErrors).length === 0)
          problems.push(`${what}: the 400 does not name the field: ${said}`);
        continue;
      }
      judged += 1;
      if (!probe.limits.some((limit) => said.includes(limit)))
        problems.push(`${what}: the 400 does not name the limit ${probe.limits[0]}: ${said.slice(0, 300)}`);
    }
    expect(problems).toEqual([]);
    expect(judged).toBeGreaterThan(30);
  });
});
