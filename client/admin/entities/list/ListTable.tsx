import { Link } from 'react-router';
import type { AnyEntity } from '#shared/entities/index.ts';
import type { Row } from '../entity-api.ts';
import { formHref } from '../list-return.ts';
import { editPath } from '../paths.ts';
import { cellProps } from './cell-props.ts';
import { cellText } from './cell-text.ts';
import { useExtraColumn } from './extra-columns.tsx';

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
}

/** The SPEC §2 columns of a list, then its actions: Edit always, Delete where the panel allows it. */
export function ListTable({ entity, rows, busy, listQuery, savedId, emptyText, onDelete }: ListTableProps) {
  const label = entity.label.toLowerCase();
  const extra = useExtraColumn(entity, listQuery);
  return (
    // Focusable, so keyboard users can scroll a table wider than the screen (WCAG 2.1.1).
    <div className="table-responsive" tabIndex={0} role="region" aria-label={`${entity.labelPlural} table`}>
      <table
        className={`table table-striped table-hover table-sm align-middle panel-list-table${extra ? ' panel-list-table-extra' : ''}`}
      >
        <caption className="visually-hidden">{entity.labelPlural}</caption>
        <thead>
          <tr>
            {entity.columns.map((column) => (
              <th scope="col" key={column.field}>
                {column.label}
              </th>
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
              <td colSpan={entity.columns.length + (extra ? 2 : 1)} className="panel-empty-cell">
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
                {entity.columns.map((column) => {
                  const text = cellText(entity.fields[column.field], row[column.field]);
                  return (
                    <td key={column.field} {...cellProps(column.label, text)}>
                      {text}
                    </td>
                  );
                })}
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
