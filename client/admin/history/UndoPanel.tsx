import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { ChangeSet, UndoResponse } from '#shared/change-sets.ts';
import { changeSetPath } from '#shared/panel-paths.ts';
import { panelChangeSet } from '../change-set-tag.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { ErrorMessage } from '../components/Messages.tsx';
import { useHydrated } from '../components/useHydrated.ts';
import { plural } from './change-set-parts.tsx';
import { failureMessage, historyCalls } from './history-api.ts';
import { planLines, Refusals, UndoPlan } from './UndoPlan.tsx';
import { when } from './values.ts';
import { loadNames, NO_NAMES, sidesOf, type ValueNames } from '../entities/value-names.ts';

/** What the last real undo did: restored rows, and the change set it made (linked). */
function UndoResult({ answer }: { answer: UndoResponse }) {
  const lines = planLines(answer, true);
  return (
    <div role="status" className="panel-message text-success mb-2" data-undo-result={answer.changeSet}>
      {answer.complete ? 'Change set undone' : 'Partly undone'}
      {lines.length > 0 ? `: ${lines.join(', ')}.` : '.'}
      {answer.changeSet ? (
        <>
          {' '}
          The undo is change set <Link to={changeSetPath(answer.changeSet)}>{answer.changeSet}</Link>.
        </>
      ) : null}
    </div>
  );
}

/**
 * Undo of a change set: first a dry run shows what it will restore (and which rows changed since
 * and are refused), then a confirmation runs it; refused rows can be put back anyway (`force`).
 * The undo is itself a change set, linked once done; an undone change set says so instead.
 */
export function UndoPanel({ set }: { set: ChangeSet }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [plan, setPlan] = useState<UndoResponse | null>(null);
  const [names, setNames] = useState<ValueNames>(NO_NAMES);
  const [result, setResult] = useState<UndoResponse | null>(null);
  const [asking, setAsking] = useState<'undo' | 'force' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const preview = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await historyCalls().undo(set.id, { dryRun: true });
      // The plan shows its sample's values named as the lists name them.
      setNames(
        await loadNames(answer.sample.map((row) => ({ resource: row.entity, rows: sidesOf(row.changes) }))),
      );
      setPlan(answer);
    } catch (failure) {
      setError(failureMessage(failure));
      void revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };

  const undo = async (force: boolean) => {
    setBusy(true);
    setError(null);
    // A new change set per attempt, named after what it undoes.
    const own = panelChangeSet(`undo ${set.id}${force ? ' --force' : ''}: ${set.command}`);
    try {
      const answer = await historyCalls().undo(set.id, force ? { force: true } : {}, own);
      setResult(answer);
      // Rows refused even now stay listed, with Undo anyway again.
      setPlan(answer.complete ? null : answer);
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setAsking(null);
      setBusy(false);
      void revalidator.revalidate();
    }
  };

  const refused = plan?.refused ?? 0;
  return (
    <section aria-labelledby="undo-title" className="card card-body mb-3">
      <h2 id="undo-title" className="h5">
        Undo
      </h2>
      {result ? <UndoResult answer={result} /> : null}
      <ErrorMessage message={error} className="mb-2" />
      {set.undoneBy ? (
        <p className="mb-0" data-undo-state="undone">
          This change set was undone
          {set.undoneAt ? ` at ${when(set.undoneAt)}` : ''} by change set{' '}
          <Link to={changeSetPath(set.undoneBy)}>{set.undoneBy}</Link>, so it cannot be undone again. To put
          its changes back, undo that change set.
        </p>
      ) : (
        <>
          <p>
            Puts every row this change set touched back as it was before it: updated rows get their earlier
            values, deleted rows are created again with their ids, created rows are deleted. You see the plan
            first.
          </p>
          {plan ? plan.dryRun ? <UndoPlan answer={plan} names={names} /> : <Refusals answer={plan} /> : null}
          <div className="d-flex flex-wrap gap-2">
            {plan === null || !plan.dryRun ? (
              <button
                type="button"
                className="btn btn-outline-primary"
                disabled={!hydrated || busy}
                onClick={() => void preview()}
              >
                {plan ? 'Plan the undo again' : 'Undo…'}
              </button>
            ) : null}
            {plan?.dryRun && refused === 0 ? (
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy}
                onClick={() => setAsking('undo')}
              >
                Undo
              </button>
            ) : null}
            {plan && refused > 0 ? (
              <button
                type="button"
                className="btn btn-danger"
                disabled={busy}
                onClick={() => setAsking('force')}
              >
                Undo anyway
              </button>
            ) : null}
          </div>
        </>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'force' ? 'Undo anyway?' : 'Undo this change set?'}
        message={
          asking === 'force'
            ? `The ${plural(refused, 'row')} changed since this change set are put back too, overwriting those later changes.`
            : `${plural(plan?.changed ?? 0, 'row')} will be put back as before this change set.`
        }
        confirmLabel={asking === 'force' ? 'Undo anyway' : 'Undo'}
        cancelLabel="Cancel"
        danger={asking === 'force'}
        busy={busy}
        onCancel={() => setAsking(null)}
        onConfirm={() => void undo(asking === 'force')}
      />
    </section>
  );
}
