import type { BulkResponse } from '#shared/entities/bulk.ts';
import type { BulkEditResponse } from '#shared/entities/bulk-edit.ts';
import type { PlannedWrite } from './recording-api.ts';

/** Lines of the plan printed in full; the rest are counted (all of them are in `--json`). */
const SHOWN = 100;

const value = (v: unknown) => JSON.stringify(v) ?? 'undefined';

function fieldList(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .map(([name, v]) => `${name}=${value(v)}`)
    .join(', ');
}

function changeList(changes: Record<string, { from: unknown; to: unknown }>): string {
  const parts = Object.entries(changes).map(([name, c]) => `${name} ${value(c.from)} → ${value(c.to)}`);
  return parts.length > 0 ? parts.join(', ') : 'no change';
}

/** One line per planned write: method, resource, id, fields `old → new` where known. */
export function writeLine(write: PlannedWrite): string {
  const { resource } = write;
  switch (write.method) {
    case 'create':
      return `create ${resource}: ${fieldList(write.fields ?? {})}`;
    case 'update':
      return `update ${resource} ${write.id}: ${changeList(write.changes ?? {})}`;
    case 'remove':
      return `delete ${resource} ${write.id}`;
    case 'bulk': {
      const { counts } = write.answer as BulkResponse;
      return (
        `bulk upsert ${resource} (${String(write.target?.rows)} rows): ${counts.created} created, ` +
        `${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.rejected} rejected`
      );
    }
    default: {
      const answer = write.answer as BulkEditResponse;
      const verb = write.method === 'bulkUpdate' ? 'bulk update' : 'bulk delete';
      const target = write.target?.ids
        ? `${(write.target.ids as unknown[]).length} ids`
        : `where ${fieldList((write.target?.where ?? {}) as Record<string, unknown>) || '(all rows)'}`;
      const first = answer.sample[0];
      return (
        `${verb} ${resource} (${target}): ${answer.matched} match, ${answer.changed} would change, ` +
        `${answer.refused} refused` +
        (first && write.method === 'bulkUpdate' ? `; e.g. ${first.id}: ${changeList(first.changes)}` : '')
      );
    }
  }
}

/** The dry run's report: a summary line, then the writes (the first {@link SHOWN}). */
export function planText(file: string, writes: readonly PlannedWrite[], stopped: boolean): string {
  const head = stopped
    ? `Dry run of ${file} stopped by an error after ${writes.length} planned write${writes.length === 1 ? '' : 's'}; nothing was sent.`
    : writes.length === 0
      ? `Dry run of ${file}: no writes planned.`
      : `Dry run of ${file}: ${writes.length} write${writes.length === 1 ? '' : 's'} planned, nothing sent. ` +
        'Run with --no-dry-run to apply.';
  const lines = writes.slice(0, SHOWN).map((write) => `  ${writeLine(write)}`);
  if (writes.length > SHOWN) lines.push(`  … and ${writes.length - SHOWN} more (all of them with --json)`);
  return [head, ...lines].join('\n');
}
