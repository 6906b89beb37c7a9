/**
 * Every route of the content API's route table that takes a write method (POST, PUT, DELETE) is
 * sent by the write-integrity property (tests/reliability/write-integrity.property.test.ts): a new
 * write route fails here until the property generates requests for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type AppHandle } from '../../server/app.ts';
import { testDatabase, type TestDatabase } from '../helpers/databases.ts';
import { testConfig } from './harness.ts';
import { ALL_KINDS, covers } from './write-integrity/requests.ts';

describe('the write-integrity property covers the route table', () => {
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

  it('sends a request to every write route, and names no route the table lacks', () => {
    const writes = app.apiOperations
      .filter(({ spec }) => spec.method !== 'get')
      .map(({ spec }) => `${spec.method.toUpperCase()} ${spec.path}`);
    const covered = new Set(ALL_KINDS.flatMap(covers));
    expect(writes.length).toBeGreaterThan(40);
    expect(writes.filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !writes.includes(route))).toEqual([]);
  });
});
