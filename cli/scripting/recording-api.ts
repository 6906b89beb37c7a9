import type { ApiClient, GenericResourceClient } from '#shared/api-client/index.ts';
import type { EntityName, Operation } from '#shared/entities/index.ts';

/** One write a script made (or, in a dry run, would have made). */
export interface PlannedWrite {
  method: 'create' | 'update' | 'remove' | 'bulk' | 'bulkUpdate' | 'bulkDelete';
  /** The API resource: `words`, `levels`, … */
  resource: string;
  id?: number;
  /** update: each field whose value differs, read from the server just before. */
  changes?: Record<string, { from: unknown; to: unknown }>;
  /** create: the fields sent. */
  fields?: Record<string, unknown>;
  /** bulk calls: the server's dry-run answer (counts, sample, refusals). */
  answer?: unknown;
  /** bulk calls: how the rows were named. */
  target?: Record<string, unknown>;
}

/** Calls that read: sent in a dry run too. Anything not listed here or in WRITES is refused in one. */
const READS = new Set(['search', 'searchAll', 'exportAll', 'get', 'list', 'show', 'allows', 'refresh']);
/** Each write of a resource client, by the operation of the entity description it needs. */
const WRITES = new Map<string, Operation>([
  ['create', 'create'],
  ['update', 'update'],
  ['remove', 'delete'],
  ['bulk', 'bulk'],
  ['bulkUpdate', 'update'],
  ['bulkDelete', 'delete'],
]);

export class DryRunRefusal extends Error {}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The script's view of the API client. In a dry run every write is recorded instead of sent — with
 * the old values of an update read first, and bulk calls sent as the server's own dry run so their
 * counts are real — and answered as the server would (a created record gets a negative id). Outside
 * a dry run calls go through unchanged and writes are only counted.
 */
export function recordingApi(api: ApiClient, dryRun: boolean): { api: ApiClient; writes: PlannedWrite[] } {
  const writes: PlannedWrite[] = [];
  let nextPlaceholder = -1;

  function planned(client: GenericResourceClient, method: string, args: unknown[]): Promise<unknown> {
    const resource = client.entity.resource;
    const body = (args[0] ?? {}) as Record<string, unknown>;
    switch (method) {
      case 'create': {
        writes.push({ method, resource, fields: body });
        return Promise.resolve({ ...body, id: nextPlaceholder-- });
      }
      case 'update':
        return plannedUpdate(client, args[0] as number, (args[1] ?? {}) as Record<string, unknown>);
      case 'remove':
        writes.push({ method, resource, id: args[0] as number });
        return Promise.resolve(args[0]);
      case 'bulk':
        return client.bulk(args[0] as never[], { dryRun: true }).then((answer) => {
          writes.push({ method, resource, target: { rows: (args[0] as unknown[]).length }, answer });
          return answer;
        });
      default: {
        const call = method === 'bulkUpdate' ? client.bulkUpdate : client.bulkDelete;
        return call({ ...body, dryRun: true } as never).then((answer) => {
          const { set: _set, dryRun: _dry, ...target } = body;
          writes.push({ method: method as PlannedWrite['method'], resource, target, answer });
          return answer;
        });
      }
    }
  }

  async function plannedUpdate(client: GenericResourceClient, id: number, body: Record<string, unknown>) {
    const resource = client.entity.resource;
    // A record created earlier in this dry run has no server copy to compare with.
    const old: Record<string, unknown> = id > 0 ? await client.get(id) : { id };
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [field, to] of Object.entries(body))
      if (!same(old[field], to)) changes[field] = { from: old[field], to };
    writes.push({ method: 'update', resource, id, changes });
    return { ...old, ...body };
  }

  /** One resource client (or `auth`, or a client this file does not know): writes recorded. */
  function wrapClient(target: object, client: GenericResourceClient | null): object {
    return new Proxy(target, {
      get(object, key, receiver) {
        const value = Reflect.get(object, key, receiver) as unknown;
        if (typeof key !== 'string' || typeof value !== 'function') return value;
        if (!WRITES.has(key) || !client) {
          if (!dryRun || READS.has(key)) return value;
          return () => {
            throw new DryRunRefusal(`${key}() is not available in a dry run: run with --no-dry-run`);
          };
        }
        const send = value as (...a: unknown[]) => unknown;
        return (...args: unknown[]) => {
          // An operation the table does not allow fails as it would for real (405, nothing sent).
          if (!client.allows(WRITES.get(key)!)) return send(...args);
          if (dryRun) return planned(client, key, args);
          const id = typeof args[0] === 'number' ? { id: args[0] } : {};
          writes.push({ method: key as PlannedWrite['method'], resource: client.entity.resource, ...id });
          return send(...args);
        };
      },
    });
  }

  const generic = (name: string) => api.resource(name as EntityName);
  const root = new Proxy(api, {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver) as unknown;
      if (key === 'resource') return (name: string) => wrapClient(generic(name), generic(name));
      if (typeof key !== 'string' || typeof value !== 'object' || value === null) return value;
      const entity = (value as { entity?: { name: string } }).entity;
      return wrapClient(value, entity ? generic(entity.name) : null);
    },
  });

  return { api: root, writes };
}
