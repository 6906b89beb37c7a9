import { Link } from 'react-router';
import type { AnyEntity, ColumnDescription } from '#shared/entities/index.ts';
import type { Row } from '../entity-api.ts';
import { formHref } from '../list-return.ts';
import { editPath } from '../paths.ts';
import { cellProps } from './cell-props.ts';
import { cellText } from './cell-text.ts';
import { useExtraColumn } from './extra-columns.tsx';
import { fkTitle, rowTitle, type Titles } from './titles.ts';
import { sortableFields, type ListSort } from './url-state.ts';

interface ListTableProps {
  entity: AnyEntity;
  rows: Row[];
  busy: boolean;
  /** The list's query, carried by Edit so the form returns to this very page. */
  listQuery: string;
  /** The record a form just saved: marked (colour, a 'Saved' badge) and scrolled to. */
  savedId: number | null;
  /** Shown instead of 'No … found.' when the list was not searched (a filter to correct). */
  emptyText?: string;
  onDelete(row: Row): void;
  sort: ListSort | null;
  /** The list's URL sorted by this field (the next direction). */
  sortHref(field: string): string;
  titles: Titles;
  /** Columns the user hid (the column chooser). */
  hidden: readonly string[];
  selected: ReadonlySet<number>;
  onSelect(ids: number[], on: boolean): void;
}

const ID_COLUMN: ColumnDescription = { field: 'id', label: 'ID' };

function SortHeader(props: { column: ColumnDescription; sort: ListSort | null; href: string | null }) {
  const { column, sort, href } = props;
  if (!href) return <th scope="col">{column.label}</th>;
  const dir = sort?.field === column.field ? sort.dir : null;
  return (
    <th scope="col" aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}>
      <Link to={href} preventScrollReset className="panel-sort-link">
        {column.label}
        <span aria-hidden="true" className="panel-sort-mark">
          {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
        </span>
      </Link>
    </th>
  );
}

/** A cell: a foreign key is the title of the row it points at, linked to that row's form. */
/** A plain cell's text (long text gets a tooltip and a tab stop); '' for a link, which has its own. */
function plainText(entity: AnyEntity, row: Row, field: string): string {
  const description = entity.fields[field];
  if (description?.kind === 'fk' && typeof row[field] === 'number') return '';
  return cellText(description, row[field]);
}

function Cell({
  entity,
  row,
  field,
  titles,
}: {
  entity: AnyEntity;
  row: Row;
  field: string;
  titles: Titles;
}) {
  const description = entity.fields[field];
  const target = description?.kind === 'fk' ? description.references : undefined;
  const id = row[field];
  if (target && typeof id === 'number') {
    return (
      <Link to={editPath(target, id)} title={`${description!.label} ${id}`}>
        {fkTitle(entity, row, field, titles)}
      </Link>
    );
  }
  return <>{cellText(description, row[field])}</>;
}

/**
 * The list's rows: a selection box, the ID, the SPEC §2 columns the user has not hidden (sortable
 * headers are links that toggle the order), then the actions: Edit always, Delete where allowed.
 * Each cell names its column (`data-label`) so narrow screens can show a row as a card.
 */
export function ListTable(props: ListTableProps) {
  const { entity, rows, busy, listQuery, savedId, emptyText, onDelete, sort, titles, selected } = props;
  const label = entity.label.toLowerCase();
  const extra = useExtraColumn(entity, listQuery);
  const sortable = sortableFields(entity);
  const columns = [ID_COLUMN, ...entity.columns.filter((column) => !props.hidden.includes(column.field))];
  const pageIds = rows.map((row) => row.id);
  const allOnPage = rows.length > 0 && pageIds.every((id) => selected.has(id));
  return (
    // Focusable, so keyboard users can scroll a table wider than the screen (WCAG 2.1.1).
    <div className="table-responsive" tabIndex={0} role="region" aria-label={`${entity.labelPlural} table`}>
      <table
        className={`table table-striped table-hover table-sm align-middle panel-list-table${extra ? ' panel-list-table-extra' : ''}`}
      >
        <caption className="visually-hidden">{entity.labelPlural}</caption>
        <thead>
          <tr>
            <th scope="col" className="panel-select-cell">
              <input
                type="checkbox"
                className="form-check-input"
                aria-label={`Select every ${label} on this page`}
                checked={allOnPage}
                disabled={rows.length === 0}
                onChange={(event) => props.onSelect(pageIds, event.target.checked)}
              />
            </th>
            {columns.map((column) => (
              <SortHeader
                key={column.field}
                column={column}
                sort={sort}
                href={sortable.includes(column.field) ? props.sortHref(column.field) : null}
              />
            ))}
            {extra ? <th scope="col">{extra.header}</th> : null}
            <th scope="col" className="panel-actions">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length + (extra ? 3 : 2)} className="panel-empty-cell">
                {emptyText ?? `No ${entity.labelPlural.toLowerCase()} found.`}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={row.id}
                className={row.id === savedId ? 'panel-row-saved' : undefined}
                data-saved={row.id === savedId ? '' : undefined}
              >
                <td className="panel-select-cell" data-label="Select">
                  <input
                    type="checkbox"
                    className="form-check-input"
                    aria-label={`Select ${label} ${rowTitle(entity, row, titles)}`}
                    checked={selected.has(row.id)}
                    onChange={(event) => props.onSelect([row.id], event.target.checked)}
                  />
                </td>
                {columns.map((column) => (
                  <td
                    key={column.field}
                    {...cellProps(column.label, plainText(entity, row, column.field))}
                    data-id={
                      entity.fields[column.field]?.kind === 'fk'
                        ? (row[column.field] as number | null)
                        : undefined
                    }
                  >
                    <Cell entity={entity} row={row} field={column.field} titles={titles} />
                  </td>
                ))}
                {extra ? <td data-label={extra.label}>{extra.cell(row)}</td> : null}
                <td className="text-nowrap panel-actions" data-label="Actions">
                  <Link
                    className="btn btn-sm btn-primary me-2"
                    to={formHref(editPath(entity.name, row.id), listQuery)}
                  >
                    Edit<span className="visually-hidden">{` ${label} ${row.id}`}</span>
                  </Link>
                  {entity.panel.delete && entity.operations.delete ? (
                    <button
                      type="button"
                      className="btn btn-sm btn-danger"
                      disabled={busy}
                      onClick={() => onDelete(row)}
                    >
                      Delete<span className="visually-hidden">{` ${label} ${row.id}`}</span>
                    </button>
                  ) : null}
                  {row.id === savedId ? <span className="badge panel-badge-saved ms-2">Saved</span> : null}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
