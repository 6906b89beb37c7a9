import { useId } from 'react';
import { Link } from 'react-router';
import type { AnyEntity, FilterDescription } from '#shared/entities/index.ts';
import { useFilterDraft } from './use-filter-draft.ts';

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
 * afterwards every change reloads the list through the router and resets it to page 1.
 */
export function FilterBar({ entity, values, size, clearTo, onApply }: FilterBarProps) {
  const { draft, change, submit } = useFilterDraft(values, onApply);
  const baseId = useId();
  return (
    <form
      method="get"
      role="search"
      aria-label={`Filter ${entity.labelPlural.toLowerCase()}`}
      className="row g-2 align-items-end mb-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {size !== null ? <input type="hidden" name="size" value={size} /> : null}
      {entity.filters.map((filter) => (
        <div className="col-12 col-sm-6 col-lg-3" key={filter.field}>
          <label className="form-label mb-1" htmlFor={`${baseId}-${filter.field}`}>
            {filter.label}
          </label>
          <FilterInput
            id={`${baseId}-${filter.field}`}
            filter={filter}
            value={draft[filter.field] ?? ''}
            onChange={(value, immediately) => change(filter.field, value, immediately)}
          />
        </div>
      ))}
      <div className="col-auto d-flex gap-2">
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
  onChange(value: string, immediately: boolean): void;
}

function FilterInput({ id, filter, value, onChange }: FilterInputProps) {
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
        className="form-select"
        value={value}
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
  const numeric = filter.kind === 'number' || filter.kind === 'id';
  return (
    <input
      id={id}
      name={filter.field}
      className="form-control"
      type={numeric ? 'number' : 'text'}
      inputMode={numeric ? 'numeric' : undefined}
      min={filter.kind === 'id' ? 1 : undefined}
      step={filter.kind === 'number' ? 'any' : undefined}
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.target.value, false)}
    />
  );
}
