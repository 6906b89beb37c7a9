import type { z } from 'zod';
import type { BulkResponse } from '../entities/bulk.ts';
import type { BulkDeleteRequest, BulkEditResponse, BulkUpdateRequest } from '../entities/bulk-edit.ts';
import type { AnyEntity, EntitySchemas, Operation } from '../entities/index.ts';
import { ApiError } from './errors.ts';
import { MAX_PAGE_SIZE, searchParams, toPage, type Page, type SearchQuery } from './pages.ts';
import { normaliseRecord } from './records.ts';
import type { Transport } from './transport.ts';

/** A row as the API answers it, in the response naming. */
export type RecordOf<E extends AnyEntity> = z.output<EntitySchemas<E['fields']>['record']>;
/** Body of a create (and of each bulk row). */
export type CreateOf<E extends AnyEntity> = z.output<EntitySchemas<E['fields']>['create']>;
/** Body of an update: any writable fields. */
export type UpdateOf<E extends AnyEntity> = z.output<EntitySchemas<E['fields']>['update']>;
/** Names a search may filter by. */
export type FilterOf<E extends AnyEntity> = E['filters'][number]['field'];

/** A record with its version (the ETag its GET answered; null from a backend that sends none). */
export interface Versioned<R> {
  record: R;
  version: string | null;
}

/** `ifMatch`: write only while the record still has this version (412 otherwise). */
export interface WriteOptions {
  ifMatch?: string | null;
}

export interface BulkOptions {
  /** Compute the results without writing anything. */
  dryRun?: boolean;
  /** Leave unchanged rows out of the results (they are still counted). */
  changesOnly?: boolean;
}

/** Every call a resource can have; an entity's client has the ones its description allows. */
export interface ResourceCalls<R, C, U, K extends string> {
  /** `GET {resource}/cms/search/?page={page-1}&…`. */
  search(query?: SearchQuery<K>): Promise<Page<R>>;
  /** Every record matching the filters, page after page (100 per request). */
  searchAll(query?: Omit<SearchQuery<K>, 'page'>): AsyncIterable<R>;
  /**
   * `GET {resource}/cms/export?format=jsonl&…`: every record matching the filters in one streamed
   * answer (keyset-paged by the server). A backend without the export gets the pages instead.
   */
  exportAll(query?: Pick<SearchQuery<K>, 'filters' | 'sort'>): AsyncIterable<R>;
  get(id: number): Promise<R>;
  /** `get` with the record's version, for a later `update` or `remove` with `ifMatch`. */
  getVersioned(id: number): Promise<Versioned<R>>;
  create(body: C): Promise<R>;
  update(id: number, body: U, options?: WriteOptions): Promise<R>;
  /** Resolves to the id removed. */
  remove(id: number, options?: WriteOptions): Promise<number>;
  /** `POST {resource}/cms/bulk`: upserts by natural key, one transaction (at most 5000 rows). */
  bulk(rows: C[], options?: BulkOptions): Promise<BulkResponse>;
  /** `POST {resource}/cms/bulk-update`: the same fields set on rows named by ids or filters. */
  bulkUpdate(request: BulkUpdateRequest): Promise<BulkEditResponse>;
  /** `POST {resource}/cms/bulk-delete`: rows named by ids or filters deleted. */
  bulkDelete(request: BulkDeleteRequest): Promise<BulkEditResponse>;
}

type Method = keyof ResourceCalls<unknown, unknown, unknown, string>;

/** The client methods of each operation. */
export const METHODS_OF: Readonly<Record<Operation, readonly Method[]>> = {
  search: ['search', 'searchAll', 'exportAll'],
  get: ['get', 'getVersioned'],
  create: ['create'],
  update: ['update', 'bulkUpdate'],
  delete: ['remove', 'bulkDelete'],
  bulk: ['bulk'],
};

type AllowedOperation<E extends AnyEntity> = {
  [K in Operation]-?: undefined extends E['operations'][K] ? never : K;
}[Operation];

type MethodsOf<O extends Operation> = O extends 'search'
  ? 'search' | 'searchAll' | 'exportAll'
  : O extends 'delete'
    ? 'remove' | 'bulkDelete'
    : O extends 'update'
      ? 'update' | 'bulkUpdate'
      : O extends 'get'
        ? 'get' | 'getVersioned'
        : O;

interface ResourceInfo<E extends AnyEntity> {
  readonly entity: E;
  /** Whether the description allows the operation (generic code asks before offering it). */
  allows(operation: Operation): boolean;
}

/** The typed client of one entity: only the operations its description allows exist. */
export type ResourceClient<E extends AnyEntity> = ResourceInfo<E> &
  Pick<
    ResourceCalls<RecordOf<E>, CreateOf<E>, UpdateOf<E>, FilterOf<E> & string>,
    MethodsOf<AllowedOperation<E>>
  >;

/** A row read generically (the panel's list screen, the CLI's imports). */
export type GenericRecord = { id: number } & Record<string, unknown>;

/**
 * The client of any entity, for code that works from descriptions: every method is there, and one
 * the description does not allow rejects with an ApiError 405 without calling the server.
 */
export type GenericResourceClient = ResourceInfo<AnyEntity> &
  ResourceCalls<GenericRecord, Record<string, unknown>, Record<string, unknown>, string>;

const idPath = (id: number): string => {
  if (!Number.isInteger(id) || id < 1)
    throw new RangeError(`An id must be a positive whole number, not ${String(id)}`);
  return String(id);
};

/** Builds every call of `entity` (disallowed ones reject with 405 before any request). */
export function genericResource(transport: Transport, entity: AnyEntity): GenericResourceClient {
  const base = `${encodeURIComponent(entity.resource)}/cms`;
  const convert = (row: unknown) => normaliseRecord(entity, row) as GenericRecord;
  const allows = (operation: Operation) => entity.operations[operation] !== undefined;
  const ifMatch = (options?: WriteOptions) =>
    options?.ifMatch ? { headers: { 'If-Match': options.ifMatch } } : {};
  const guard = (operation: Operation) => {
    if (!allows(operation)) {
      throw new ApiError(`${entity.labelPlural} do not support ${operation} through the API`, {
        status: 405,
      });
    }
  };

  const search = async (query: SearchQuery = {}): Promise<Page<GenericRecord>> => {
    guard('search');
    const raw = await transport.call<unknown>({
      method: 'GET',
      path: `${base}/search/`,
      query: searchParams(query),
    });
    return toPage(raw, query, convert);
  };

  async function* searchAll(query: Omit<SearchQuery, 'page'> = {}): AsyncGenerator<GenericRecord> {
    for (let page = 1; ; page += 1) {
      const answer = await search({ ...query, page, size: query.size ?? MAX_PAGE_SIZE });
      yield* answer.items;
      if (answer.last || answer.items.length === 0) return;
    }
  }

  return {
    entity,
    allows,
    search,
    searchAll,
    async *exportAll(query = {}) {
      guard('search');
      const params = searchParams({ filters: query.filters, ...(query.sort ? { sort: query.sort } : {}) });
      params.delete('page');
      params.set('format', 'jsonl');
      let answer: Awaited<ReturnType<Transport['lines']>> | null = null;
      try {
        answer = await transport.lines({ method: 'GET', path: `${base}/export`, query: params });
      } catch (error) {
        if (!(error instanceof ApiError && (error.status === 404 || error.status === 405))) throw error;
      }
      // An external backend that predates the export (it refuses it, or answers something else):
      // the same records, page by page.
      if (!answer?.type.startsWith('application/x-ndjson')) {
        if (answer) for await (const _ of answer.lines) break;
        yield* searchAll({ filters: query.filters, ...(query.sort ? { sort: query.sort } : {}) });
        return;
      }
      const { lines } = answer;
      for await (const line of lines) yield convert(JSON.parse(line));
    },
    async get(id) {
      guard('get');
      return convert(await transport.call({ method: 'GET', path: `${base}/${idPath(id)}` }));
    },
    async getVersioned(id) {
      guard('get');
      const answer = await transport.callWithHeaders({ method: 'GET', path: `${base}/${idPath(id)}` });
      return { record: convert(answer.body), version: answer.headers.get('ETag') };
    },
    async create(body) {
      guard('create');
      return convert(await transport.call({ method: 'POST', path: base, body }));
    },
    async update(id, body, options) {
      guard('update');
      const path = `${base}/${idPath(id)}`;
      return convert(await transport.call({ method: 'PUT', path, body, ...ifMatch(options) }));
    },
    async bulkUpdate(request) {
      guard('update');
      return transport.call({ method: 'POST', path: `${base}/bulk-update`, body: request });
    },
    async bulkDelete(request) {
      guard('delete');
      return transport.call({ method: 'POST', path: `${base}/bulk-delete`, body: request });
    },
    async remove(id, options) {
      guard('delete');
      const path = `${base}/${idPath(id)}`;
      const answer = await transport.call<unknown>({ method: 'DELETE', path, ...ifMatch(options) });
      // SPEC §7: "delete returns the id"; a backend answering nothing (204) removed the one asked for.
      return typeof answer === 'number' ? answer : id;
    },
    async bulk(rows, options = {}) {
      guard('bulk');
      const body = {
        rows,
        ...(options.dryRun === undefined ? {} : { dryRun: options.dryRun }),
        ...(options.changesOnly ? { changesOnly: true } : {}),
      };
      return transport.call<BulkResponse>({ method: 'POST', path: `${base}/bulk`, body });
    },
  };
}

/** The typed client of `entity`: the generic one with the disallowed methods left out. */
export function typedResource<E extends AnyEntity>(
  generic: GenericResourceClient,
  entity: E,
): ResourceClient<E> {
  const client: Record<string, unknown> = { entity, allows: generic.allows };
  for (const [operation, methods] of Object.entries(METHODS_OF) as [Operation, readonly Method[]][]) {
    if (generic.allows(operation)) for (const method of methods) client[method] = generic[method];
  }
  return client as ResourceClient<E>;
}
