import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contentEntities } from '#shared/entities/index.ts';
import type { ContentTables } from '#server/db/schema.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { PREFIX, type ApiHarness, useApiWithFixture } from './harness.ts';

/** The nine content tables, as the entity descriptions name them. */
const TABLES = contentEntities.map((entity) => entity.table as keyof ContentTables);

/** Every content row, to prove nothing changed. */
async function snapshot(api: ApiHarness) {
  const rows: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    rows[table] = await api.database.db.selectFrom(table).selectAll().orderBy('id').execute();
  }
  return rows;
}

const writable = contentEntities.filter((e) => e.operations.create || e.operations.update);
const fieldNames = writable.flatMap((e) => Object.entries(e.fields));
const anyName = fc.constantFrom(...new Set(fieldNames.map(([name]) => name)), '__proto__', 'constructor');
// Read-only fields (id, timestamps) are ignored in bodies by design, so they cannot carry the poison.
const poisonName = fc.constantFrom(
  ...new Set(fieldNames.filter(([, field]) => !field.readOnly).map(([name]) => name)),
  '__proto__',
  'constructor',
);

/** Something that can never be a valid field value, so a body carrying it must be refused. */
const poison = fc.oneof(
  fc.constant({ __proto__: { polluted: true } }).map(() => JSON.parse('{"__proto__": {"polluted": true}}')),
  fc.array(fc.jsonValue(), { minLength: 1, maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), { minKeys: 1, maxKeys: 3 }),
  fc.constant('x'.repeat(60_000)),
  fc.constant(Number.MAX_SAFE_INTEGER),
  fc.constant(-1e300),
);

/** A body: random fields, plus at least one field (known or not) holding a poison. */
const hostileBody = fc
  .tuple(fc.dictionary(anyName, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }), poisonName, poison)
  .map(([base, key, bad]) => {
    const body: Record<string, unknown> = { ...base };
    Object.defineProperty(body, key, { value: bad, enumerable: true, writable: true, configurable: true });
    return body;
  });

const queryKey = fc.oneof(
  fc.constantFrom(
    'page',
    'size',
    'hint',
    'letters',
    'languageId',
    'idLanguage',
    'isActive',
    'used',
    '__proto__',
  ),
  fc.string({ maxLength: 10 }),
);
const queryValue = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    'true',
    'false',
    '-1',
    '0',
    '1e9',
    '99999999999',
    '%',
    '_',
    '[',
    '*',
    '\\',
    'a'.repeat(300),
  ),
  fc.integer().map(String),
);

describe.each(DIALECTS)('hostile input never gets a 5xx nor changes data (%s)', (dialect) => {
  const { api, f } = useApiWithFixture(dialect);

  it('bodies with __proto__ keys, arrays for scalars, huge strings, deep values → 4xx', async () => {
    const before = await snapshot(api);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...writable),
        fc.boolean(),
        hostileBody,
        async (entity, create, body) => {
          const useCreate = create ? Boolean(entity.operations.create) : !entity.operations.update;
          const res = useCreate
            ? await api.post(`${entity.resource}/cms`, body)
            : await api.put(`${entity.resource}/cms/1`, body);
          expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 120 },
    );
    expect(await snapshot(api)).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('raw bodies that are not an entity → 4xx', async () => {
    const before = await snapshot(api);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...writable.filter((e) => e.operations.create)),
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.jsonValue().map((v) => JSON.stringify(v)),
        ),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
        async (entity, raw, type) => {
          const res = await request(api.app)
            .post(`${PREFIX}/${entity.resource}/cms`)
            .set('Authorization', `Bearer ${api.token}`)
            .set('Content-Type', type)
            .send(raw);
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 100 },
    );
    expect(await snapshot(api)).toEqual(before);
  });

  it('random query strings on every search → 200 or 400', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...contentEntities),
        fc.array(fc.tuple(queryKey, queryValue), { maxLength: 4 }),
        async (entity, pairs) => {
          const query = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
          const res = await api.get(`${entity.resource}/cms/search/?${query}`);
          expect([200, 400], `${entity.resource}?${query}: ${JSON.stringify(res.body)}`).toContain(
            res.status,
          );
        },
      ),
      { numRuns: 150 },
    );
    expect(f.english).toBeGreaterThan(0);
  });

  it('bulk envelopes of hostile rows reject rows or the request, never 5xx', async () => {
    const before = await snapshot(api);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...contentEntities.filter((e) => e.operations.bulk)),
        fc.array(hostileBody, { minLength: 1, maxLength: 5 }),
        async (entity, rows) => {
          const res = await api.post(`${entity.resource}/cms/bulk`, { rows });
          expect(res.status).toBeLessThan(500);
          if (res.status === 200) expect(res.body.counts.rejected).toBe(rows.length);
        },
      ),
      { numRuns: 40 },
    );
    expect(await snapshot(api)).toEqual(before);
  });
});
