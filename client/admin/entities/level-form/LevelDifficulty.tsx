import { useEffect, useState } from 'react';
import type { DifficultyReport, LevelFigures, StageDifficulty } from '#shared/difficulty.ts';
import { MIN_PLAYERS, TREND_NEIGHBOURS, median } from '#shared/difficulty.ts';
import { panelApi } from '#client/admin/api.ts';
import { useHydrated } from '#client/admin/components/useHydrated.ts';
import { useFollowLink } from '#client/admin/components/plain-links.ts';
import { count, KIND_WORDS, num, pct, tooFew } from '#client/admin/difficulty/format.ts';
import { difficultyPath } from '#client/admin/difficulty/paths.ts';
import { errorMessage } from '../entity-api.ts';

export const LEVEL_DIFFICULTY_ID = 'how-players-fare';

type State =
  { status: 'loading' } | { status: 'done'; report: DifficultyReport } | { status: 'error'; message: string };

/** The stage's figures for the level's language, asked once the page is hydrated (as the workbench). */
function useStageDifficulty(stageId: number, languageId: number, hydrated: boolean): State {
  const [state, setState] = useState<{ key: string; state: State } | null>(null);
  const key = `${stageId}-${languageId}`;
  useEffect(() => {
    if (!hydrated) return;
    let current = true;
    panelApi()
      .difficulty.ofStage({ stageId, languageId })
      .then(
        (report) => current && setState({ key, state: { status: 'done', report } }),
        (error: unknown) =>
          current && setState({ key, state: { status: 'error', message: errorMessage(error) } }),
      );
    return () => {
      current = false;
    };
  }, [hydrated, key, stageId, languageId]);
  return state?.key === key ? state.state : { status: 'loading' };
}

/** Up to TREND_NEIGHBOURS levels on each side, as the trend is taken. */
function neighboursOf(curve: StageDifficulty, level: LevelFigures): LevelFigures[] {
  const at = curve.levels.indexOf(level);
  return [
    ...curve.levels.slice(Math.max(0, at - TREND_NEIGHBOURS), at),
    ...curve.levels.slice(at + 1, at + 1 + TREND_NEIGHBOURS),
  ];
}

function Figures({ curve, level }: { curve: StageDifficulty; level: LevelFigures }) {
  const neighbours = neighboursOf(curve, level);
  const judged = neighbours.filter((n) => n.judged && n.completionRate !== null);
  const findings = curve.findings.filter((f) => f.levelId === level.levelId);
  return (
    <>
      {findings.map((finding) => (
        <p key={finding.kind} className="mb-2" data-finding-kind={finding.kind}>
          <span className="badge text-bg-danger me-2">{KIND_WORDS[finding.kind]}</span>
          {finding.message}
        </p>
      ))}
      <dl className="small mb-2">
        <dt>Players</dt>
        <dd>{level.judged ? count(level.players) : `${count(level.players)}: ${tooFew(level.players)}`}</dd>
        {level.judged ? (
          <>
            <dt>Completion rate</dt>
            <dd>{pct(level.completionRate)}</dd>
            <dt>Median score</dt>
            <dd>
              {level.score
                ? `${num(level.score.median, 0)} (quartiles ${num(level.score.q1, 0)}–${num(level.score.q3, 0)})`
                : '—'}
            </dd>
            <dt>Drop-off to next level</dt>
            <dd>{level.dropOff === null ? 'last level of the stage' : pct(level.dropOff)}</dd>
          </>
        ) : null}
        <dt>Neighbours’ completion rate</dt>
        <dd>
          {judged.length === 0
            ? `none has ${MIN_PLAYERS} players or more`
            : `${pct(median(judged.map((n) => n.completionRate!)))} (median; ${judged
                .map((n) => `level ${n.number}: ${pct(n.completionRate)}`)
                .join(', ')})`}
        </dd>
      </dl>
      {findings.length === 0 && level.judged ? (
        <p className="small mb-2">Nothing stands out: it follows the stage’s trend.</p>
      ) : null}
    </>
  );
}

/**
 * "How players fare" beside the workbench (issue 34): the level's figures from its players'
 * results, its neighbours' completion rate, any finding about it, and the way to its stage's
 * Difficulty screen. Asked after hydration, like the workbench's verdict.
 */
export function LevelDifficulty({
  levelId,
  stageId,
  languageId,
}: {
  levelId: number;
  stageId: number;
  languageId: number;
}) {
  const hydrated = useHydrated();
  const follow = useFollowLink();
  const state = useStageDifficulty(stageId, languageId, hydrated);
  const report = state.status === 'done' ? state.report : null;
  const curve = report?.curves.find((c) => c.languageId === languageId);
  const level = curve?.levels.find((l) => l.levelId === levelId);
  let status = '';
  if (!hydrated) status = 'How players fare appears once the page has loaded.';
  else if (state.status === 'loading') status = 'Reading players’ results…';
  else if (state.status === 'error') status = `Could not read players’ results: ${state.message}`;
  else if (!level) status = 'No player has reached this level yet.';
  return (
    <section
      id={LEVEL_DIFFICULTY_ID}
      aria-labelledby={`${LEVEL_DIFFICULTY_ID}-title`}
      className="border rounded p-3 mb-3 level-difficulty"
      aria-busy={state.status === 'loading' && hydrated}
      data-testid="level-difficulty"
    >
      <h2 id={`${LEVEL_DIFFICULTY_ID}-title`} className="h6">
        How players fare
      </h2>
      <div aria-live="polite">
        {status ? <p className={state.status === 'error' ? 'text-danger mb-2' : 'mb-2'}>{status}</p> : null}
        {curve && level ? <Figures curve={curve} level={level} /> : null}
      </div>
      {report ? (
        <a href={difficultyPath({ stage: report.stage.number, language: languageId })} onClick={follow}>
          Stage {report.stage.number}
          {curve ? ` in ${curve.language}` : ''} on the Difficulty screen
        </a>
      ) : null}
    </section>
  );
}
