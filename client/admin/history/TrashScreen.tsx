import { useState } from 'react';
import { Form, Link, useLoaderData } from 'react-router';
import type { TrashEntry } from '#shared/history.ts';
import { TRASH_PATH, recordHistoryPath } from '#shared/panel-paths.ts';
import { ErrorMessage } from '../components/Messages.tsx';
import { ConfirmedAction, HistoryPager, OutcomeMessage, type Outcome } from './parts.tsx';
import { trashLoader } from './trash-loader.ts';
import { historyCalls } from './history-api.ts';
import { fieldLabel, recordOf, RESOURCES, shown, when } from './values.ts';

export const loader = trashLoader;

function hrefOf(entity: string, page: number): string {
  const params = new URLSearchParams();
  if (entity) params.set('entity', entity);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${TRASH_PATH}?${query}` : TRASH_PATH;
}

/** The row's values but its id and timestamps, as `Letters: pasta · Language: 1`. */
function summary(entry: TrashEntry): string {
  return Object.entries(entry.row)
    .filter(([field]) => field !== 'id' && !/At$/.test(field))
    .map(([field, value]) => `${fieldLabel(field)}: ${shown(value)}`)
    .join(' · ');
}

function Deleted({ entry, onOutcome }: { entry: TrashEntry; onOutcome(outcome: Outcome): void }) {
  const record = recordOf(entry.entity, entry.entityId);
  const headingId = `trash-entry-${entry.id}`;
  return (
    <article className="card mb-3" aria-labelledby={headingId} data-trash-entry={entry.id}>
      <div className="card-body">
        <h2 id={headingId} className="h6">
          {record.name}
        </h2>
        <p className="mb-1 text-break">{summary(entry)}</p>
        <p className="small text-body-secondary mb-2">
          Deleted {when(entry.deletedAt)} by {entry.deletedBy}; kept until {when(entry.expiresAt)}
        </p>
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <ConfirmedAction
            label="Restore"
            title={`Restore ${record.name}?`}
            question={`Create ${record.name} again, with the same id and values. Refused if its id or name is taken again, or a row it refers to is gone.`}
            onOutcome={onOutcome}
            run={async () => {
              await historyCalls().restore(entry.id);
              return `${record.name} restored.`;
            }}
          />
          <Link className="btn btn-link btn-sm" to={recordHistoryPath(entry.entity, entry.entityId)}>
            History of {record.name}
          </Link>
        </div>
      </div>
    </article>
  );
}

/** Rows deleted in the last 30 days, newest first, each with Restore. */
export function Component() {
  const data = useLoaderData<typeof loader>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  return (
    <section aria-labelledby="trash-title">
      <h1 id="trash-title" className="h3 mb-3">
        Trash
      </h1>
      <p>Deleted rows stay here for 30 days; Restore creates one again with its id.</p>
      <Form
        method="get"
        action={TRASH_PATH}
        className="d-flex flex-wrap gap-2 align-items-end mb-3"
        aria-label="Filter the trash"
      >
        <div>
          <label htmlFor="trash-entity" className="form-label">
            Table
          </label>
          <select id="trash-entity" name="entity" className="form-select" defaultValue={data.entity}>
            <option value="">All</option>
            {RESOURCES.map((resource) => (
              <option key={resource} value={resource}>
                {resource}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary">
          Filter
        </button>
      </Form>
      <OutcomeMessage outcome={outcome} onDismiss={() => setOutcome(null)} />
      <ErrorMessage message={data.problem} />
      {data.problem ? null : (
        <>
          <p role="status">
            {data.totalElements === 0
              ? 'The trash is empty.'
              : `${data.totalElements} deleted ${data.totalElements === 1 ? 'row' : 'rows'}, newest first.`}
          </p>
          {data.entries.map((entry) => (
            <Deleted key={entry.id} entry={entry} onOutcome={setOutcome} />
          ))}
          <HistoryPager
            page={data.page}
            totalPages={data.totalPages}
            hrefOf={(page) => hrefOf(data.entity, page)}
          />
        </>
      )}
    </section>
  );
}
