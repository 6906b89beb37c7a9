import { ApiError, type ApiClient } from '#shared/api-client/index.ts';
import type { AnyEntity } from '#shared/entities/index.ts';
import { MAX_BULK_ROWS, type BulkResponse, type BulkRowResult } from '#shared/entities/bulk.ts';
import { CONCURRENCY } from './limited.ts';
import { PerRowUpserter } from './per-row.ts';

export type Counts = BulkResponse['counts'];

export interface UpsertOptions {
  dryRun: boolean;
  /** Rows per bulk request (at most {@link MAX_BULK_ROWS}). */
  batchSize?: number;
  /** Rows finished so far, after each request (or row, without bulk endpoints). */
  onProgress?: (done: number) => void;
  /** A line for the operator (e.g. that the backend has no bulk endpoint). */
  notify?: (line: string) => void;
  /**
   * Leave unchanged rows out of `results` (they are still counted): a dictionary imported again
   * is hundreds of thousands of them, each an object to send, parse and keep for nothing.
   */
  changesOnly?: boolean;
}

export interface UpsertOutcome {
  counts: Counts;
  /** One per row (per changed or rejected row with `changesOnly`), `index` being its position in the rows given. */
  results: BulkRowResult[];
  /** True when the backend had no bulk endpoint and each row was one call. */
  perRow: boolean;
}

export const emptyCounts = (): Counts => ({ created: 0, updated: 0, unchanged: 0, rejected: 0 });

/**
 * Creates or updates rows on the entity's natural key through `POST {resource}/cms/bulk`, a batch
 * at a time; each batch is one transaction on the server, so an interrupted job leaves whole
 * batches and a re-run completes it without duplicates. A backend without the endpoint (404/405)
 * gets the same job as one call per row ({@link PerRowUpserter}), {@link CONCURRENCY} at a time.
 */
export async function upsertRows(
  api: ApiClient,
  entity: AnyEntity,
  rows: ReadonlyArray<Record<string, unknown>>,
  options: UpsertOptions,
): Promise<UpsertOutcome> {
  const batchSize = Math.min(options.batchSize ?? 1000, MAX_BULK_ROWS);
  const counts = emptyCounts();
  const results: BulkRowResult[] = [];
  let perRow: PerRowUpserter | null = null;
  let done = 0;
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    let answered: BulkRowResult[] | null = null;
    let unchanged = 0;
    if (perRow === null) {
      try {
        const answer = await api
          .resource(entity.name)
          .bulk(batch, { dryRun: options.dryRun, changesOnly: options.changesOnly === true });
        answered = answer.results;
        // A backend that ignores changesOnly answers every row: they are counted below instead.
        if (options.changesOnly) {
          const listed = answered.reduce((n, r) => n + (r.status === 'unchanged' ? 1 : 0), 0);
          unchanged = answer.counts.unchanged - listed;
        }
      } catch (error) {
        if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 405)) throw error;
        options.notify?.(
          `The API has no bulk endpoint for ${entity.labelPlural.toLowerCase()} (${error.status}): ` +
            `one call per row instead, ${CONCURRENCY} at a time.`,
        );
        perRow = new PerRowUpserter(api, entity, rows);
      }
    }
    if (answered === null) {
      answered = await perRow!.upsert(batch, options.dryRun, () => options.onProgress?.(++done));
      done = start + batch.length;
    } else {
      done = start + batch.length;
      options.onProgress?.(done);
    }
    counts.unchanged += unchanged;
    for (const result of answered) {
      counts[result.status]++;
      if (options.changesOnly && result.status === 'unchanged') continue;
      result.index += start;
      results.push(result);
    }
  }
  return { counts, results, perRow: perRow !== null };
}

export function addCounts(into: Counts, more: Counts): Counts {
  for (const status of Object.keys(into) as Array<keyof Counts>) into[status] += more[status];
  return into;
}
