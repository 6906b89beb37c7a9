import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type AppHandle } from '../../server/app.ts';
import { apiDeclarations } from '../../server/api/declarations.ts';
import { testDatabase, type TestDatabase } from '../helpers/databases.ts';
import { testConfig } from './harness.ts';

/**
 * The declarations are the contract (issue 44): the server implements each exactly once and
 * nothing else, and where a query is checked by a parser of its own (a list's filters, by name or
 * alias), the schema the document publishes accepts exactly what the parser accepts.
 */
describe('the declarations are what the server serves', () => {
  let testDb: TestDatabase;
  let app: AppHandle;
  beforeAll(async () => {
    testDb = testDatabase('sqlite');
    app = await createApp(testConfig(testDb), { database: testDb.options });
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
  });

  it('implements every declared operation once, and nothing undeclared', () => {
    const served = app.apiOperations.map(({ spec }) => spec.operationId);
    const declared = apiDeclarations().map((spec) => spec.operationId);
    expect(new Set(served).size).toBe(served.length);
    expect([...served].sort()).toEqual([...declared].sort());
  });

  it('a query the parser accepts is one the published schema accepts, and the other way round', () => {
    const values = fc.constantFrom(
      '',
      '0',
      '1',
      '7',
      '-1',
      '101',
      '2147483648',
      'abc',
      'true',
      'false',
      'yes',
      'x'.repeat(201),
      'id',
      '-id',
      'id,-id',
      '1,2,3',
      'csv',
      'jsonl',
    );
    const mismatches: string[] = [];
    for (const spec of apiDeclarations()) {
      const query = spec.query;
      if (!query?.parse) continue;
      const keys = [...Object.keys(query.schema.shape), 'unknownParameter'];
      fc.assert(
        fc.property(fc.dictionary(fc.constantFrom(...keys), values, { maxKeys: 3 }), (q) => {
          const bySchema = query.schema.safeParse(q).success;
          let byParser = true;
          try {
            query.parse!(q);
          } catch {
            byParser = false;
          }
          if (bySchema !== byParser)
            mismatches.push(
              `${spec.operationId} ${JSON.stringify(q).slice(0, 120)}: schema ${bySchema}, parser ${byParser}`,
            );
        }),
        { numRuns: 300 },
      );
    }
    expect(mismatches.slice(0, 20)).toEqual([]);
  });
});
