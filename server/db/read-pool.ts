import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';

/**
 * Runs in each worker: its own SQLite connection to the same file (WAL lets it read while the main
 * connection writes), prepared statements kept per SQL text. Plain JavaScript in a string so the
 * same code runs under tsx and in the bundled server, with no second entry point to build.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('query_only = 1');
db.pragma('cache_size = -' + workerData.cacheKib);
const statements = new Map();
// As object-rows.ts (which this string cannot import): raw rows, objects built by a literal.
function objectRows(statement) {
  const names = statement.reader ? statement.columns().map((column) => column.name) : ['__proto__'];
  if (names.includes('__proto__')) return (parameters) => statement.all(...parameters);
  const build = new Function('values', 'return { ' + names.map((name, i) => JSON.stringify(name) + ': values[' + i + ']').join(', ') + ' };');
  const raw = statement.raw(true);
  return (parameters) => raw.all(...parameters).map(build);
}
parentPort.on('message', ({ id, sql, parameters, optimize, checkpoint }) => {
  try {
    if (checkpoint) {
      // Copies committed pages from the WAL into the database file without waiting for (or
      // blocking) the writer, here rather than in the writer's commit on the event loop.
      return parentPort.postMessage({ id, rows: db.pragma('wal_checkpoint(PASSIVE)') });
    }
    if (optimize) {
      // Table statistics for the query planner (sqlite_stat1), so it picks the most selective of
      // several filter indexes; bounded work per index, skipped when the statistics are current.
      db.pragma('query_only = 0');
      try {
        db.pragma('analysis_limit = 1000');
        db.pragma('optimize = 0x10002');
      } finally {
        db.pragma('query_only = 1');
      }
      return parentPort.postMessage({ id, rows: [] });
    }
    let read = statements.get(sql);
    if (!read) {
      read = objectRows(db.prepare(sql));
      if (statements.size < 1000) statements.set(sql, read);
    }
    const started = performance.now();
    const rows = read(parameters);
    parentPort.postMessage({ id, rows, ms: performance.now() - started });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
  }
});
`;

/**
 * Page cache per worker connection, in KiB. better-sqlite3 builds SQLite with 16 MB per connection,
 * and list and count queries over the large tables filled it in every worker: about 25–30 MB of the
 * server's resident memory for two workers (P10). The file's pages stay in the OS page cache, so a
 * miss costs a read call rather than a disk read. Measured on the P4 statements (scale 1): the same
 * median time for the filtered lists and counts; about 1 ms more for an offset page with no anchor
 * yet (offset 400,000) and a few ms more for an uncached count of a whole million-row table, which
 * is then kept until the next commit (sqlite-counts.ts).
 */
export const WORKER_CACHE_KIB = 4000;
const YOUNG_GENERATION_MB = 8;

/** Rows of a read, and how long the worker took to run it (ms; queueing not included). */
export interface TimedRows {
  rows: Record<string, unknown>[];
  ms: number;
}

interface Pending {
  resolve(answer: TimedRows): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
}

export interface ReadPool {
  /** Rows of a read-only query, computed off the event loop, and the worker's time to run it. */
  all(query: CompiledQuery): Promise<TimedRows>;
  /** Refreshes the planner's statistics (PRAGMA optimize) in a worker, off the event loop. */
  optimize(): Promise<void>;
  /** A passive WAL checkpoint (PRAGMA wal_checkpoint(PASSIVE)) in a worker, off the event loop. */
  checkpoint(): Promise<void>;
  close(): Promise<void>;
}

/**
 * better-sqlite3 is synchronous: a list query that scans (a one-letter filter over a million rows)
 * would stop every other request in the process while it runs. List reads go to these workers
 * instead; the main thread keeps the writes and the point reads. Workers start on first use, and
 * one that dies is replaced; the queries it had in hand fail (500) rather than hang.
 */
export function createReadPool(file: string, size = Math.min(2, availableParallelism())): ReadPool {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const slots: Array<Slot | null> = Array.from({ length: size }, () => null);
  let nextId = 0;
  let closed = false;

  function spawn(index: number): Slot {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver, file, cacheKib: WORKER_CACHE_KIB },
      // V8 lets a thread's young generation grow to 48 MB of resident memory; a read's rows are
      // short-lived and small, so 8 MB serves them (P10: the server's memory after the benchmarks).
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    const slot: Slot = { worker, pending: new Map() };
    worker.unref();
    worker.on('message', ({ id, rows, ms, error }) => {
      const pending = slot.pending.get(id);
      slot.pending.delete(id);
      if (!pending) return;
      if (error) pending.reject(Object.assign(new Error(error.message), { code: error.code }));
      else pending.resolve({ rows, ms: ms ?? 0 });
    });
    const fail = (error: Error) => {
      if (slots[index] === slot) slots[index] = null;
      for (const pending of slot.pending.values()) pending.reject(error);
      slot.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The database read worker stopped (exit code ${code})`)));
    slots[index] = slot;
    return slot;
  }

  /** The worker with the fewest queries in hand. */
  function pick(): Slot {
    let best: Slot | null = null;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i] ?? spawn(i);
      if (!best || slot.pending.size < best.pending.size) best = slot;
      if (slot.pending.size === 0) break;
    }
    return best!;
  }

  function send(message: Record<string, unknown>): Promise<TimedRows> {
    if (closed) return Promise.reject(new Error('The database is closed'));
    const slot = pick();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.ref();
      slot.worker.postMessage({ ...message, id });
    }).finally(() => {
      if (slot.pending.size === 0) slot.worker.unref();
    }) as Promise<TimedRows>;
  }

  return {
    all(query) {
      return send({ sql: query.sql, parameters: query.parameters });
    },
    async optimize() {
      await send({ optimize: true });
    },
    async checkpoint() {
      await send({ checkpoint: true });
    },
    async close() {
      closed = true;
      await Promise.all(slots.map((slot) => slot?.worker.terminate()));
    },
  };
}
