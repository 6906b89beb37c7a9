import { Form, Link, useLoaderData } from 'react-router';
import { AUDIT_PATH, changeSetPath } from '#shared/panel-paths.ts';
import { auditLoader, type AuditEntryView, type AuditFilters } from './audit-loader.ts';
import { historyHref, SelectFilter, TextFilter } from './filters.tsx';
import { FieldDiff } from './FieldDiff.tsx';
import { ConfirmedAction, EntryHeading, HistoryResults, RecordLinks, type Outcome } from './parts.tsx';
import { historyCalls } from './history-api.ts';
import { ACTIONS, recordOf, RESOURCES, when } from './values.ts';
import type { ValueNames } from '../entities/value-names.ts';

export const loader = auditLoader;

function Filters({ filters }: { filters: AuditFilters }) {
  return (
    <Form
      method="get"
      action={AUDIT_PATH}
      className="row g-2 align-items-end mb-3"
      aria-label="Filter the history"
    >
      <SelectFilter
        id="audit-entity"
        name="entity"
        label="Table"
        choices={RESOURCES}
        value={filters.entity}
        className="col-6 col-md-3"
      />
      <TextFilter
        id="audit-entity-id"
        name="entityId"
        label="Record ID"
        numeric
        value={filters.entityId}
        className="col-6 col-md-2"
      />
      <TextFilter
        id="audit-username"
        name="username"
        label="Who"
        value={filters.username}
        className="col-6 col-md-3"
      />
      <SelectFilter
        id="audit-action"
        name="action"
        label="Action"
        choices={ACTIONS}
        value={filters.action}
        className="col-6 col-md-2"
      />
      <div className="col-12 col-md-2 d-flex gap-2">
        <button type="submit" className="btn btn-primary">
          Filter
        </button>
        <Link to={AUDIT_PATH} className="btn btn-secondary">
          Clear
        </Link>
      </div>
    </Form>
  );
}

/** Field | Before | After for every field the entry wrote (a create has no before, a delete no after). */
function Diff({ entry, names }: { entry: AuditEntryView; names: ValueNames }) {
  // The id is in the heading already.
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])].filter(
    (field) => field !== 'id',
  );
  return (
    <FieldDiff
      caption={`Fields changed by entry ${entry.id}`}
      resource={entry.entity}
      names={names}
      changes={fields.map((field) => ({ field, from: entry.before?.[field], to: entry.after?.[field] }))}
      hasBefore={entry.before !== null}
      hasAfter={entry.after !== null}
    />
  );
}

function Entry({
  entry,
  names,
  onOutcome,
}: {
  entry: AuditEntryView;
  names: ValueNames;
  onOutcome(outcome: Outcome): void;
}) {
  const record = recordOf(entry.entity, entry.entityId);
  const headingId = `audit-entry-${entry.id}`;
  return (
    <article className="card mb-3" aria-labelledby={headingId} data-audit-entry={entry.id}>
      <div className="card-body">
        <EntryHeading entry={entry} id={headingId} level="h2" />
        <p className="small mb-2">
          {when(entry.at)} by <strong>{entry.username}</strong> from {entry.ip || 'an unknown address'}
          {entry.changeSetId ? (
            <>
              {' · '}
              <Link to={changeSetPath(entry.changeSetId)}>change set {entry.changeSetId}</Link>
            </>
          ) : null}
        </p>
        <Diff entry={entry} names={names} />
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <ConfirmedAction
            label="Revert"
            title={`Revert entry ${entry.id}?`}
            question={`Put back ${record.name} as it was before this change. Refused if it has changed since.`}
            onOutcome={onOutcome}
            run={async () => {
              const done = await historyCalls().revert(entry.id);
              return done.outcome === 'unchanged'
                ? `${record.name} already holds the values from before entry ${entry.id}.`
                : `Entry ${entry.id} reverted: ${record.name} ${done.outcome}.`;
            }}
          />
          <RecordLinks entry={entry} />
        </div>
      </div>
    </article>
  );
}

/** The audit log as a person reads it: who, when, from where, which record, field by field. */
export function Component() {
  const data = useLoaderData<typeof loader>();
  const { filters } = data;
  const scope =
    filters.entity && filters.entityId ? `${recordOf(filters.entity, Number(filters.entityId)).name}` : null;
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title" className="h3 mb-3">
        {scope ? `History of ${scope}` : 'History'}
      </h1>
      <Filters filters={filters} />
      <HistoryResults
        data={data}
        status={
          data.totalElements === 0
            ? 'No changes match.'
            : `${data.totalElements} ${data.totalElements === 1 ? 'change' : 'changes'}, newest first.`
        }
        hrefOf={(page) => historyHref(AUDIT_PATH, filters, page)}
        render={(entry, onOutcome) => <Entry entry={entry} names={data.names} onOutcome={onOutcome} />}
      />
    </section>
  );
}
