import { useEffect, useId, useRef } from 'react';
import { shownTime, type Conflict } from './conflict.ts';

/**
 * "Changed by NAME at TIME since you opened it": their values beside yours for each field they
 * changed, and the two ways on — take theirs (reload), or write yours over it (overwrite, with the
 * version just read). The input stays in the form until the user picks one.
 */
export function ConflictPanel({
  conflict,
  busy,
  onReload,
  onOverwrite,
}: {
  conflict: Conflict;
  busy: boolean;
  onReload(): void;
  onOverwrite(): void;
}) {
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen-reader users land on it (it may sit below a long form's fold).
  useEffect(() => {
    title.current?.focus();
  }, [conflict]);
  const who = conflict.changedBy
    ? `Changed by ${conflict.changedBy.username} at ${shownTime(conflict.changedBy.at)} since you opened it`
    : 'Changed by someone else since you opened it';
  const deleting = conflict.action === 'delete';
  return (
    <section className="alert alert-warning conflict-panel" role="alert" aria-labelledby={titleId}>
      <h2 id={titleId} className="h6 mb-2" tabIndex={-1} ref={title}>
        {who}
      </h2>
      <p className="mb-2">
        {deleting
          ? 'Nothing was deleted. Look at their changes first.'
          : 'Your changes are not saved yet. Their values are beside yours:'}
      </p>
      {conflict.fields.length > 0 ? (
        <div className="table-responsive">
          <table className="table table-sm mb-2">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Theirs</th>
                <th scope="col">Yours</th>
              </tr>
            </thead>
            <tbody>
              {conflict.fields.map((field) => (
                <tr key={field.name} data-field={field.name}>
                  <th scope="row">{field.label}</th>
                  <td className="text-break">{field.theirs}</td>
                  <td className="text-break">{field.yours}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline-dark" disabled={busy} onClick={onReload}>
          Reload their version
        </button>
        <button type="button" className="btn btn-dark" disabled={busy} onClick={onOverwrite}>
          {deleting ? 'Delete anyway' : 'Overwrite with mine'}
        </button>
      </div>
    </section>
  );
}
