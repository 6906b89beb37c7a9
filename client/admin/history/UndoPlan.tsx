import type { UndoResponse } from '#shared/change-sets.ts';
import { changesOf, FieldDiff } from './FieldDiff.tsx';
import { plural } from './change-set-parts.tsx';
import { recordOf } from './values.ts';
import { NO_NAMES, type ValueNames } from '../entities/value-names.ts';

/** Refused rows listed one by one; the count says how many more there are. */
const LISTED = 50;

/** `312 rows get their earlier values back`, … for each kind of restore the answer counts. */
export function planLines(answer: UndoResponse, done: boolean): string[] {
  const { plan } = answer;
  const one = (n: number) => n === 1;
  const get = (n: number) => (done ? 'got' : one(n) ? 'gets' : 'get');
  const be = (n: number) => (done ? (one(n) ? 'was' : 'were') : 'will be');
  return [
    plan.restored
      ? `${plural(plan.restored, 'row')} ${get(plan.restored)} ${one(plan.restored) ? 'its' : 'their'} earlier values back`
      : '',
    plan.recreated ? `${plural(plan.recreated, 'deleted row')} ${be(plan.recreated)} created again` : '',
    plan.deleted ? `${plural(plan.deleted, 'created row')} ${be(plan.deleted)} deleted` : '',
    answer.unchanged
      ? `${plural(answer.unchanged, 'row')} already ${one(answer.unchanged) ? 'holds its' : 'hold their'} values from before`
      : '',
  ].filter(Boolean);
}

/** The rows an undo refuses (changed since), each with its reason, in red. */
export function Refusals({ answer }: { answer: UndoResponse }) {
  if (answer.refused === 0) return null;
  const more = answer.refused - Math.min(answer.refusals.length, LISTED);
  return (
    <div role="alert" className="panel-message text-danger mb-2" data-undo-refusals={answer.refused}>
      <p className="mb-1">
        Error: {plural(answer.refused, 'row')} changed since this change set, so the undo refuses{' '}
        {answer.refused === 1 ? 'it' : 'them'}:
      </p>
      <ul className="panel-refusals mb-1">
        {answer.refusals.slice(0, LISTED).map((refusal) => (
          <li key={`${refusal.entity}-${refusal.id}`} className="text-break">
            {refusal.reason}
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="mb-0">… and {more} more.</p> : null}
    </div>
  );
}

/**
 * What a dry run says the undo will do: the counts by kind, then the first rows field by field
 * (now → after the undo), then the refused rows.
 */
export function UndoPlan({ answer, names = NO_NAMES }: { answer: UndoResponse; names?: ValueNames }) {
  const lines = planLines(answer, false);
  return (
    <div data-undo-plan>
      <h3 className="h6">What the undo will do</h3>
      {lines.length > 0 ? (
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}.</li>
          ))}
        </ul>
      ) : (
        <p>Nothing to restore.</p>
      )}
      {answer.sample.length > 0 ? (
        <>
          <p className="mb-1">
            {answer.changed > answer.sample.length
              ? `The first ${answer.sample.length} of ${answer.changed} rows, field by field:`
              : 'Field by field:'}
          </p>
          {answer.sample.map((row) => {
            const name = recordOf(row.entity, row.id).name;
            const values = Object.values(row.changes);
            return (
              <div key={`${row.entity}-${row.id}`} className="mb-2">
                <p className="small fw-semibold mb-1">{name}</p>
                <FieldDiff
                  caption={`${name}: now and after the undo`}
                  resource={row.entity}
                  names={names}
                  changes={changesOf(row.changes)}
                  hasBefore={values.some((v) => v.from !== null)}
                  hasAfter={values.some((v) => v.to !== null)}
                  labels={['Now', 'After the undo']}
                />
              </div>
            );
          })}
        </>
      ) : null}
      <Refusals answer={answer} />
    </div>
  );
}
