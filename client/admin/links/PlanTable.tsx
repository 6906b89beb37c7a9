export interface PlanRow {
  /** What a checkbox selects: a word id to link, or a link id to remove. */
  key: number;
  letters: string;
  detail: string;
}

/** A plan's rows with a checkbox each, and Select all / none. */
export function PlanTable({
  id,
  title,
  rows,
  selected,
  onChange,
  disabled,
  empty,
}: {
  id: string;
  title: string;
  rows: readonly PlanRow[];
  selected: ReadonlySet<number>;
  onChange(next: Set<number>): void;
  disabled: boolean;
  empty: string;
}) {
  const toggle = (key: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(key);
    else next.delete(key);
    onChange(next);
  };
  return (
    <section className="card card-body mb-3" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h5 d-flex flex-wrap gap-2 align-items-baseline">
        {title} <span className="badge text-bg-secondary">{rows.length}</span>
      </h2>
      {rows.length === 0 ? (
        <p className="mb-0 text-body-secondary">{empty}</p>
      ) : (
        <>
          <div className="d-flex flex-wrap gap-2 mb-2">
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={disabled}
              onClick={() => onChange(new Set(rows.map((r) => r.key)))}
            >
              Select all
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              disabled={disabled}
              onClick={() => onChange(new Set())}
            >
              Select none
            </button>
            <span className="small text-body-secondary align-self-center">
              {selected.size} of {rows.length} selected
            </span>
          </div>
          <ul className="list-unstyled mb-0 link-plan-rows" data-plan={id}>
            {rows.map((row) => (
              <li key={row.key} className="form-check">
                <input
                  className="form-check-input"
                  type="checkbox"
                  id={`${id}-${row.key}`}
                  checked={selected.has(row.key)}
                  disabled={disabled}
                  onChange={(event) => toggle(row.key, event.currentTarget.checked)}
                />
                <label className="form-check-label" htmlFor={`${id}-${row.key}`}>
                  {row.letters} <span className="small text-body-secondary">{row.detail}</span>
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
