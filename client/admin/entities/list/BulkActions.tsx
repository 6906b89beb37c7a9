import { useState, type ReactNode } from 'react';
import type { AnyEntity, FieldDescription } from '#shared/entities/index.ts';
import type { BulkEditResponse } from '#shared/entities/bulk-edit.ts';
import { ConfirmDialog } from '#client/admin/components/ConfirmDialog.tsx';
import { panelApiInChangeSet } from '#client/admin/api.ts';
import { panelChangeSet } from '#client/admin/change-set-tag.ts';
import { changeSetPath } from '#shared/panel-paths.ts';
import { entityApi, errorMessage, type Row } from '../entity-api.ts';
import { bulkCommand } from './bulk-command.ts';
import type { Notice } from '../Notices.tsx';
import { rowTitle, type Titles } from './titles.ts';
import type { ListState } from './url-state.ts';

interface BulkActionsProps {
  entity: AnyEntity;
  state: ListState;
  rows: Row[];
  titles: Titles;
  selected: ReadonlySet<number>;
  /** Every row the filters match is selected, not only the ticked ones. */
  allMatching: boolean;
  total: number;
  onSelectAll(): void;
  onClear(): void;
  /** After a bulk change: its message, and the list is read again. */
  onDone(notice: Notice): void;
}

/** Fields a bulk edit offers: yes/no, links, numbers and fixed choices (not free text). */
function editable(entity: AnyEntity): Array<[string, FieldDescription]> {
  return Object.entries(entity.fields).filter(
    ([, f]) =>
      !f.readOnly &&
      !f.fixedOnEdit &&
      (f.kind === 'bool' || f.kind === 'fk' || f.kind === 'int' || (f.kind === 'text' && f.choices)),
  );
}

interface Pending {
  kind: 'delete' | 'update';
  plan: BulkEditResponse;
  set?: Record<string, unknown>;
  what: string;
}

/**
 * What the ticked rows (or all rows the filters match) can have done at once: delete, or one field
 * set. Each first runs as a dry run; the one confirmation says how many rows change and lists every
 * refused row with its reason, named as the list shows it.
 */
export function BulkActions(props: BulkActionsProps) {
  const { entity, state, rows, titles, selected, allMatching, total } = props;
  const [field, setField] = useState('');
  const [value, setValue] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // In the browser only (the server renders no bulk action: nothing is selected then).
  const api = () => entityApi(entity.name);
  const plural = entity.labelPlural.toLowerCase();
  const count = allMatching ? total : selected.size;
  const fields = editable(entity);
  const canDelete = entity.panel.delete && !!entity.operations.delete;
  const canUpdate = !!entity.operations.update && fields.length > 0;
  if (count === 0) return null;

  const filters = Object.fromEntries(Object.entries(state.filters).filter(([, v]) => v.trim() !== ''));
  const target = allMatching
    ? { where: filters, ...(Object.keys(filters).length === 0 ? { allRows: true } : {}) }
    : { ids: [...selected] };
  // A filter computed outside SQL (levels' `solvable`) is no bulk `where`: only ticked rows then.
  const computed = Object.keys(filters).some((f) => !entity.filters.some((d) => d.field === f));
  const named = (id: number) => {
    const row = rows.find((r) => r.id === id);
    return row ? `${entity.label} ${rowTitle(entity, row, titles)}` : `${entity.label} ${id}`;
  };

  async function plan(kind: Pending['kind']) {
    setError(null);
    setBusy(true);
    try {
      if (kind === 'delete') {
        const answer = await api().bulkDelete({ ...target, dryRun: true });
        setPending({ kind, plan: answer, what: `Delete ${answer.changed} ${plural}?` });
      } else {
        const description = entity.fields[field]!;
        const set = { [field]: description.kind === 'bool' ? value === 'true' : value };
        const shown = description.kind === 'bool' ? (value === 'true' ? 'Yes' : 'No') : value;
        const answer = await api().bulkUpdate({ ...target, set, dryRun: true });
        const what = `Set ${description.label} to ${shown} on ${answer.changed} ${plural}?`;
        setPending({ kind, plan: answer, set, what });
      }
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function run(work: Pending) {
    setBusy(true);
    // Its writes are one change set (however many chunks the server makes), undone as one unit.
    const changeSet = panelChangeSet(bulkCommand(work.kind, entity, target, work.plan.changed, work.set));
    const resource = panelApiInChangeSet(changeSet).resource(entity.name);
    try {
      const answer =
        work.kind === 'delete'
          ? await resource.bulkDelete(target)
          : await resource.bulkUpdate({ ...target, set: work.set! });
      const done = work.kind === 'delete' ? 'deleted' : 'updated';
      const refused = answer.refused > 0 ? `; ${answer.refused} refused` : '';
      setPending(null);
      props.onDone({
        kind: 'success',
        text: `${answer.changed} ${plural} ${done}${refused}.`,
        ...(answer.changed > 0
          ? { link: { to: changeSetPath(changeSet.id), label: 'View or undo this change' } }
          : {}),
      });
    } catch (failure) {
      setPending(null);
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  let details: ReactNode = null;
  if (pending) {
    const { plan: p } = pending;
    details = (
      <>
        {p.unchanged > 0 ? <p>{p.unchanged} already hold this value.</p> : null}
        {p.refused > 0 ? (
          <>
            <p className="mb-1">
              {p.refused} refused{p.changed > 0 ? ' (the others go ahead)' : ''}:
            </p>
            <ul className="panel-refusals">
              {p.refusals.map((refusal) => (
                <li key={refusal.id}>
                  {named(refusal.id)}: {refusal.reason}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </>
    );
  }

  return (
    <div className="panel-bulk-bar alert alert-secondary d-flex flex-wrap align-items-center gap-2 py-2">
      <span role="status">
        {allMatching ? `All ${total} matching ${plural} selected.` : `${count} selected.`}
      </span>
      {!allMatching && !computed && total > selected.size && rows.every((row) => selected.has(row.id)) ? (
        <button type="button" className="btn btn-sm btn-link" onClick={props.onSelectAll}>
          Select all {total} matching {plural}
        </button>
      ) : null}
      <button type="button" className="btn btn-sm btn-link" onClick={props.onClear}>
        Clear selection
      </button>
      {canDelete ? (
        <button
          type="button"
          className="btn btn-sm btn-danger"
          disabled={busy}
          onClick={() => void plan('delete')}
        >
          Delete selected
        </button>
      ) : null}
      {canUpdate ? (
        <form
          className="d-flex flex-wrap align-items-center gap-1"
          onSubmit={(event) => {
            event.preventDefault();
            if (field) void plan('update');
          }}
        >
          <label className="visually-hidden" htmlFor="bulk-field">
            Field to set
          </label>
          <select
            id="bulk-field"
            className="form-select form-select-sm w-auto"
            value={field}
            onChange={(event) => {
              setField(event.target.value);
              setValue(entity.fields[event.target.value]?.kind === 'bool' ? 'true' : '');
            }}
          >
            <option value="">Set a field…</option>
            {fields.map(([name, f]) => (
              <option key={name} value={name}>
                {f.label}
              </option>
            ))}
          </select>
          {field ? <BulkValue field={entity.fields[field]!} value={value} onChange={setValue} /> : null}
          <button type="submit" className="btn btn-sm btn-primary" disabled={busy || !field}>
            Apply
          </button>
        </form>
      ) : null}
      {error ? (
        <p className="text-danger mb-0 w-100" role="alert">
          Error: {error}
        </p>
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        danger={pending?.kind === 'delete'}
        busy={busy}
        title={pending?.what}
        message={details}
        onConfirm={() => pending && void run(pending)}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}

function BulkValue(props: { field: FieldDescription; value: string; onChange(value: string): void }) {
  const { field, value, onChange } = props;
  const common = { id: 'bulk-value', className: 'form-select form-select-sm w-auto', value } as const;
  const label = (
    <label className="visually-hidden" htmlFor="bulk-value">
      {`New ${field.label}`}
    </label>
  );
  if (field.kind === 'bool' || field.choices) {
    const options =
      field.kind === 'bool'
        ? [
            ['true', 'Yes'],
            ['false', 'No'],
          ]
        : field.choices!.map((c) => [c, c || '(empty)']);
    return (
      <>
        {label}
        <select {...common} onChange={(event) => onChange(event.target.value)}>
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      </>
    );
  }
  return (
    <>
      {label}
      <input
        {...common}
        className="form-control form-control-sm w-auto"
        inputMode="numeric"
        placeholder={field.kind === 'fk' ? `${field.label} ID` : field.label}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}
