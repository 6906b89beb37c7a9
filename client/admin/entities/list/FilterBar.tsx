import { useId } from 'react';
import { Link } from 'react-router';
import type { AnyEntity, FilterDescription } from '#shared/entities/index.ts';
import { filterProblem } from '../readable-messages.ts';
import { useFilterDraft } from './use-filter-draft.ts';
import { listFilters } from './list-extras.ts';

interface FilterBarProps {
  entity: AnyEntity;
  values: Record<string, string>;
  /** The chosen page size, kept when the form is sent without JavaScript. */
  size: number | null;
  /** The list without any filter: what 'Clear All Filters' goes to. */
  clearTo: string;
  onApply(filters: Record<string, string>): void;
}

/**
 * Exactly the list's filters (SPEC §2). A real GET form, so it also works before JavaScript runs;
 * afterwards every change reloads the list through the router and resets it to page 1. A value no
 * row could match is marked on its field with what to type instead (readable-messages.ts).
 */
export function FilterBar({ entity, values, size, clearTo, onApply }: FilterBarProps) {
  const { draft, change, submit } = useFilterDraft(values, onApply);
  const baseId = useId();
  return (
    <form
      method="get"
      role="search"
      noValidate
      aria-label={`Filter ${entity.labelPlural.toLowerCase()}`}
      className="row g-2 align-items-start mb-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {size !== null ? <input type="hidden" name="size" value={size} /> : null}
      {listFilters(entity).map((filter) => {
        const id = `${baseId}-${filter.field}`;
        const problem = filterProblem(entity, filter, draft[filter.field] ?? '');
        return (
          <div className="col-12 col-sm-6 col-lg-3" key={filter.field}>
            <label className="form-label mb-1" htmlFor={id}>
              {filter.label}
            </label>
            <FilterInput
              id={id}
              filter={filter}
              value={draft[filter.field] ?? ''}
              problemId={problem ? `${id}-problem` : null}
              onChange={(value, immediately) => change(filter.field, value, immediately)}
            />
            {problem ? (
              <div id={`${id}-problem`} className="invalid-feedback d-block">
                {problem}
              </div>
            ) : null}
          </div>
        );
      })}
      <div className="col-auto d-flex gap-2 align-self-end">
        <button type="submit" className="btn btn-primary">
          Search
        </button>
        <Link className="btn btn-secondary" to={clearTo}>
          Clear All Filters
        </Link>
      </div>
    </form>
  );
}

interface FilterInputProps {
  id: string;
  filter: FilterDescription;
  value: string;
  /** The id of the message saying what is wrong with the value, if anything is. */
  problemId: string | null;
  onChange(value: string, immediately: boolean): void;
}

function FilterInput({ id, filter, value, problemId, onChange }: FilterInputProps) {
  const invalid = problemId !== null;
  const describe = {
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': problemId ?? undefined,
  } as const;
  if (filter.kind === 'bool' || filter.kind === 'choice') {
    const options: Array<[string, string]> =
      filter.kind === 'bool'
        ? [
            ['', filter.options?.all ?? 'All'],
            ['true', filter.options?.true ?? 'True'],
            ['false', filter.options?.false ?? 'False'],
          ]
        : [['', 'All'], ...(filter.choices ?? []).map((c): [string, string] => [c, c])];
    return (
      <select
        id={id}
        name={filter.field}
        className={`form-select${invalid ? ' is-invalid' : ''}`}
        value={options.some(([option]) => option === value) ? value : ''}
        {...describe}
        onChange={(event) => onChange(event.target.value, true)}
      >
        {options.map(([optionValue, label]) => (
          <option key={optionValue} value={optionValue}>
            {label}
          </option>
        ))}
      </select>
    );
  }
  // Numbers are typed into text inputs: a number input hides what it cannot parse (it reports ''),
  // and every typed character must reach the check that explains what is wrong.
  const numeric = filter.kind === 'number' || filter.kind === 'id';
  return (
    <input
      id={id}
      name={filter.field}
      className={`form-control${invalid ? ' is-invalid' : ''}`}
      type="text"
      inputMode={filter.kind === 'id' ? 'numeric' : numeric ? 'decimal' : undefined}
      autoComplete="off"
      spellCheck={numeric ? false : undefined}
      value={value}
      {...describe}
      onChange={(event) => onChange(event.target.value, false)}
    />
  );
}
