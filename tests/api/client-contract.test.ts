import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  camelCase,
  clientEntities,
  createApiClient,
  newChangeSet,
} from '#shared/api-client/index.ts';
import type { ApiClient, GenericResourceClient, Tokens } from '#shared/api-client/index.ts';
import type { AnyEntity } from '#shared/entities/index.ts';
import { AREA_CALLS, resourceCalls, type Call, type ResourceCall } from './client-contract/cases.ts';
import { judge } from './client-contract/check.ts';
import { startRecorder } from './client-contract/recorder.ts';

/**
 * The typed API client (shared/api-client: the panel's and the CLI's) asks only what the server
 * declares (issue 44): each method is called against a real HTTP server that records its
 * requests, and each request must be a declared operation (method and path, through the same
 * route matcher as the dispatcher) that takes its path parameters, query and body as sent.
 */

const PREFIX = '/arguscreative/words';

let recorder: Awaited<ReturnType<typeof startRecorder>>;
let client: ApiClient;

beforeAll(async () => {
  recorder = await startRecorder(PREFIX);
  let held: Tokens | null = { accessToken: 'access', refreshToken: 'refresh' };
  client = createApiClient({
    baseUrl: recorder.baseUrl,
    tokens: { get: () => held, set: (tokens) => void (held = tokens) },
    // As the CLI's: every write carries its run's change set.
    changeSet: newChangeSet(['words', 'import', 'words.csv']),
  });
});
afterAll(() => recorder?.close());

/** The methods the client has, `area.method`, as a caller sees them (not its descriptions). */
function clientMethods(api: ApiClient): string[] {
  return Object.entries(api).flatMap(([area, value]) =>
    typeof value === 'function'
      ? [area]
      : Object.entries(value as object)
          .filter(([name, member]) => typeof member === 'function' && name !== 'allows')
          .map(([name]) => `${area}.${name}`),
  );
}

/** Runs `call` and judges each request it made; a call that made none is a problem too. */
async function problemsOf(name: string, call: () => Promise<unknown>, opaque = false): Promise<string[]> {
  recorder.take();
  await call();
  const requests = recorder.take();
  if (requests.length === 0) return [`${name}: sent no request`];
  return requests.flatMap((request) =>
    judge(request, PREFIX, opaque).problems.map(
      (problem) => `${name}: ${request.method} ${request.path}?${request.query.toString()}: ${problem}`,
    ),
  );
}

const resources = clientEntities as readonly AnyEntity[];
const resourceClient = (entity: AnyEntity) =>
  (client as unknown as Record<string, GenericResourceClient>)[camelCase(entity.resource)]!;

describe('the API client against the declarations', () => {
  it('has calls here for every method it has', () => {
    const called = [
      ...Object.entries(AREA_CALLS).flatMap(([area, methods]) =>
        Object.keys(methods).map((m) => `${area}.${m}`),
      ),
      ...resources.flatMap((entity) =>
        Object.keys(resourceCalls(entity))
          .filter((method) => method in resourceClient(entity))
          .map((method) => `${camelCase(entity.resource)}.${method}`),
      ),
      'resource',
    ];
    expect(called.sort()).toEqual(clientMethods(client).sort());
  });

  it('sends the areas’ requests (auth, team, releases, …) as declared', async () => {
    const problems: string[] = [];
    for (const [area, methods] of Object.entries(AREA_CALLS))
      for (const [method, calls] of Object.entries(methods as Record<string, Call<ApiClient>[]>))
        for (const call of calls)
          problems.push(...(await problemsOf(`${area}.${method}`, () => call(client))));
    expect(problems).toEqual([]);
  });

  it('sends each resource’s requests (search, export, writes, bulk) as declared', async () => {
    const problems: string[] = [];
    for (const entity of resources) {
      const typed = resourceClient(entity);
      for (const [method, calls] of Object.entries(resourceCalls(entity)) as [string, ResourceCall[]][]) {
        if (!(method in typed)) continue;
        for (const { call, opaque } of calls)
          problems.push(
            ...(await problemsOf(`${camelCase(entity.resource)}.${method}`, () => call(typed), opaque)),
          );
      }
    }
    expect(problems).toEqual([]);
  });

  it('resource(name): the same requests where the entity allows them, none (a 405) where not', async () => {
    const problems: string[] = [];
    for (const entity of resources) {
      const generic = client.resource(entity.name);
      for (const [method, calls] of Object.entries(resourceCalls(entity)) as [string, ResourceCall[]][]) {
        const allowed = method in resourceClient(entity);
        for (const { call, opaque } of calls) {
          const name = `resource(${entity.name}).${method}`;
          if (allowed) {
            problems.push(...(await problemsOf(name, () => call(generic), opaque)));
            continue;
          }
          recorder.take();
          const refused = await call(generic).then(
            () => null,
            (error: unknown) => error,
          );
          if (!(refused instanceof ApiError && refused.status === 405))
            problems.push(`${name}: not refused with a 405`);
          if (recorder.take().length > 0) problems.push(`${name}: sent a request the entity does not allow`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
