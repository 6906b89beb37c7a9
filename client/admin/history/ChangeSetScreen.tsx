import { Link, useLoaderData } from 'react-router';
import type { ChangeSetEntry } from '#shared/change-sets.ts';
import { changeSetPath, CHANGES_PATH } from '#shared/panel-paths.ts';
import { ErrorMessage } from '../components/Messages.tsx';
import { changeSetLoader } from './change-set-loader.ts';
import { ChangeSetStatus, countsText, plural } from './change-set-parts.tsx';
import { changesOf, FieldDiff } from './FieldDiff.tsx';
import { historyHref } from './filters.tsx';
import { EntryHeading, HistoryPager, RecordLinks } from './parts.tsx';
import { UndoPanel } from './UndoPanel.tsx';
import { useReach } from '../session/use-reach.ts';
import { when } from './values.ts';
import type { ValueNames } from '../entities/value-names.ts';

export const loader = changeSetLoader;

/** One audit entry of the change set: which record, then field by field before → after. */
function Entry({ entry, names }: { entry: ChangeSetEntry; names: ValueNames }) {
  const headingId = `change-entry-${entry.id}`;
  return (
    <article className="card mb-3" aria-labelledby={headingId} data-audit-entry={entry.id}>
      <div className="card-body">
        <EntryHeading entry={entry} id={headingId} level="h3" />
        <p className="small mb-2">{when(entry.at)}</p>
        <FieldDiff
          caption={`Fields changed by entry ${entry.id}`}
          resource={entry.entity}
          names={names}
          changes={changesOf(entry.changes)}
          hasBefore={entry.action !== 'create'}
          hasAfter={entry.action !== 'delete'}
        />
        <div className="d-flex flex-wrap gap-2">
          <RecordLinks entry={entry} />
        </div>
      </div>
    </article>
  );
}

/**
 * `/changes/:id`: one change set — its command, who and when, its counts and state — with Undo,
 * then its entries in the order written, field by field.
 */
export function Component() {
  const data = useLoaderData<typeof loader>();
  const set = data.changeSet;
  const { reach, text: reachText } = useReach();
  return (
    <section aria-labelledby="change-set-title">
      <h1 id="change-set-title" className="h3 mb-2">
        Change set
      </h1>
      <p className="mb-3">
        <Link to={CHANGES_PATH}>All change sets</Link>
      </p>
      <ErrorMessage message={data.problem} />
      {set ? (
        <>
          <dl className="row mb-3 change-set-facts">
            <dt className="col-sm-3">Command</dt>
            <dd className="col-sm-9 text-break" data-change-set-command>
              {set.command || '—'}
            </dd>
            <dt className="col-sm-3">Id</dt>
            <dd className="col-sm-9 text-break">{set.id}</dd>
            <dt className="col-sm-3">Who</dt>
            <dd className="col-sm-9">{set.username}</dd>
            <dt className="col-sm-3">When</dt>
            <dd className="col-sm-9">
              {when(set.at)}
              {set.lastAt !== set.at ? ` to ${when(set.lastAt)}` : ''}
            </dd>
            <dt className="col-sm-3">Changes</dt>
            <dd className="col-sm-9">{countsText(set.counts)}</dd>
            {set.undoneBy || set.undoes ? (
              <>
                <dt className="col-sm-3">State</dt>
                <dd className="col-sm-9">
                  <ChangeSetStatus set={set} />
                </dd>
              </>
            ) : null}
          </dl>
          {reach.permissions === 'viewer' ? (
            <p className="text-body-secondary" data-testid="reach-note">
              {`Your account (${reachText}) may view change sets but not undo them.`}
            </p>
          ) : (
            <UndoPanel set={set} />
          )}
          <h2 className="h5">Its changes</h2>
          <p role="status">
            {data.totalElements === 0
              ? 'No entries.'
              : `${plural(data.totalElements, 'entry', 'entries')}, in the order written.`}
          </p>
          {data.entries.map((entry) => (
            <Entry key={entry.id} entry={entry} names={data.names} />
          ))}
          <HistoryPager
            page={data.page}
            totalPages={data.totalPages}
            hrefOf={(page) => historyHref(changeSetPath(data.id), {}, page)}
          />
        </>
      ) : null}
    </section>
  );
}
