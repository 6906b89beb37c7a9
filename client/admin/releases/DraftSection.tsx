import { useState } from 'react';
import { Link } from 'react-router';
import type { Draft, ReleaseList } from '#shared/releases/api.ts';
import { DIFF_TABLE_LABELS, DIFF_TABLES } from '#shared/releases/tables.ts';
import { countsText } from '#shared/releases/diff.ts';
import { PANEL_PATH } from '#shared/panel-paths.ts';
import { panelApi } from '../api.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ErrorMessage, SuccessMessage } from '../components/Messages.tsx';
import { useHydrated } from '../components/useHydrated.ts';
import { DiffView } from './DiffView.tsx';
import { useReleaseAction } from './use-release-action.ts';

/** The findings that stop a publish, each linking to the row's form. */
function Findings({ draft }: { draft: Draft }) {
  if (draft.findings.total === 0)
    return <p className="text-success mb-2">No findings: every active level can be finished.</p>;
  return (
    <div className="mb-2" data-testid="release-findings">
      <p className="text-danger mb-1">
        {draft.findings.total} {draft.findings.total === 1 ? 'finding stops' : 'findings stop'} a publish:
      </p>
      <ul className="small mb-0">
        {draft.findings.listed.map((finding) => (
          <li key={`${finding.kind}-${finding.id}-${finding.message}`}>
            <Link to={`${PANEL_PATH}/${finding.entity}/update/${finding.id}`}>{finding.message}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "Words: 1 removed; Levels: 1 changed": what the confirmation says. */
const summary = (draft: Draft) =>
  DIFF_TABLES.filter((table) => countsText(draft.diff.tables[table]) !== 'no change')
    .map((table) => `${DIFF_TABLE_LABELS[table]}: ${countsText(draft.diff.tables[table])}`)
    .join('; ');

/** Publish now (after a confirmation with the counts) or at a given time; administrators only. */
function PublishForm({ draft, list, busyJob }: { draft: Draft; list: ReleaseList; busyJob: boolean }) {
  const hydrated = useHydrated();
  const [notes, setNotes] = useState('');
  const [share, setShare] = useState('100');
  const [force, setForce] = useState(false);
  const [reason, setReason] = useState('');
  const [at, setAt] = useState('');
  const [confirming, setConfirming] = useState(false);
  const action = useReleaseAction();
  const next = Math.max(0, ...list.releases.map((r) => r.number)) + 1;
  const findings = draft.findings.total > 0;
  const request = () => ({
    notes: notes.trim(),
    ...(Number(share) < 100 ? { share: Number(share) } : {}),
    ...(findings && force ? { force: true, reason: reason.trim() } : {}),
  });
  const blocked = !hydrated || action.busy || busyJob || (findings && (!force || reason.trim() === ''));
  return (
    <form
      aria-label="Publish the draft"
      className="border-top pt-3 mt-3"
      onSubmit={(event) => {
        event.preventDefault();
        setConfirming(true);
      }}
    >
      <div className="row g-2">
        <div className="col-md-8">
          <label htmlFor="release-notes" className="form-label">
            Notes (what this release is)
          </label>
          <input
            id="release-notes"
            className="form-control"
            value={notes}
            maxLength={2000}
            onChange={(event) => setNotes(event.target.value)}
          />
        </div>
        <div className="col-md-4">
          <label htmlFor="release-share" className="form-label">
            Share of players first (%)
          </label>
          <input
            id="release-share"
            type="number"
            min={1}
            max={100}
            className="form-control"
            value={share}
            onChange={(event) => setShare(event.target.value)}
          />
        </div>
      </div>
      {findings ? (
        <div className="mt-2">
          <div className="form-check">
            <input
              id="release-force"
              type="checkbox"
              className="form-check-input"
              checked={force}
              onChange={(event) => setForce(event.target.checked)}
            />
            <label className="form-check-label" htmlFor="release-force">
              Publish despite the findings
            </label>
          </div>
          {force ? (
            <>
              <label htmlFor="release-reason" className="form-label">
                Why players may get them (recorded in the release)
              </label>
              <input
                id="release-reason"
                className="form-control"
                value={reason}
                maxLength={500}
                onChange={(event) => setReason(event.target.value)}
              />
            </>
          ) : null}
        </div>
      ) : null}
      <div className="d-flex flex-wrap gap-2 align-items-end mt-2">
        <button type="submit" className="btn btn-primary" disabled={blocked}>
          Publish…
        </button>
        <div>
          <label htmlFor="release-at" className="form-label mb-0 small">
            Or at (UTC)
          </label>
          <input
            id="release-at"
            type="datetime-local"
            className="form-control form-control-sm"
            value={at}
            onChange={(event) => setAt(event.target.value)}
          />
        </div>
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={blocked || at === ''}
          onClick={() =>
            void action.run(async () => {
              const schedule = await panelApi().releases.schedule({ ...request(), at: `${at}:00Z` });
              return `A publish is scheduled for ${schedule.at.slice(0, 16).replace('T', ' ')} UTC.`;
            })
          }
        >
          Schedule
        </button>
      </div>
      <ErrorMessage message={action.error} />
      <SuccessMessage message={action.done} />
      <ConfirmDialog
        open={confirming}
        title={`Publish release ${next}?`}
        message={
          <>
            <p className="mb-1">
              {draft.diff.changes} {draft.diff.changes === 1 ? 'change goes' : 'changes go'} to{' '}
              {Number(share) < 100 ? `${share}% of players first` : 'every player'}.
            </p>
            <p className="mb-0 small">{summary(draft) || 'Nothing changed since the current release.'}</p>
          </>
        }
        confirmLabel="Publish"
        busy={action.busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void action
            .run(async () => {
              await panelApi().releases.publish(request());
              return `Publishing release ${next}…`;
            })
            .then(() => setConfirming(false))
        }
      />
    </form>
  );
}

/** The draft: what publishing now would change, the findings that stop it, Publish. */
export function DraftSection({
  draft,
  list,
  admin,
  busyJob,
}: {
  draft: Draft | null;
  list: ReleaseList;
  admin: boolean;
  busyJob: boolean;
}) {
  return (
    <section className="card card-body mb-3" aria-labelledby="releases-draft">
      <h2 id="releases-draft" className="h5">
        Not yet released
      </h2>
      {draft === null ? (
        <p className="mb-0">The draft is being checked; reload in a few seconds.</p>
      ) : (
        <>
          <p className="mb-2">
            {draft.diff.changes} {draft.diff.changes === 1 ? 'change' : 'changes'} since{' '}
            {draft.diff.from === null ? 'the start (nothing published yet)' : `release ${draft.diff.from}`}
            {draft.stale ? ' (the draft changed since; being checked again)' : ''}.
          </p>
          <Findings draft={draft} />
          <DiffView diff={draft.diff} id="draft-diff" />
          {admin ? <PublishForm draft={draft} list={list} busyJob={busyJob} /> : null}
        </>
      )}
    </section>
  );
}
