import { ApiError, type ApiClient } from '#shared/api-client/index.ts';
import type { AnyEntity } from '#shared/entities/index.ts';
import { MAX_BULK_ROWS, type BulkRowResult } from '#shared/entities/bulk.ts';
import { ImportError } from './errors.ts';
import { openRecordFile, type FileRecord } from './records.ts';
import { bulkRowOf, ColumnReader } from './columns.ts';

/**
 * The import engine: a table file streamed row by row, each row turned into a bulk row from the
 * entity's description, sent a chunk per request to `POST {resource}/cms/bulk` (one transaction
 * each on the server, which compares the chunk with the stored rows in a few statements). A dry run
 * sends the same chunks with `dryRun`, so the server computes the diff and writes nothing.
 */

/** Rows per request by default, and the most bytes (roughly) a request carries. */
export const IMPORT_CHUNK = 5000;
const MAX_CHUNK_BYTES = 4 * 1024 * 1024;
/** Dry-run chunks in flight at once: the server compares one while the next is read and sent. */
const PLAN_CONCURRENCY = 2;

export interface LineResult extends Omit<BulkRowResult, 'index'> {
  /** Line of the file where the row starts. */
  line: number;
  /** The row as sent (for showing what a created row holds). */
  row?: Record<string, unknown>;
}

export interface ImportRun {
  file: string;
  /** Rows already read (JSON values), read instead of `file`: a word list, or the rows to apply. */
  records?: AsyncIterable<FileRecord[]>;
  /** The file's name in messages (defaults to `file`). */
  label?: string;
  format?: string;
  dryRun: boolean;
  batchSize?: number;
  /** Only these lines are sent (the apply pass sends the rows its plan found to change). */
  only?: ReadonlySet<number>;
  /** Each row's result, in file order. */
  onResult: (result: LineResult) => void;
  /** How many rows of a chunk are unchanged (they have no result of their own). */
  onUnchanged: (count: number) => void;
  /** Rows read so far (after each chunk). */
  onProgress?: (rows: number) => void;
}

interface Chunk {
  lines: number[];
  rows: Array<Record<string, unknown>>;
  /** Rows refused before sending (not an object, a value of the wrong kind), by position. */
  refused: Map<number, LineResult>;
}

/** Streams the file's rows in chunks; a problem with the file itself (not a row) throws a ImportError. */
async function* chunksOf(entity: AnyEntity, run: ImportRun, notes: string[]): AsyncGenerator<Chunk> {
  const file = run.records
    ? { format: 'jsonl' as const, columns: null, records: run.records }
    : await openRecordFile(run.file, run.format, run.label);
  const reader = new ColumnReader(entity);
  // A CSV header is checked before the first row is read: an unknown column refuses the file.
  for (const column of file.columns ?? []) reader.column(column);
  const size = Math.min(run.batchSize ?? IMPORT_CHUNK, MAX_BULK_ROWS);
  let chunk: Chunk = { lines: [], rows: [], refused: new Map() };
  let bytes = 0;
  const fromText = file.format === 'csv';
  for await (const batch of file.records) {
    for (const { line, values } of batch) {
      if (run.only && !run.only.has(line)) continue;
      const at = chunk.lines.length + chunk.refused.size;
      if (values === null) {
        const reason = fromText
          ? 'has more cells than the header has columns'
          : `must be an object of ${entity.label.toLowerCase()} fields`;
        chunk.refused.set(at, { line, status: 'rejected', reason });
      } else {
        try {
          const row = bulkRowOf(reader, values, fromText);
          chunk.lines.push(line);
          chunk.rows.push(row);
          for (const value of Object.values(values)) bytes += String(value).length + 16;
        } catch (error) {
          // An unknown column in a JSON row is the file's problem: it stops the import.
          if (!(error instanceof ImportError) || error.message.startsWith('Unknown column')) throw error;
          chunk.refused.set(at, { line, status: 'rejected', reason: error.message });
        }
      }
      if (chunk.rows.length >= size || bytes >= MAX_CHUNK_BYTES || chunk.refused.size >= size) {
        yield chunk;
        chunk = { lines: [], rows: [], refused: new Map() };
        bytes = 0;
      }
    }
  }
  if (chunk.rows.length > 0 || chunk.refused.size > 0) yield chunk;
  const ignored = reader.ignored();
  if (ignored.length > 0)
    notes.push(`Read-only columns ignored (the server keeps them): ${ignored.join(', ')}.`);
}

async function send(
  api: ApiClient,
  entity: AnyEntity,
  chunk: Chunk,
  dryRun: boolean,
): Promise<{ results: LineResult[]; unchanged: number }> {
  let results: BulkRowResult[] = [];
  let unchanged = 0;
  if (chunk.rows.length > 0) {
    try {
      const answer = await api
        .resource(entity.name)
        .bulk(chunk.rows as never[], { dryRun, changesOnly: true });
      unchanged = answer.counts.unchanged;
      results = answer.results;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 405))
        throw new ImportError(
          `The API has no bulk endpoint for ${entity.labelPlural.toLowerCase()} (${error.status}): import needs it.`,
        );
      throw error;
    }
  }
  // The rows refused here and the server's answers (changes only), back in file order; unchanged
  // rows are only counted, so a big unchanged file costs no object per row here.
  const out: LineResult[] = [];
  const refused = [...chunk.refused].sort((a, b) => a[0] - b[0]);
  let r = 0;
  for (const result of results as Array<BulkRowResult & LineResult>) {
    // Position in the chunk: the sent row's index plus the refused rows before it.
    while (r < refused.length && refused[r]![0] <= result.index + r) out.push(refused[r++]![1]);
    result.line = chunk.lines[result.index]!;
    result.row = chunk.rows[result.index];
    out.push(result);
  }
  while (r < refused.length) out.push(refused[r++]![1]);
  return { results: out, unchanged };
}

/**
 * Runs one pass over the file. Returns notes for the operator (read-only columns ignored). A dry
 * run keeps {@link PLAN_CONCURRENCY} chunks in flight; writes go one chunk after the other, in order.
 */
export async function importPass(api: ApiClient, entity: AnyEntity, run: ImportRun): Promise<string[]> {
  const notes: string[] = [];
  const inFlight: Array<Promise<{ results: LineResult[]; unchanged: number }>> = [];
  let read = 0;
  const settle = async () => {
    const { results, unchanged } = await inFlight.shift()!;
    for (const result of results) run.onResult(result);
    run.onUnchanged(unchanged);
  };
  for await (const chunk of chunksOf(entity, run, notes)) {
    inFlight.push(send(api, entity, chunk, run.dryRun));
    // A failed request must not leave its neighbours' rejections unhandled.
    inFlight.at(-1)!.catch(() => undefined);
    read += chunk.rows.length + chunk.refused.size;
    if (inFlight.length >= (run.dryRun ? PLAN_CONCURRENCY : 1)) await settle();
    run.onProgress?.(read);
  }
  while (inFlight.length > 0) await settle();
  return notes;
}
