import { Fragment } from 'react';
import { Form, Link, useLoaderData } from 'react-router';
import type { TrashEntry } from '#shared/history.ts';
import { TRASH_PATH, recordHistoryPath } from '#shared/panel-paths.ts';
import { historyHref, SelectFilter } from './filters.tsx';
import { ConfirmedAction, HistoryResults, type Outcome } from './parts.tsx';
import { trashLoader } from './trash-loader.ts';
import { historyCalls } from './history-api.ts';
import { recordOf, RESOURCES, when } from './values.ts';
import { NamedValueText } from '../entities/NamedValueText.tsx';
import { fieldName, namedValue, type ValueNames } from '../entities/value-names.ts';

export const loader = trashLoader;

/** The row's values but its id and timestamps, as `Letters: pasta · Language: English`. */
function Summary({ entry, names }: { entry: TrashEntry; names: ValueNames }) {
  const fields = Object.entries(entry.row).filter(([field]) => field !== 'id' && !/At$/.test(field));
  return fields.map(([field, value], i) => (
    <Fragment key={field}>
      {i > 0 ? ' · ' : ''}
      {fieldName(names, entry.entity, field)}:{' '}
      <NamedValueText value={namedValue(names, entry.entity, field, value)} />
    </Fragment>
  ));
}

function Deleted({
  entry,
  names,
  onOutcome,
}: {
  entry: TrashEntry;
  names: ValueNames;
  onOutcome(outcome: Outcome): void;
}) {
  const record = recordOf(entry.entity, entry.entityId);
  const headingId = `trash-entry-${entry.id}`;
  return (
    <article className="card mb-3" aria-labelledby={headingId} data-trash-entry={entry.id}>
      <div className="card-body">
        <h2 id={headingId} className="h6">
          {record.name}
        </h2>
        <p className="mb-1 text-break">
          <Summary entry={entry} names={names} />
        </p>
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
        <SelectFilter id="trash-entity" name="entity" label="Table" choices={RESOURCES} value={data.entity} />
        <button type="submit" className="btn btn-primary">
          Filter
        </button>
      </Form>
      <HistoryResults
        data={data}
        status={
          data.totalElements === 0
            ? 'The trash is empty.'
            : `${data.totalElements} deleted ${data.totalElements === 1 ? 'row' : 'rows'}, newest first.`
        }
        hrefOf={(page) => historyHref(TRASH_PATH, { entity: data.entity }, page)}
        render={(entry, onOutcome) => <Deleted entry={entry} names={data.names} onOutcome={onOutcome} />}
      />
    </section>
  );
}
