import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { objectRows } from './object-rows.ts';

/**
 * One read worker of the pool (read-pool.ts): its own SQLite connection to the same file (WAL lets
 * it read while the main connection writes), prepared statements kept per SQL text.
 */
interface Settings {
  file: string;
  cacheKib: number;
}

interface Message {
  id: number;
  sql?: string;
  parameters?: unknown[];
  optimize?: boolean;
  checkpoint?: boolean;
}

const { file, cacheKib } = workerData as Settings;
const db = new Database(file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma('query_only = 1');
db.pragma(`cache_size = -${cacheKib}`);
const statements = new Map<string, ReturnType<typeof objectRows>>();
const port = parentPort!;

function run({ sql, parameters, optimize, checkpoint }: Message): { rows: unknown; ms?: number } {
  if (checkpoint) {
    // Copies committed pages from the WAL into the database file without waiting for (or
    // blocking) the writer, here rather than in the writer's commit on the event loop.
    return { rows: db.pragma('wal_checkpoint(PASSIVE)') };
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
    return { rows: [] };
  }
  let read = statements.get(sql!);
  if (!read) {
    read = objectRows(db.prepare(sql!));
    if (statements.size < 1000) statements.set(sql!, read);
  }
  const started = performance.now();
  const rows = read(...(parameters ?? []));
  return { rows, ms: performance.now() - started };
}

port.on('message', (message: Message) => {
  try {
    port.postMessage({ id: message.id, ...run(message) });
  } catch (error) {
    const { message: text, code } = error as { message: string; code?: string };
    port.postMessage({ id: message.id, error: { message: text, code } });
  }
});
