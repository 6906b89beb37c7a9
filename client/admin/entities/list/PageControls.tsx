import { useId, useState } from 'react';
import { pageProblem } from '../readable-messages.ts';
import { PAGE_SIZES } from './url-state.ts';

interface PageControlsProps {
  page: number;
  lastPage: number;
  /** The chosen page size; null while the server's default applies. */
  size: number | null;
  /** The server's default size when known (it is, while no size is chosen). */
  defaultSize: number | null;
  /** The list's other query parameters (filters), so the form also works before JavaScript. */
  keep: Array<[string, string]>;
  onPage(page: number): void;
  onSize(size: number | null): void;
}

/**
 * 'Go to page' (a typed page number, checked against the pages there are) and 'Rows per page'. A
 * GET form, so both work before JavaScript too; afterwards a size applies as soon as it is chosen.
 */
export function PageControls({ page, lastPage, size, defaultSize, keep, onPage, onSize }: PageControlsProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const sizes: Array<[string, string]> = PAGE_SIZES.map((n) => [String(n), String(n)]);
  const standard: [string, string] = ['', defaultSize ? `${defaultSize} (default)` : 'Default'];
  const at = defaultSize ? sizes.findIndex(([n]) => Number(n) > defaultSize) : 0;
  sizes.splice(at < 0 ? sizes.length : at, 0, standard);

  return (
    <form
      method="get"
      noValidate
      className="d-flex flex-wrap align-items-start column-gap-4 row-gap-2 panel-page-controls"
      aria-label="Page and page size"
      onSubmit={(event) => {
        event.preventDefault();
        const found = pageProblem(typed, lastPage);
        setProblem(found);
        if (found) return;
        setTyped('');
        if (Number(typed) !== page) onPage(Number(typed));
      }}
    >
      {keep.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="d-flex flex-wrap align-items-center gap-2">
        <label htmlFor={`${id}-page`} className="mb-0">
          Go to page
        </label>
        <input
          id={`${id}-page`}
          name="page"
          className={`form-control panel-page-input${problem ? ' is-invalid' : ''}`}
          inputMode="numeric"
          autoComplete="off"
          placeholder={String(page)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setProblem(null);
          }}
        />
        <button type="submit" className="btn btn-secondary">
          Go
        </button>
        {problem ? (
          <div id={`${id}-problem`} role="alert" className="invalid-feedback d-block w-100 mt-0">
            {problem}
          </div>
        ) : null}
      </div>
      <div className="d-flex align-items-center gap-2">
        <label htmlFor={`${id}-size`} className="mb-0">
          Rows per page
        </label>
        <select
          id={`${id}-size`}
          name="size"
          className="form-select w-auto"
          value={size === null ? '' : String(size)}
          onChange={(event) => onSize(event.target.value === '' ? null : Number(event.target.value))}
        >
          {sizes.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
