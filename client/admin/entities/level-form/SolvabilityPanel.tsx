import type { ReactNode } from 'react';
import type { LevelSolvability } from '#shared/solvability.ts';
import { useHydrated } from '#client/admin/components/useHydrated.ts';
import { useSolvability } from './use-solvability.ts';
import { VERDICT_CLASS, VERDICT_TEXT, WORKBENCH_ID } from './verdicts.ts';
import type { SolvabilityRequest } from '#shared/solvability-request.ts';

/**
 * The level workbench: which words of the level's letter groups meet the condition being composed,
 * and the verdict, asked live (debounced) with the form's unsaved values.
 */
export function SolvabilityPanel({
  request,
  waiting = null,
  children,
}: {
  request: SolvabilityRequest | null;
  /** Why there is nothing to ask yet, when not for want of a language. */
  waiting?: string | null;
  /** What the verdict is asked with (the letter-group picker). */
  children?: ReactNode;
}) {
  const hydrated = useHydrated();
  const state = useSolvability(hydrated ? request : null);
  const answer = state.status === 'done' ? state.answer : state.status === 'loading' ? state.previous : null;
  let status: string;
  if (!hydrated) status = 'The verdict appears once the page has loaded.';
  else if (request === null) status = waiting ?? 'Choose a language to see which words meet the condition.';
  else if (state.status === 'error') status = `Could not check: ${state.message}`;
  else if (state.status === 'loading' && !answer) status = 'Checking…';
  else status = '';
  return (
    <section
      id={WORKBENCH_ID}
      aria-labelledby={`${WORKBENCH_ID}-title`}
      className="border rounded p-3 mb-3"
      aria-busy={state.status === 'loading'}
    >
      <h2 id={`${WORKBENCH_ID}-title`} className="h6">
        Workbench: can players solve it?
      </h2>
      {children}
      <div aria-live="polite" data-testid="solvability">
        {status ? <p className={state.status === 'error' ? 'text-danger mb-0' : 'mb-0'}>{status}</p> : null}
        {answer && request !== null ? <Verdict answer={answer} /> : null}
      </div>
    </section>
  );
}

function Verdict({ answer }: { answer: LevelSolvability }) {
  return (
    <>
      <p className="mb-2">
        <span className={`badge ${VERDICT_CLASS[answer.verdict]} me-2`} data-verdict={answer.verdict}>
          {VERDICT_TEXT[answer.verdict]}
        </span>{' '}
        {answer.reason}.
      </p>
      <p className="mb-2">
        {answer.count} usable {answer.count === 1 ? 'word' : 'words'} ({answer.required} needed)
        {answer.sample.length > 0
          ? `: ${answer.sample.join(', ')}${answer.count > answer.sample.length ? ', …' : ''}`
          : ''}
      </p>
      {answer.flagged ? <Flagged answer={answer} flagged={answer.flagged} /> : null}
      {answer.unknown.length > 0 ? (
        <p className="text-danger mb-2">Not understood, ignored: {answer.unknown.join(', ')}</p>
      ) : null}
      {answer.groups.length > 0 ? (
        <ul className="list-unstyled small mb-0">
          {answer.groups.map((group) => (
            <li key={group.letterGroupId}>
              {group.verdict ? VERDICT_TEXT[group.verdict] : 'Not played'} — {group.reason}
              {group.requiredLetter ? ` (required letter “${group.requiredLetter}”)` : ''}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** Issue 46: the usable words the dictionary flagged, and the level judged without them. */
function Flagged({
  answer,
  flagged,
}: {
  answer: LevelSolvability;
  flagged: NonNullable<LevelSolvability['flagged']>;
}) {
  const only = answer.verdict === 'solvable' && flagged.verdict !== 'solvable';
  return (
    <p className={`mb-2 ${only ? 'text-danger' : ''}`} data-flagged-only={only ? 'true' : 'false'}>
      {only ? 'Only solvable with words the dictionary flagged' : 'Flagged by the dictionary'}:{' '}
      {flagged.words} {flagged.words === 1 ? 'word' : 'words'} ({flagged.sample.join(', ')}
      {flagged.words > flagged.sample.length ? ', …' : ''}). Without them: {VERDICT_TEXT[flagged.verdict]} —{' '}
      {flagged.reason}.
    </p>
  );
}
