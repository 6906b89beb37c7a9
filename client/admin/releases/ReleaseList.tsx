import { useState } from 'react';
import type { Release, ReleaseDiff, ReleaseList as List } from '#shared/releases/api.ts';
import { panelApi } from '../api.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ErrorMessage, SuccessMessage } from '../components/Messages.tsx';
import { useHydrated } from '../components/useHydrated.ts';
import { errorMessage } from '../entities/entity-api.ts';
import { when } from './CurrentSection.tsx';
import { DiffView } from './DiffView.tsx';
import { useReleaseAction } from './use-release-action.ts';

const ROLE_BADGES = {
  current: 'text-bg-success',
  staged: 'text-bg-info',
  previous: 'text-bg-secondary',
} as const;

/** One release: who, when, notes; its diff against the one before, shown on demand; rollback. */
function ReleaseRow({ release, list, admin }: { release: Release; list: List; admin: boolean }) {
  const hydrated = useHydrated();
  const [diff, setDiff] = useState<ReleaseDiff | null>(null);
  const [diffError, setDiffError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const action = useReleaseAction();
  const rollbackable = release.role !== 'current' && release.role !== 'staged';
  return (
    <li className="list-group-item" data-release={release.number}>
      <div className="d-flex flex-wrap gap-2 align-items-baseline">
        <strong>Release {release.number}</strong>
        {release.role ? <span className={`badge ${ROLE_BADGES[release.role]}`}>{release.role}</span> : null}
        <span className="small text-body-secondary">
          {when(release.publishedAt)} by {release.username}
        </span>
        <span className="flex-grow-1">{release.notes}</span>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          disabled={!hydrated}
          aria-expanded={diff !== null}
          onClick={() => {
            if (diff) return setDiff(null);
            setDiffError(null);
            panelApi()
              .releases.diff(release.number)
              .then(setDiff, (error: unknown) => setDiffError(errorMessage(error)));
          }}
        >
          {diff ? 'Hide changes' : 'Changes'}
          <span className="visually-hidden">{` of release ${release.number}`}</span>
        </button>
        {admin && rollbackable ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            disabled={!hydrated || action.busy}
            onClick={() => setConfirming(true)}
          >
            Roll back to {release.number}
          </button>
        ) : null}
      </div>
      {release.forcedReason ? (
        <p className="small text-warning-emphasis mb-0">
          Published despite {release.forcedFindings?.total ?? 0} finding(s): {release.forcedReason}
        </p>
      ) : null}
      <ErrorMessage message={diffError ?? action.error} />
      <SuccessMessage message={action.done} />
      {diff ? (
        <div className="mt-2">
          <p className="small mb-1">
            Against {diff.from === null ? 'nothing (the first release)' : `release ${diff.from}`}:
          </p>
          <DiffView diff={diff} id={`release-${release.number}-diff`} />
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Roll back to release ${release.number}?`}
        message={`Players get release ${release.number} from their next request${
          list.state.current === null ? '' : `, instead of release ${list.state.current}`
        }.`}
        confirmLabel="Roll back"
        danger
        busy={action.busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void action
            .run(async () => {
              await panelApi().releases.rollback(release.number);
              return `Players get release ${release.number} again.`;
            })
            .then(() => setConfirming(false))
        }
      />
    </li>
  );
}

/** The releases, newest first, and the pending schedules (cancellable). */
export function ReleaseList({ list, admin }: { list: List; admin: boolean }) {
  const action = useReleaseAction();
  const pending = list.schedules.filter((schedule) => schedule.status === 'pending');
  const failed = list.schedules.filter((schedule) => schedule.status === 'failed').slice(0, 3);
  return (
    <section className="card card-body" aria-labelledby="releases-list">
      <h2 id="releases-list" className="h5">
        Releases
      </h2>
      {pending.length > 0 || failed.length > 0 ? (
        <ul className="list-unstyled mb-2" aria-label="Scheduled publishes">
          {pending.map((schedule) => (
            <li key={schedule.id} data-schedule={schedule.id}>
              Scheduled: a publish at {when(schedule.at)} by {schedule.username}
              {schedule.notes ? ` (“${schedule.notes}”)` : ''}
              {admin ? (
                <button
                  type="button"
                  className="btn btn-sm btn-link"
                  disabled={action.busy}
                  onClick={() =>
                    void action.run(async () => {
                      await panelApi().releases.cancelSchedule(schedule.id);
                      return 'The scheduled publish is cancelled.';
                    })
                  }
                >
                  Cancel<span className="visually-hidden">{` the publish at ${schedule.at}`}</span>
                </button>
              ) : null}
            </li>
          ))}
          {failed.map((schedule) => (
            <li key={schedule.id} className="text-danger small">
              The publish scheduled for {when(schedule.at)} failed: {schedule.error}
            </li>
          ))}
        </ul>
      ) : null}
      <ErrorMessage message={action.error} />
      <SuccessMessage message={action.done} />
      {list.releases.length === 0 ? (
        <p className="mb-0">No release yet.</p>
      ) : (
        <ul className="list-group list-group-flush">
          {list.releases.map((release) => (
            <ReleaseRow key={release.number} release={release} list={list} admin={admin} />
          ))}
        </ul>
      )}
      <p className="small text-body-secondary mt-2 mb-0">
        The last {list.retention} releases are kept; the current one and the one before it always are.
      </p>
    </section>
  );
}
