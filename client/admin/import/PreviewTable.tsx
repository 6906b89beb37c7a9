import type { ImportSummary, PreviewRow } from './import-api.ts';

const shown = (value: unknown) =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** What a row does: the reason it is refused, each field old → new, or the values it creates. */
function detail(row: PreviewRow): string {
  if (row.status === 'rejected') return row.reason ?? 'rejected';
  if (row.status === 'skipped') return row.reason ?? 'skipped';
  if (row.status === 'updated')
    return Object.entries(row.changes ?? {})
      .map(([field, change]) => `${field}: ${shown(change.from)} → ${shown(change.to)}`)
      .join('; ');
  return Object.entries(row.row ?? {})
    .map(([field, value]) => `${field}: ${shown(value)}`)
    .join('; ');
}

// What Apply would do to the row; a created row's id is only known once it is written.
const LABELS = {
  created: 'Create',
  updated: 'Update',
  unchanged: 'Unchanged',
  rejected: 'Rejected',
  skipped: 'Skipped',
};

/** The dry run's rows that change, are refused or are skipped (repeats), in file order, a page at a time. */
export function PreviewTable({ summary, onPage }: { summary: ImportSummary; onPage(page: number): void }) {
  if (summary.rows.length === 0) return null;
  return (
    <>
      <div className="table-responsive">
        <table className="table table-sm">
          <caption>
            Rows that change, are rejected or are skipped (page {summary.page} of {summary.totalPages})
          </caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Result</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {summary.rows.map((row) => (
              <tr key={`${row.line}-${row.status}`} data-import-row={row.status}>
                <td>{row.line}</td>
                <td>
                  {LABELS[row.status]}
                  {row.status === 'updated' && row.id !== undefined ? ` #${row.id}` : ''}
                </td>
                <td className="text-break">{detail(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {summary.totalPages > 1 ? (
        <nav aria-label="Preview pages" className="d-flex gap-2 align-items-center mb-3">
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={summary.page <= 1}
            onClick={() => onPage(summary.page - 1)}
          >
            Previous
          </button>
          <span>
            Page {summary.page} of {summary.totalPages}
          </span>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={summary.page >= summary.totalPages}
            onClick={() => onPage(summary.page + 1)}
          >
            Next
          </button>
        </nav>
      ) : null}
    </>
  );
}
