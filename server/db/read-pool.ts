import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';

// Bundled (build/server/index.js): the worker's bundle beside it. From source (tests, dev): under tsx.
const BUNDLED = import.meta.url.endsWith('.js');
const SCRIPT = new URL(BUNDLED ? './read-worker.js' : './read-worker-source.mjs', import.meta.url);

/**
 * Page cache per worker connection, in KiB. better-sqlite3 builds SQLite with 16 MB per connection,
 * and list and count queries over the large tables filled it in every worker, a large share of the
 * server's resident memory (P10). The file's pages stay in the OS page cache, so a miss costs a
 * read call rather than a disk read; P4 showed no change for filtered lists and counts, and a
 * little more only for an offset page with no anchor yet or an uncached count of a whole table.
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
  const slots: Array<Slot | null> = Array.from({ length: size }, () => null);
  let nextId = 0;
  let closed = false;

  function spawn(index: number): Slot {
    const worker = new Worker(SCRIPT, {
      workerData: { file, cacheKib: WORKER_CACHE_KIB },
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
