import {
  FINDING_KINDS,
  FINDING_LABELS,
  MIN_PLAYERS,
  type DifficultyFinding,
  type StageDifficulty,
} from '#shared/difficulty.ts';
import type { FollowLink } from '../components/plain-links.ts';
import { KIND_WORDS } from './format.ts';
import { levelFormPath, levelWorkbenchPath } from './paths.ts';

type Placed = DifficultyFinding & { language: string };

function FindingItem({ finding, named, follow }: { finding: Placed; named: boolean; follow: FollowLink }) {
  return (
    <li className="mb-2" data-finding-kind={finding.kind} data-level-number={finding.levelNumber}>
      <span className="badge text-bg-danger me-2">{KIND_WORDS[finding.kind]}</span>
      {named ? <span className="fw-semibold">{finding.language}: </span> : null}
      <span>{finding.message}</span>{' '}
      <span className="text-nowrap">
        <a href={levelFormPath(finding.levelId)} onClick={follow}>
          Open level {finding.levelNumber}
        </a>
        {' · '}
        <a href={levelWorkbenchPath(finding.levelId)} onClick={follow}>
          Its workbench
          <span className="visually-hidden"> (level {finding.levelNumber})</span>
        </a>
      </span>
    </li>
  );
}

/**
 * What stands out in the stage, above the charts: each finding grouped by its kind, with links to
 * the level's form and to its workbench. Says so when nothing does, and why when nothing can.
 */
export function FindingsList({ curves, follow }: { curves: StageDifficulty[]; follow: FollowLink }) {
  const findings: Placed[] = curves.flatMap((curve) =>
    curve.findings.map((finding) => ({ ...finding, language: curve.language })),
  );
  const judged = curves.some((curve) => curve.levels.some((level) => level.judged));
  return (
    <section aria-labelledby="difficulty-findings-title" className="mb-4" data-testid="difficulty-findings">
      <h2 id="difficulty-findings-title" className="h5">
        Findings
      </h2>
      {findings.length === 0 ? (
        <p className="mb-0">
          {judged
            ? 'No level stands out: completion, scores and drop-off follow the stage’s trend.'
            : `No level has ${MIN_PLAYERS} players or more over these filters: too few to judge.`}
        </p>
      ) : (
        FINDING_KINDS.map((kind) => {
          const ofKind = findings.filter((f) => f.kind === kind);
          if (ofKind.length === 0) return null;
          return (
            <div key={kind} className="mb-3">
              <h3 className="h6 mb-2">
                {FINDING_LABELS[kind]} <span className="badge text-bg-secondary">{ofKind.length}</span>
              </h3>
              <ul className="list-unstyled mb-0 ps-1">
                {ofKind.map((finding) => (
                  <FindingItem
                    key={`${finding.language}-${finding.levelId}-${finding.kind}`}
                    finding={finding}
                    named={curves.length > 1}
                    follow={follow}
                  />
                ))}
              </ul>
            </div>
          );
        })
      )}
    </section>
  );
}
