import { ApiError, type ApiClient } from '#shared/api-client/index.ts';
import type { AnyEntity } from '#shared/entities/index.ts';
import { MAX_BULK_ROWS, type BulkRowResult } from '#shared/entities/bulk.ts';
import { CliError } from '../context.ts';
import { openRecordFile } from '../files/records.ts';
import { bulkRowOf, ColumnReader } from './columns.ts';

/**
 * The import engine: a table file streamed row by row, each row turned into a bulk row from the
 * entity's description, sent a chunk per request to `POST {resource}/cms/bulk` (one transaction
 * each on the server, which compares the chunk with the stored rows in a few statements). A dry run
 * sends the same chunks with `dryRun`, so the server computes the diff and writes nothing.
 */

/** Rows per request by default, and the most bytes (roughly) a request carries. */
export const IMPORT_CHUNK = 2000;
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
  format?: string;
  dryRun: boolean;
  batchSize?: number;
  /** Only these lines are sent (the apply pass sends the rows its plan found to change). */
  only?: ReadonlySet<number>;
  /** Each row's result, in file order. */
  onResult: (result: LineResult) => void;
  /** Rows read so far (after each chunk). */
  onProgress?: (rows: number) => void;
}

interface Chunk {
  lines: number[];
  rows: Array<Record<string, unknown>>;
  /** Rows refused before sending (not an object, a value of the wrong kind), by position. */
  refused: Map<number, LineResult>;
}

/** Streams the file's rows in chunks; a problem with the file itself (not a row) throws a CliError. */
async function* chunksOf(entity: AnyEntity, run: ImportRun, notes: string[]): AsyncGenerator<Chunk> {
  const file = await openRecordFile(run.file, run.format);
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
          if (!(error instanceof CliError) || error.message.startsWith('Unknown column')) throw error;
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

async function send(api: ApiClient, entity: AnyEntity, chunk: Chunk, dryRun: boolean): Promise<LineResult[]> {
  let results: BulkRowResult[] = [];
  if (chunk.rows.length > 0) {
    try {
      results = (await api.resource(entity.name).bulk(chunk.rows as never[], { dryRun })).results;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 405))
        throw new CliError(
          `The API has no bulk endpoint for ${entity.labelPlural.toLowerCase()} (${error.status}): import needs it.`,
        );
      throw error;
    }
  }
  // Merge the server's answers with the rows refused here, back in file order.
  const out: LineResult[] = [];
  let next = 0;
  const total = chunk.rows.length + chunk.refused.size;
  for (let at = 0; at < total; at++) {
    const refused = chunk.refused.get(at);
    if (refused) {
      out.push(refused);
      continue;
    }
    // The server's object, completed in place: a new one per row is measurable on 500,000 rows.
    const result = results[next]! as BulkRowResult & LineResult;
    result.line = chunk.lines[result.index]!;
    if (result.status !== 'unchanged') result.row = chunk.rows[result.index];
    out.push(result);
    next++;
  }
  return out;
}

/**
 * Runs one pass over the file. Returns notes for the operator (read-only columns ignored). A dry
 * run keeps {@link PLAN_CONCURRENCY} chunks in flight; writes go one chunk after the other, in order.
 */
export async function importPass(api: ApiClient, entity: AnyEntity, run: ImportRun): Promise<string[]> {
  const notes: string[] = [];
  const inFlight: Array<Promise<LineResult[]>> = [];
  let read = 0;
  const settle = async () => {
    for (const result of await inFlight.shift()!) run.onResult(result);
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
