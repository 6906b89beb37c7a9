import type { ReleaseDiff } from '#shared/releases/api.ts';
import { DIFF_TABLE_LABELS, DIFF_TABLES } from '#shared/releases/tables.ts';
import { countsText } from '#shared/releases/diff.ts';

const value = (v: unknown) => (typeof v === 'string' ? `“${v}”` : JSON.stringify(v ?? null));

/** A diff: counts per table (tables without a change left out), then each row with its fields. */
export function DiffView({ diff, id }: { diff: ReleaseDiff; id: string }) {
  if (diff.changes === 0) return <p className="mb-0">No changes.</p>;
  return (
    <div data-testid={id}>
      <ul className="list-inline mb-2">
        {DIFF_TABLES.filter((table) => countsText(diff.tables[table]) !== 'no change').map((table) => (
          <li key={table} className="list-inline-item me-3">
            <strong>{DIFF_TABLE_LABELS[table]}:</strong> {countsText(diff.tables[table])}
          </li>
        ))}
      </ul>
      <ul className="small mb-0 release-diff-rows">
        {diff.rows.map((row, index) => (
          <li key={index} data-action={row.action}>
            <span className={`badge ${BADGES[row.action]}`}>{row.action}</span>{' '}
            {DIFF_TABLE_LABELS[row.table].replace(/s$/, '').toLowerCase()}{' '}
            {row.language ? `${row.language} ` : ''}
            {row.name}
            {row.fields
              ? `: ${Object.entries(row.fields)
                  .map(([field, change]) => `${field} ${value(change.from)} → ${value(change.to)}`)
                  .join(', ')}`
              : null}
          </li>
        ))}
        {diff.truncated > 0 ? <li>… and {diff.truncated} more rows (counted above)</li> : null}
      </ul>
    </div>
  );
}

const BADGES = { added: 'text-bg-success', removed: 'text-bg-danger', changed: 'text-bg-secondary' } as const;
