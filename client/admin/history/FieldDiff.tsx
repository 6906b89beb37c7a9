import { fieldLabel, shown } from './values.ts';

/** One field's change: its value before and after (undefined where the side does not exist). */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/**
 * Field | Before | After, a row per field (the audit entries, a change set's entries, an undo's
 * plan). A side that does not exist (before a create, after a delete) shows as a dash.
 */
export function FieldDiff({
  caption,
  changes,
  hasBefore = true,
  hasAfter = true,
  labels = ['Before', 'After'],
}: {
  caption: string;
  changes: readonly FieldChange[];
  hasBefore?: boolean;
  hasAfter?: boolean;
  labels?: readonly [string, string];
}) {
  return (
    <div className="table-responsive">
      <table className="table table-sm mb-2 audit-diff">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">{labels[0]}</th>
            <th scope="col">{labels[1]}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map(({ field, from, to }) => (
            <tr key={field}>
              <th scope="row" className="fw-normal">
                {fieldLabel(field)}
              </th>
              <td className="text-break">{hasBefore ? <del>{shown(from)}</del> : '—'}</td>
              <td className="text-break">{hasAfter ? <ins>{shown(to)}</ins> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A `{ field: { from, to } }` record as rows, without the id (the heading names the record). */
export function changesOf(record: Record<string, { from: unknown; to: unknown }>): FieldChange[] {
  return Object.entries(record)
    .filter(([field]) => field !== 'id')
    .map(([field, { from, to }]) => ({ field, from, to }));
}
