import { parentPort, workerData } from 'node:worker_threads';
import type { Dialect } from '../../db/database.ts';
import { relayedReads } from '../../db/relayed-reads.ts';
import { buildLanguage, draftContent } from './draft-content.ts';
import { releaseStore } from './store.ts';

/**
 * The draft thread (draft-thread.ts starts one per check or publish): reads the draft through the
 * server's database handle (relayed-reads.ts), judges it and builds bundles here, and sends back
 * only the results. A bundle's bytes are handed over, not copied.
 */

export type DraftTask =
  | { kind: 'check'; id: number; now: number }
  | { kind: 'build'; id: number; language: { id: number; name: string }; force: boolean };

const port = parentPort!;
const database = relayedReads((workerData as { dialect: Dialect }).dialect, port);
const store = releaseStore(database);

/** The bytes a message may hand over: a buffer that owns all of its memory (not a pool's slice). */
function owned(buffers: Buffer[]): ArrayBuffer[] {
  return buffers
    .filter((b) => b.byteOffset === 0 && b.byteLength === b.buffer.byteLength)
    .map((b) => b.buffer as ArrayBuffer);
}

async function run(task: DraftTask) {
  if (task.kind === 'check') return { result: await draftContent(database, store, task.now), transfer: [] };
  const built = await buildLanguage(database, task.language, task.force);
  const { bytes } = built;
  return { result: built, transfer: bytes ? owned([bytes.identity, bytes.gzip, bytes.br]) : [] };
}

port.on('message', (message: DraftTask | { kind?: unknown }) => {
  if (message.kind !== 'check' && message.kind !== 'build') return;
  const task = message as DraftTask;
  run(task).then(
    ({ result, transfer }) => port.postMessage({ kind: 'done', id: task.id, result }, transfer),
    (error: unknown) =>
      port.postMessage({
        kind: 'failed',
        id: task.id,
        message: error instanceof Error ? error.message : String(error),
      }),
  );
});
