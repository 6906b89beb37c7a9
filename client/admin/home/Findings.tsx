import { Link } from 'react-router';
import type { DifficultyFindings } from '#shared/difficulty.ts';
import { FINDING_LABELS, findingListPath, type HealthFindings } from '#shared/health-report.ts';
import { HomeDifficultyFindings } from '../difficulty/HomeFindings.tsx';
import { FINDINGS_ID } from './attention.ts';

const fmt = (n: number) => n.toLocaleString('en');

/**
 * The `argus-words lint` findings: a count per kind, and the first few each linking to its list;
 * then how players fare (issue 34), when the report carries it.
 */
export function Findings({
  findings,
  difficulty,
}: {
  findings: HealthFindings | null;
  difficulty?: DifficultyFindings | null;
}) {
  return (
    <div className="card h-100" id={FINDINGS_ID} aria-labelledby="findings-heading">
      <div className="card-body">
        <h3 id="findings-heading" className="h6 card-title">
          Findings
        </h3>
        {findings === null ? (
          <p className="mb-0" role="status">
            The checks are still running over the whole content; reload in a moment.
          </p>
        ) : findings.kinds.length === 0 ? (
          <p className="mb-0">No problems found: every active level can be solved.</p>
        ) : (
          <ul className="list-unstyled mb-0 health-findings">
            {findings.kinds.map((kind) => (
              <li key={kind.kind} className="mb-3" data-finding={kind.kind}>
                <span className="fw-bold">{FINDING_LABELS[kind.kind]}</span>{' '}
                <span className="badge text-bg-danger">{fmt(kind.count)}</span>
                {kind.all ? (
                  <>
                    {' '}
                    <Link to={findingListPath(kind.all)} className="small">
                      Show all {fmt(kind.count)}
                      <span className="visually-hidden"> {FINDING_LABELS[kind.kind].toLowerCase()}</span>
                    </Link>
                  </>
                ) : null}
                <ul className="small mt-1 ps-3">
                  {kind.samples.map((sample) => (
                    <li key={`${sample.entity}-${sample.id}`}>
                      <Link to={findingListPath(sample.list)}>{sample.message}</Link>
                    </li>
                  ))}
                  {kind.count > kind.samples.length ? (
                    <li className="text-body-secondary">and {fmt(kind.count - kind.samples.length)} more</li>
                  ) : null}
                </ul>
              </li>
            ))}
          </ul>
        )}
        {findings?.stale ? (
          <p className="small text-body-secondary mb-0">
            As of {findings.computedAt.slice(0, 16).replace('T', ' ')} UTC; the content changed since and the
            checks are running again.
          </p>
        ) : null}
        <HomeDifficultyFindings difficulty={difficulty} />
      </div>
    </div>
  );
}
