import { Worker } from 'node:worker_threads';
import type { DatabaseHandle } from '../../db/database.ts';
import { answerReads } from '../../db/relayed-reads.ts';
import type { BuiltLanguage, DraftContent } from './draft-content.ts';
import type { DraftTask } from './draft-worker.ts';

// Bundled (build/server/index.js): the worker's bundle beside it. From source (tests, dev): under tsx.
const BUNDLED = import.meta.url.endsWith('.js');
const SCRIPT = new URL(BUNDLED ? './draft-worker.js' : './draft-worker-source.mjs', import.meta.url);

type Task = DraftTask extends infer T ? (T extends { id: number } ? Omit<T, 'id'> : never) : never;

export interface DraftThread {
  /** The draft's findings and its diff against the current release. */
  check(now: number): Promise<DraftContent>;
  /** One language's bundle, judged and built (no bytes when refused: findings, not forced). */
  build(language: { id: number; name: string }, force: boolean): Promise<BuiltLanguage>;
  /** False once the thread has ended (closed, or died): a new one is needed. */
  readonly alive: boolean;
  /** Ends the thread (what it was doing fails). */
  close(): Promise<void>;
}

/** How long an idle draft thread is kept for the next check or publish before it ends. */
const IDLE_MS = 60_000;

/**
 * The draft thread of a server: started on first use, shared by the checks and publishes that
 * overlap, kept for a minute after the last (a thread's start costs a few hundred ms, and the
 * panel asks for a check after every edit), then ended, so an idle server holds no draft's heap.
 * A thread that died is replaced at the next use.
 */
export function draftThreads(database: Pick<DatabaseHandle, 'read' | 'dialect'>, idleMs = IDLE_MS) {
  let thread: DraftThread | null = null;
  let using = 0;
  let idle: NodeJS.Timeout | null = null;
  return {
    async use<T>(work: (thread: DraftThread) => Promise<T>): Promise<T> {
      if (idle) clearTimeout(idle);
      idle = null;
      if (!thread?.alive) thread = openDraftThread(database);
      const current = thread;
      using += 1;
      try {
        return await work(current);
      } finally {
        using -= 1;
        if (using === 0) {
          idle = setTimeout(() => {
            if (thread === current) thread = null;
            void current.close();
          }, idleMs);
          idle.unref();
        }
      }
    },
    async close(): Promise<void> {
      if (idle) clearTimeout(idle);
      const current = thread;
      thread = null;
      await current?.close();
    },
  };
}

export type DraftThreads = ReturnType<typeof draftThreads>;

/**
 * A thread for the draft's heavy reading and judging (draft-worker.ts): a check or a publish
 * holds a language's whole draft (hundreds of thousands of words, millions of links) and judges
 * every level; on the event loop its slices and garbage collections delayed every other request.
 * The thread asks this one for its reads (relayed-reads.ts) and sends back results only.
 * `draftThreads` below keeps one for a server.
 */
export function openDraftThread(database: Pick<DatabaseHandle, 'read' | 'dialect'>): DraftThread {
  const worker = new Worker(SCRIPT, { workerData: { dialect: database.dialect } });
  // Kept (draftThreads) while idle: the server's own handles decide when the process ends.
  worker.unref();
  answerReads(worker, database);
  let nextId = 0;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let ended: Error | null = null;
  const fail = (error: Error) => {
    ended = error;
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  };
  worker.on('message', (message: { kind?: string; id: number; result?: unknown; message?: string }) => {
    if (message.kind !== 'done' && message.kind !== 'failed') return;
    const pending = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.kind === 'done') pending?.resolve(message.result);
    else pending?.reject(new Error(message.message));
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The draft thread stopped (exit code ${code})`)));

  const ask = <T>(task: Task): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (ended) return reject(ended);
      const id = ++nextId;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...task, id });
    });

  return {
    get alive() {
      return ended === null;
    },
    check: (now) => ask<DraftContent>({ kind: 'check', now }),
    async build(language, force) {
      const built = await ask<BuiltLanguage>({ kind: 'build', language, force });
      if (!built.bytes) return built;
      // Handed over as Uint8Arrays: Buffers again, as the store writes them.
      const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const { identity, gzip, br, hash } = built.bytes;
      return { ...built, bytes: { identity: buffer(identity), gzip: buffer(gzip), br: buffer(br), hash } };
    },
    async close() {
      await worker.terminate();
    },
  };
}
