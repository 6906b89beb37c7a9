import { Link } from 'react-router';
import type { ChangeSet } from '#shared/change-sets.ts';
import { changeSetPath } from '#shared/panel-paths.ts';
import { when } from './values.ts';

/** `1 row`, `3 rows`. */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** `3 created, 312 updated`, or `no change` (a run that wrote nothing). */
export function countsText(counts: ChangeSet['counts']): string {
  const parts = [
    counts.created ? `${counts.created} created` : '',
    counts.updated ? `${counts.updated} updated` : '',
    counts.deleted ? `${counts.deleted} deleted` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'no change';
}

/** A short id for text that links to the full one (`0b5c2f1e…`). */
export const shortId = (id: string): string => `${id.slice(0, 8)}…`;

/** Whether it was undone (and by which change set), or is itself the undo of another. */
export function ChangeSetStatus({ set }: { set: ChangeSet }) {
  return (
    <>
      {set.undoneBy ? (
        <span className="d-block" data-undone-by={set.undoneBy}>
          <span className="badge text-bg-secondary me-1">Undone</span>
          by change set <Link to={changeSetPath(set.undoneBy)}>{shortId(set.undoneBy)}</Link>
          {set.undoneAt ? ` at ${when(set.undoneAt)}` : ''}
        </span>
      ) : null}
      {set.undoes ? (
        <span className="d-block">
          Undoes change set <Link to={changeSetPath(set.undoes)}>{shortId(set.undoes)}</Link>
        </span>
      ) : null}
    </>
  );
}

/** One change set in the list: its command (the link to it), who and when, its counts, its state. */
export function ChangeSetCard({ set }: { set: ChangeSet }) {
  const headingId = `change-set-${set.id}`;
  return (
    <article className="card mb-3" aria-labelledby={headingId} data-change-set={set.id}>
      <div className="card-body">
        <h2 id={headingId} className="h6 text-break">
          <Link to={changeSetPath(set.id)}>{set.command || `Change set ${set.id}`}</Link>
        </h2>
        <p className="small mb-1">
          {when(set.at)} by <strong>{set.username}</strong> · {countsText(set.counts)}
        </p>
        <p className="small text-body-secondary mb-0">
          <ChangeSetStatus set={set} />
        </p>
      </div>
    </article>
  );
}
