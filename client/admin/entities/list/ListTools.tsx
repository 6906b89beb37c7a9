import type { AnyEntity } from '#shared/entities/index.ts';
import { Link } from 'react-router';
import { PROXY_PATH } from '#shared/panel-paths.ts';
import { listScreens } from './list-extras.ts';
import type { ListState } from './url-state.ts';

/** `{resource}/cms/export?format=…` through the panel proxy, with the screen's filters and sort. */
export function exportHref(entity: AnyEntity, state: ListState, format: 'csv' | 'json'): string {
  const params = new URLSearchParams({ format });
  for (const [field, value] of Object.entries(state.filters))
    if (value.trim() !== '') params.set(field, value);
  if (state.sort)
    params.set('sort', state.sort.dir === 'desc' ? `${state.sort.field}:desc` : state.sort.field);
  return `${PROXY_PATH}/${entity.resource}/cms/export?${params.toString()}`;
}

interface ListToolsProps {
  entity: AnyEntity;
  state: ListState;
  hidden: readonly string[];
  onHidden(hidden: string[]): void;
  /** A filter to correct: there is nothing to export. */
  blocked: boolean;
}

/**
 * Export (CSV, JSON: every row the filters match, in the list's order, streamed by the server) and
 * the column chooser (a disclosure, usable before hydration; choices are kept per table).
 */
export function ListTools({ entity, state, hidden, onHidden, blocked }: ListToolsProps) {
  const plural = entity.labelPlural.toLowerCase();
  return (
    <div className="panel-list-tools d-flex flex-wrap align-items-start gap-2 mb-2">
      {(['csv', 'json'] as const).map((format) =>
        blocked ? null : (
          <a
            key={format}
            className="btn btn-sm btn-outline-secondary"
            href={exportHref(entity, state, format)}
            download={`${entity.resource}.${format}`}
          >
            Export {format.toUpperCase()}
            <span className="visually-hidden">{` of the ${plural} the filters match`}</span>
          </a>
        ),
      )}
      {blocked
        ? null
        : listScreens(entity, state.filters).map((screen) => (
            <Link key={screen.href} className="btn btn-sm btn-outline-secondary" to={screen.href}>
              {screen.label}
            </Link>
          ))}
      <details className="panel-column-chooser">
        <summary className="btn btn-sm btn-outline-secondary">Columns</summary>
        <fieldset className="panel-column-menu card card-body">
          <legend className="h6">Columns shown</legend>
          {entity.columns.map((column) => {
            const id = `column-${entity.name}-${column.field}`;
            return (
              <div className="form-check" key={column.field}>
                <input
                  id={id}
                  type="checkbox"
                  className="form-check-input"
                  checked={!hidden.includes(column.field)}
                  onChange={(event) =>
                    onHidden(
                      event.target.checked
                        ? hidden.filter((field) => field !== column.field)
                        : [...hidden, column.field],
                    )
                  }
                />
                <label className="form-check-label" htmlFor={id}>
                  {column.label}
                </label>
              </div>
            );
          })}
        </fieldset>
      </details>
    </div>
  );
}
