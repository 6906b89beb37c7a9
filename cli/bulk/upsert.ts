import { ApiError, type ApiClient } from '#shared/api-client/index.ts';
import type { AnyEntity } from '#shared/entities/index.ts';
import { MAX_BULK_ROWS, type BulkResponse, type BulkRowResult } from '#shared/entities/bulk.ts';
import { CONCURRENCY, mapLimited } from './limited.ts';
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
  /**
   * Batches sent before the answer to the previous one (default 1), for rows that do not depend on
   * each other: the server then never waits for the client between two transactions.
   */
  inFlight?: number;
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
 * With `inFlight` above 1, the batches after the first overlap; results stay in the rows' order.
 */
export async function upsertRows(
  api: ApiClient,
  entity: AnyEntity,
  rows: ReadonlyArray<Record<string, unknown>>,
  options: UpsertOptions,
): Promise<UpsertOutcome> {
  const batchSize = Math.min(options.batchSize ?? 1000, MAX_BULK_ROWS);
  const starts: number[] = [];
  for (let start = 0; start < rows.length; start += batchSize) starts.push(start);
  const batchAt = (start: number) => rows.slice(start, start + batchSize);
  let done = 0;
  const bulk = async (start: number): Promise<Answer> => {
    const { counts, results } = await api
      .resource(entity.name)
      .bulk(batchAt(start), { dryRun: options.dryRun, changesOnly: options.changesOnly === true });
    done += Math.min(batchSize, rows.length - start);
    options.onProgress?.(done);
    // A backend that ignores changesOnly lists every row: those are counted once, from the rows.
    const listed = results.reduce((n, r) => n + (r.status === 'unchanged' ? 1 : 0), 0);
    return { results, unlisted: options.changesOnly ? counts.unchanged - listed : 0 };
  };
  const answers: Answer[] = [];
  let perRow: PerRowUpserter | null = null;
  if (starts.length > 0) {
    // The first batch alone: its answer says whether the backend has the bulk endpoint at all.
    try {
      answers.push(await bulk(0));
    } catch (error) {
      if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 405)) throw error;
      options.notify?.(
        `The API has no bulk endpoint for ${entity.labelPlural.toLowerCase()} (${error.status}): ` +
          `one call per row instead, ${CONCURRENCY} at a time.`,
      );
      perRow = new PerRowUpserter(api, entity, rows);
    }
  }
  if (perRow === null) {
    answers.push(...(await mapLimited(starts.slice(1), options.inFlight ?? 1, bulk)));
  } else {
    for (const start of starts) {
      const results = await perRow.upsert(batchAt(start), options.dryRun, () => options.onProgress?.(++done));
      answers.push({ results, unlisted: 0 });
    }
  }
  const counts = emptyCounts();
  const results: BulkRowResult[] = [];
  answers.forEach((answer, i) => {
    counts.unchanged += answer.unlisted;
    for (const result of answer.results) {
      counts[result.status]++;
      if (options.changesOnly && result.status === 'unchanged') continue;
      result.index += starts[i]!;
      results.push(result);
    }
  });
  return { counts, results, perRow: perRow !== null };
}

/** A batch's listed results, and its unchanged rows the backend counted without listing them. */
interface Answer {
  results: BulkRowResult[];
  unlisted: number;
}

export function addCounts(into: Counts, more: Counts): Counts {
  for (const status of Object.keys(into) as Array<keyof Counts>) into[status] += more[status];
  return into;
}
