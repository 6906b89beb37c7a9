import { Fragment, type ReactNode } from 'react';
import { NamedValueText } from '../entities/NamedValueText.tsx';
import {
  fieldName,
  namedValue,
  sidesOf,
  type ValueGroups,
  type ValueNames,
} from '../entities/value-names.ts';
import type { ImportSummary, PreviewRow } from './import-api.ts';
import type { Verdict } from '#shared/dictionary.ts';

/** The values of a page of the preview, to be named as the lists name them (value-names.ts). */
export function previewGroups(summary: ImportSummary): ValueGroups {
  const rows = summary.rows.flatMap((row) => (row.row ? [row.row] : row.changes ? sidesOf(row.changes) : []));
  return rows.length > 0 ? [{ resource: summary.table, rows }] : [];
}

/**
 * What a row does: the reason it is refused or skipped, each field old → new, or the values it
 * creates; fields by their labels, foreign keys by the rows they point at.
 */
function detail(row: PreviewRow, table: string, names: ValueNames): ReactNode {
  if (row.status === 'rejected') return row.reason ?? 'rejected';
  if (row.status === 'skipped') return row.reason ?? 'skipped';
  const value = (field: string, raw: unknown) => (
    <NamedValueText value={namedValue(names, table, field, raw)} />
  );
  const parts =
    row.status === 'updated'
      ? Object.entries(row.changes ?? {}).map(([field, change]) => (
          <>
            {fieldName(names, table, field)}: {value(field, change.from)} → {value(field, change.to)}
          </>
        ))
      : Object.entries(row.row ?? {}).map(([field, raw]) => (
          <>
            {fieldName(names, table, field)}: {value(field, raw)}
          </>
        ));
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? '; ' : ''}
      {part}
    </Fragment>
  ));
}

/** Each dictionary verdict's badge (issue 46). */
export const VERDICT_BADGE: Record<Verdict, string> = {
  unknown: 'text-bg-warning',
  'proper-noun': 'text-bg-info',
  offensive: 'text-bg-danger',
  alphabet: 'text-bg-secondary',
};

// What Apply would do to the row; a created row's id is only known once it is written.
const LABELS = {
  created: 'Create',
  updated: 'Update',
  unchanged: 'Unchanged',
  rejected: 'Rejected',
  skipped: 'Skipped',
};

/** The dry run's rows that change, are refused or are skipped (repeats), in file order, a page at a time. */
export function PreviewTable({
  summary,
  names,
  onPage,
}: {
  summary: ImportSummary;
  names: ValueNames;
  onPage(page: number): void;
}) {
  if (summary.rows.length === 0) return null;
  return (
    <>
      <div className="table-responsive">
        <table className="table table-sm">
          <caption>
            {summary.flaggedOnly
              ? 'Rows the dictionary flagged'
              : 'Rows that change, are rejected or are skipped'}{' '}
            (page {summary.page} of {summary.totalPages})
          </caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Result</th>
              <th scope="col">Details</th>
              {summary.verdicts ? <th scope="col">Dictionary</th> : null}
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
                <td className="text-break">{detail(row, summary.table, names)}</td>
                {summary.verdicts ? (
                  <td data-verdicts={(row.verdicts ?? []).join(' ')}>
                    {(row.verdicts ?? []).map((verdict) => (
                      <span key={verdict} className={`badge ${VERDICT_BADGE[verdict]} me-1`}>
                        {verdict}
                      </span>
                    ))}
                  </td>
                ) : null}
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
