import { Link } from 'react-router';
import { FINDING_KINDS, FINDING_LABELS, type DifficultyFindings } from '#shared/difficulty.ts';
import { DIFFICULTY_FINDINGS_ID } from '../home/attention.ts';
import { difficultyPath } from './paths.ts';

/** Samples shown per kind; the rest are counted. */
const SAMPLES = 3;

const fmt = (n: number) => n.toLocaleString('en');

/**
 * The difficulty findings among the home's content-health findings (issue 34): per kind, the count
 * and the first few, each naming its language and stage and opening that stage's Difficulty
 * screen. Null: still being computed. An external API that has none (undefined) shows nothing.
 */
export function HomeDifficultyFindings({
  difficulty,
}: {
  difficulty: DifficultyFindings | null | undefined;
}) {
  if (difficulty === undefined) return null;
  return (
    <div className="mt-3" id={DIFFICULTY_FINDINGS_ID} data-testid="difficulty-findings-home">
      <h4 className="h6">How players fare</h4>
      {difficulty === null ? (
        <p className="mb-0" role="status">
          Players’ results are still being read for every stage; reload in a moment.
        </p>
      ) : difficulty.findings.length === 0 ? (
        <p className="mb-0">No level stands out in players’ results.</p>
      ) : (
        <ul className="list-unstyled mb-0 health-findings">
          {FINDING_KINDS.map((kind) => {
            const ofKind = difficulty.findings.filter((f) => f.kind === kind);
            if (ofKind.length === 0) return null;
            return (
              <li key={kind} className="mb-3" data-finding={`difficulty-${kind}`}>
                <span className="fw-bold">{FINDING_LABELS[kind]}</span>{' '}
                <span className="badge text-bg-danger">{fmt(ofKind.length)}</span>
                <ul className="small mt-1 ps-3">
                  {ofKind.slice(0, SAMPLES).map((f) => (
                    <li key={`${f.languageId}-${f.levelId}`}>
                      <Link to={difficultyPath({ stage: f.stageNumber, language: f.languageId })}>
                        {f.language}, stage {f.stageNumber} · {f.message}
                      </Link>
                    </li>
                  ))}
                  {ofKind.length > SAMPLES ? (
                    <li className="text-body-secondary">and {fmt(ofKind.length - SAMPLES)} more</li>
                  ) : null}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
      {difficulty?.stale ? (
        <p className="small text-body-secondary mb-0">
          As of {difficulty.computedAt.slice(0, 16).replace('T', ' ')} UTC; new results came in since and they
          are being read again.
        </p>
      ) : null}
    </div>
  );
}
