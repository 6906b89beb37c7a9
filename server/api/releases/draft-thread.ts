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
  /** Ends the thread (what it was doing fails). */
  close(): Promise<void>;
}

/**
 * A thread for the draft's heavy reading and judging (draft-worker.ts): a check or a publish
 * holds a language's whole draft (hundreds of thousands of words, millions of links) and judges
 * every level; on the event loop its slices and garbage collections delayed every other request.
 * The thread asks this one for its reads (relayed-reads.ts) and sends back results only.
 */
export function openDraftThread(database: Pick<DatabaseHandle, 'read' | 'dialect'>): DraftThread {
  const worker = new Worker(SCRIPT, { workerData: { dialect: database.dialect } });
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
