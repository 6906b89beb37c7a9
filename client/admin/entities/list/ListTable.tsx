import { mayWrite } from '#shared/permissions.ts';
import { useReach } from '#client/admin/session/use-reach.ts';
import type { AnyEntity, ColumnDescription } from '#shared/entities/index.ts';
import { useFollowLink, type FollowLink } from '../../components/plain-links.ts';
import type { Row } from '../entity-api.ts';
import { formHref } from '../list-return.ts';
import { editPath } from '../paths.ts';
import { cellProps, type CellProps } from './cell-props.ts';
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

function SortHeader(props: {
  column: ColumnDescription;
  sort: ListSort | null;
  href: string | null;
  follow: FollowLink;
}) {
  const { column, sort, href, follow } = props;
  if (!href) return <th scope="col">{column.label}</th>;
  const dir = sort?.field === column.field ? sort.dir : null;
  return (
    <th scope="col" aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}>
      <a href={href} onClick={follow} className="panel-sort-link">
        {column.label}
        <span aria-hidden="true" className="panel-sort-mark">
          {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
        </span>
      </a>
    </th>
  );
}

/**
 * One cell of a row: a foreign key is the title of the row it points at, linked to that row's
 * form; anything else its text, with a tooltip and a tab stop when long (cell-props.ts). A plain
 * function rather than a component: a list page has hundreds of cells (a users page: 20 rows of
 * 22 columns), and a component per cell was a large share of the page's render time on the
 * server. Cells that are not references carry no `data-id` at all (not even `undefined`): React
 * walks every prop of every cell.
 */
function cell(entity: AnyEntity, row: Row, column: ColumnDescription, titles: Titles, follow: FollowLink) {
  const description = entity.fields[column.field];
  const value = row[column.field];
  const fk = description?.kind === 'fk';
  const target = fk ? description.references : undefined;
  if (target && typeof value === 'number') {
    return (
      <td key={column.field} {...cellProps(column.label, '')} data-id={value}>
        <a href={editPath(target, value)} onClick={follow} title={`${description!.label} ${value}`}>
          {fkTitle(entity, row, column.field, titles)}
        </a>
      </td>
    );
  }
  const text = cellText(description, value);
  const props: CellProps & { 'data-id'?: number } = cellProps(
    column.label,
    fk && typeof value === 'number' ? '' : text,
  );
  // Only the attributes the cell has: React walks every prop, undefined ones too, of each cell.
  if (fk && typeof value === 'number') props['data-id'] = value;
  return (
    <td key={column.field} {...props}>
      {text}
    </td>
  );
}

/**
 * The list's rows: a selection box, the ID, the SPEC §2 columns the user has not hidden (sortable
 * headers are links that toggle the order), then the actions: Edit always, Delete where allowed.
 * Each cell names its column (`data-label`) so narrow screens can show a row as a card.
 */
export function ListTable(props: ListTableProps) {
  const { entity, rows, busy, listQuery, savedId, emptyText, onDelete, sort, titles, selected } = props;
  const label = entity.label.toLowerCase();
  const writable = mayWrite(useReach().reach, entity);
  const extra = useExtraColumn(entity, listQuery);
  // Plain anchors (plain-links.ts): sorting keeps the scroll position, as paging does.
  const follow = useFollowLink();
  const followKeepingScroll = useFollowLink({ preventScrollReset: true });
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
                follow={followKeepingScroll}
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
                {columns.map((column) => cell(entity, row, column, titles, follow))}
                {extra ? <td data-label={extra.label}>{extra.cell(row)}</td> : null}
                <td className="text-nowrap panel-actions" data-label="Actions">
                  <a
                    className="btn btn-sm btn-primary me-2"
                    href={formHref(editPath(entity.name, row.id), listQuery)}
                    onClick={follow}
                  >
                    {writable ? 'Edit' : 'View'}
                    <span className="visually-hidden">{` ${label} ${row.id}`}</span>
                  </a>
                  {writable && entity.panel.delete && entity.operations.delete ? (
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
