import type { ReactNode } from 'react';

/** A history screen's URL: its filters that are set, and the page from the second on. */
export function historyHref<F extends { [K in keyof F]: string }>(
  path: string,
  filters: F,
  page: number,
): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries<string>(filters)) if (value) params.set(name, value);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

type FilterProps = { id: string; name: string; label: string; value: string; className?: string };

function Labelled({
  id,
  label,
  className,
  children,
}: Omit<FilterProps, 'name' | 'value'> & { children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A GET form's choice: All (empty) or one of `choices`. */
export function SelectFilter({ choices, ...props }: FilterProps & { choices: readonly string[] }) {
  return (
    <Labelled {...props}>
      <select id={props.id} name={props.name} className="form-select" defaultValue={props.value}>
        <option value="">All</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

/** A GET form's free text (or a number, with `numeric`). */
export function TextFilter({ numeric, ...props }: FilterProps & { numeric?: boolean }) {
  return (
    <Labelled {...props}>
      <input
        id={props.id}
        name={props.name}
        inputMode={numeric ? 'numeric' : undefined}
        className="form-control"
        defaultValue={props.value}
      />
    </Labelled>
  );
}
