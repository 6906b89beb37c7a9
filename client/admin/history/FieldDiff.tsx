import { NamedValueText } from '../entities/NamedValueText.tsx';
import { fieldName, namedValue, NO_NAMES, type ValueNames } from '../entities/value-names.ts';

/** One field's change: its value before and after (undefined where the side does not exist). */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/**
 * Field | Before | After, a row per field (the audit entries, a change set's entries, an undo's
 * plan). A side that does not exist (before a create, after a delete) shows as a dash. Fields are
 * named by the entity's labels and foreign keys by the rows they point at, as the lists name them
 * (`names`, from the screen's loader; without them, the ids).
 */
export function FieldDiff({
  caption,
  resource,
  names = NO_NAMES,
  changes,
  hasBefore = true,
  hasAfter = true,
  labels = ['Before', 'After'],
}: {
  caption: string;
  /** The audited resource the record belongs to (`levels`). */
  resource: string;
  names?: ValueNames;
  changes: readonly FieldChange[];
  hasBefore?: boolean;
  hasAfter?: boolean;
  labels?: readonly [string, string];
}) {
  const value = (field: string, raw: unknown) => (
    <NamedValueText value={namedValue(names, resource, field, raw)} />
  );
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
                {fieldName(names, resource, field)}
              </th>
              <td className="text-break">{hasBefore ? <del>{value(field, from)}</del> : '—'}</td>
              <td className="text-break">{hasAfter ? <ins>{value(field, to)}</ins> : '—'}</td>
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
