import type { MessagePort, Worker } from 'node:worker_threads';
import {
  CamelCasePlugin,
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { DatabaseHandle, Dialect } from './database.ts';
import type { Database } from './schema.ts';

/**
 * Reads for a worker thread, answered by the server's own database handle: the worker sends a
 * compiled read, the server runs it with `database.read` (SQLite's read workers, PostgreSQL's pool)
 * and sends the rows back. The worker holds no connection and needs no settings of its own, and
 * the rows arrive as everywhere else (camelCase). Only reads: a write refuses at once.
 */

/** A single SELECT statement: all a relayed read may be (no CTE, which could hide a write). */
const READ = /^\s*select\b/i;
const ONLY_READS = 'A relayed database only reads';

/** What a worker's code may use of a database handle: compiling queries, and reading. */
export type ReadHandle = Pick<DatabaseHandle, 'db' | 'dialect' | 'read'>;

interface ReadAsk {
  kind: 'read';
  id: number;
  sql: string;
  parameters: readonly unknown[];
}
interface ReadAnswer {
  kind: 'rows';
  id: number;
  rows?: Array<Record<string, unknown>>;
  error?: string;
}

/** In the worker: a read handle whose reads go to the thread that started it, over `port`. */
export function relayedReads(dialect: Dialect, port: MessagePort): ReadHandle {
  let nextId = 0;
  const waiting = new Map<
    number,
    { resolve(rows: Array<Record<string, unknown>>): void; reject(e: Error): void }
  >();
  port.on('message', (message: ReadAnswer | { kind?: unknown }) => {
    if (message.kind !== 'rows') return;
    const { id, rows, error } = message as ReadAnswer;
    const pending = waiting.get(id);
    waiting.delete(id);
    if (error !== undefined) pending?.reject(new Error(error));
    else pending?.resolve(rows ?? []);
  });
  const read = (query: { sql: string; parameters: readonly unknown[] }) =>
    new Promise<Array<Record<string, unknown>>>((resolve, reject) => {
      const id = ++nextId;
      waiting.set(id, { resolve, reject });
      port.postMessage({ kind: 'read', id, sql: query.sql, parameters: query.parameters } satisfies ReadAsk);
    });
  const connection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      if (!READ.test(query.sql)) throw new Error(ONLY_READS);
      return { rows: (await read(query)) as R[] };
    },
    // eslint-disable-next-line require-yield -- never streams: refuses at once
    async *streamQuery() {
      throw new Error('A relayed database does not stream');
    },
  };
  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => connection,
    beginTransaction: async () => Promise.reject(new Error(ONLY_READS)),
    commitTransaction: async () => undefined,
    rollbackTransaction: async () => undefined,
    releaseConnection: async () => undefined,
    destroy: async () => undefined,
  };
  const postgres = dialect === 'postgres';
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => (postgres ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => driver,
      createIntrospector: (kysely) =>
        postgres ? new PostgresIntrospector(kysely) : new SqliteIntrospector(kysely),
      createQueryCompiler: () => (postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
    // The same compiled SQL as the server's (snake_case names); rows come back camelCase already,
    // which the plugin leaves as they are.
    plugins: [new CamelCasePlugin()],
  });
  return { db, dialect, read: (query) => read(query) };
}

/** In the server: answers a worker's reads with `database.read`, until the worker ends. */
export function answerReads(worker: Worker, database: Pick<DatabaseHandle, 'read'>): void {
  worker.on('message', (message: ReadAsk | { kind?: unknown }) => {
    if (message.kind !== 'read') return;
    const { id, sql, parameters } = message as ReadAsk;
    // Checked here too: the worker's raw reads (`read`) do not pass its driver's check.
    if (!READ.test(sql)) {
      worker.postMessage({ kind: 'rows', id, error: ONLY_READS } satisfies ReadAnswer);
      return;
    }
    database.read(CompiledQuery.raw(sql, [...parameters])).then(
      (rows) => worker.postMessage({ kind: 'rows', id, rows } satisfies ReadAnswer),
      (error: unknown) =>
        worker.postMessage({
          kind: 'rows',
          id,
          error: error instanceof Error ? error.message : String(error),
        } satisfies ReadAnswer),
    );
  });
}
