import { useState } from 'react';
import { Form, Link, useLoaderData, useRevalidator } from 'react-router';
import type { ApplyLinksResponse } from '#shared/links/api.ts';
import { panelApi } from '../api.ts';
import { ErrorMessage, SuccessMessage } from '../components/Messages.tsx';
import { useHydrated } from '../components/useHydrated.ts';
import { errorMessage } from '../entities/entity-api.ts';
import { editPath, listPath } from '../entities/paths.ts';
import { changeSetPath } from '#shared/panel-paths.ts';
import { linkJobsPath } from './paths.ts';
import { planLoader, type PlanData } from './plan-loader.ts';
import { PlanTable } from './PlanTable.tsx';

export const loader = planLoader;

function outcomeText(answer: ApplyLinksResponse): string {
  const parts = [`Linked ${answer.created} ${answer.created === 1 ? 'word' : 'words'}`];
  parts.push(`removed ${answer.removed} ${answer.removed === 1 ? 'link' : 'links'}`);
  if (answer.unchanged) parts.push(`${answer.unchanged} already linked`);
  if (answer.rejected + answer.refused) parts.push(`${answer.rejected + answer.refused} refused`);
  return `${parts.join(', ')}.`;
}

/** What the last Apply said; kept by the screen, since the plan form starts afresh after it. */
interface Outcome {
  done: string | null;
  /** The change set the apply made, linked to review or undo it. */
  changeSet?: string | null;
  problem: string | null;
}

/** The plan of one group with its checkboxes; keyed by the plan, so a new plan starts afresh. */
function PlanForm({
  data,
  outcome,
  onOutcome,
}: {
  data: PlanData & { plan: NonNullable<PlanData['plan']> };
  outcome: Outcome;
  onOutcome: (outcome: Outcome) => void;
}) {
  const { plan } = data;
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  // Every word to link is selected at first; removals are opt-in, as `links build --prune`.
  const [add, setAdd] = useState(() => new Set(plan.add.map((w) => w.wordId)));
  const [remove, setRemove] = useState(() => new Set<number>());
  const [busy, setBusy] = useState(false);
  const { done, problem } = outcome;

  const apply = async () => {
    setBusy(true);
    onOutcome({ done: null, problem: null });
    try {
      const answer = await panelApi().linkBuilder.apply(data.id, {
        add: [...add],
        remove: [...remove],
        reuseLetters: data.reuseLetters,
      });
      // Shown by the screen: the new plan remounts this form, and the message must outlive it.
      onOutcome({
        done: outcomeText(answer),
        changeSet: answer.created + answer.removed > 0 ? answer.changeSetId : null,
        problem: answer.problems.length ? answer.problems.slice(0, 5).join('; ') : null,
      });
      await revalidator.revalidate();
    } catch (error) {
      onOutcome({ done: null, problem: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const disabled = !hydrated || busy;
  const count = add.size + remove.size;
  return (
    <>
      <div aria-live="polite">
        <SuccessMessage
          message={
            done && outcome.changeSet ? (
              <>
                {done} <Link to={changeSetPath(outcome.changeSet)}>View or undo this change</Link>
              </>
            ) : (
              done
            )
          }
        />
      </div>
      <ErrorMessage message={problem} />
      <PlanTable
        id="link-add"
        title="Words to link"
        rows={plan.add.map((w) => ({ key: w.wordId, letters: w.letters, detail: `word ${w.wordId}` }))}
        selected={add}
        onChange={setAdd}
        disabled={disabled}
        empty="Every word this group builds is linked."
      />
      <PlanTable
        id="link-remove"
        title="Links to remove"
        rows={plan.remove.map((l) => ({
          key: l.id,
          letters: l.letters ?? `word ${l.wordId} (gone)`,
          detail: `link ${l.id}`,
        }))}
        selected={remove}
        onChange={setRemove}
        disabled={disabled}
        empty="No link to a word this group cannot build."
      />
      <button type="button" className="btn btn-primary" disabled={disabled || count === 0} onClick={apply}>
        {busy ? 'Applying…' : `Apply selected (${add.size} to link, ${remove.size} to remove)`}
      </button>
    </>
  );
}

/** `/letter-group/:id/links`: the words the group builds, as links to add and remove (issue 13). */
export function Component() {
  const data = useLoaderData<typeof loader>();
  const { plan } = data;
  const group = plan?.letterGroup;
  const [outcome, setOutcome] = useState<Outcome>({ done: null, problem: null });
  return (
    <section aria-labelledby="link-builder-title">
      <h1 id="link-builder-title" className="h3 mb-3">
        Link builder{group ? `: letter group “${group.letters}”` : ''}
      </h1>
      <ErrorMessage message={data.error} />
      <nav aria-label="Related pages" className="d-flex flex-wrap gap-3 mb-3">
        <Link to={editPath('letter-group', data.id)}>Edit letter group {data.id}</Link>
        <Link to={`${listPath('letter-group-word')}?letterGroupId=${data.id}`}>Its current links</Link>
        {group?.stageId ? (
          <Link to={linkJobsPath({ stageId: group.stageId })}>
            Link every letter group of stage {group.stageId}
          </Link>
        ) : null}
      </nav>
      {plan && group ? (
        <>
          <p>
            {plan.buildable} active {plan.buildable === 1 ? 'word' : 'words'} of language {group.languageId}{' '}
            can be built from these letters; {plan.kept} {plan.kept === 1 ? 'link is' : 'links are'} right as
            they are.
            {group.isActive ? '' : ' This letter group is inactive.'}
          </p>
          <Form method="get" className="d-flex flex-wrap gap-3 align-items-center mb-3">
            <div className="form-check mb-0">
              <input
                className="form-check-input"
                type="checkbox"
                id="reuse-letters"
                name="reuseLetters"
                value="true"
                defaultChecked={data.reuseLetters}
              />
              <label className="form-check-label" htmlFor="reuse-letters">
                A letter may be used more than once
              </label>
            </div>
            <button type="submit" className="btn btn-sm btn-outline-secondary">
              Plan again
            </button>
          </Form>
          <PlanForm
            key={`${plan.add.length}-${plan.remove.length}-${plan.kept}-${data.reuseLetters}`}
            data={{ ...data, plan }}
            outcome={outcome}
            onOutcome={setOutcome}
          />
        </>
      ) : null}
    </section>
  );
}
