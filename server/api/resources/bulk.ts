import { parseEntityInput, type AnyEntity } from '#shared/entities/index.ts';
import type { BulkResponse, BulkRowResult } from '#shared/entities/bulk.ts';
import type { ChangeContext } from '../audit/record.ts';
import { ApiError } from '../http/errors.ts';
import { findByNaturalKey, type Tx } from './integrity.ts';
import { fromRow } from './rows.ts';
import { createRecord, updateRecord } from './writes.ts';

/**
 * Upserts rows on the entity's natural key, in the caller's transaction: a row that matches an
 * existing one updates the fields it gives (or is `unchanged`), any other is created. A row that
 * fails validation or the integrity checks is `rejected` with the reason; the others still apply.
 */
export async function bulkUpsert(
  tx: Tx,
  entity: AnyEntity,
  rows: readonly unknown[],
  ctx: ChangeContext,
): Promise<Omit<BulkResponse, 'dryRun'>> {
  const results: BulkRowResult[] = [];
  for (const [index, row] of rows.entries()) {
    const parsed = parseEntityInput(entity, 'create', row);
    if (!parsed.ok) {
      results.push({ index, status: 'rejected', reason: parsed.message, fieldErrors: parsed.fieldErrors });
      continue;
    }
    const input = parsed.value as Record<string, unknown>;
    try {
      const match = await findByNaturalKey(tx, entity, input);
      if (match) {
        const { record, changed } = await updateRecord(tx, entity, fromRow(entity, match), input, ctx);
        results.push({ index, status: changed ? 'updated' : 'unchanged', id: record.id as number });
      } else {
        const record = await createRecord(tx, entity, input, ctx);
        results.push({ index, status: 'created', id: record.id as number });
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      results.push({
        index,
        status: 'rejected',
        reason: error.message,
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
      });
    }
  }
  const counts = { created: 0, updated: 0, unchanged: 0, rejected: 0 };
  for (const result of results) counts[result.status]++;
  return { counts, results };
}
