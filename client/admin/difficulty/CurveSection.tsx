import { MIN_PLAYERS, type DifficultyFinding, type StageDifficulty } from '#shared/difficulty.ts';
import type { FollowLink } from '../components/plain-links.ts';
import { BarsChart, LineChart, type ChartPoint } from './charts.tsx';
import { count } from './format.ts';
import { LevelsTable } from './LevelsTable.tsx';

/** Words drawn beside a flagged point, so a flag never rests on colour alone. */
const FLAG_WORDS: Record<DifficultyFinding['kind'], string> = {
  harder: 'harder',
  easier: 'easier',
  'drop-off': 'players stop',
};

function flagOf(curve: StageDifficulty, levelId: number, figure: DifficultyFinding['figure']) {
  const finding = curve.findings.find((f) => f.levelId === levelId && f.figure === figure);
  return finding ? `${FLAG_WORDS[finding.kind]} (${finding.levelNumber})` : null;
}

/** A short summary under the heading: how many levels, and how many players stay along them. */
function summary(curve: StageDifficulty): string {
  const first = curve.levels[0];
  const last = curve.levels[curve.levels.length - 1];
  if (!first || !last) return 'No levels in this stage for this language.';
  const unjudged = curve.levels.filter((l) => !l.judged).length;
  const levels = (n: number) => `${n} ${n === 1 ? 'level' : 'levels'}`;
  return (
    `${levels(curve.levels.length)}: ${count(first.players)} players reached level ${first.number}, ` +
    `${count(last.players)} level ${last.number}.` +
    (unjudged ? ` ${levels(unjudged)} had fewer than ${MIN_PLAYERS} players: too few to judge.` : '')
  );
}

/**
 * One language's curve: completion rate and median score along the levels, the drop-off from one
 * level to the next, and the table that holds every figure (the charts' text alternative).
 */
export function CurveSection({ curve, follow }: { curve: StageDifficulty; follow: FollowLink }) {
  const key = `curve-${curve.languageId}`;
  const tableId = `${key}-table`;
  const tableName = `Levels of stage ${curve.stageNumber} in ${curve.language}`;
  const where = `The figures are in the table “${tableName}” below.`;
  const completion: ChartPoint[] = curve.levels.map((level) => ({
    number: level.number,
    value: level.completionRate,
    judged: level.judged,
    flag: level.judged ? flagOf(curve, level.levelId, 'completion rate') : null,
  }));
  const score: ChartPoint[] = curve.levels.map((level) => ({
    number: level.number,
    value: level.score?.median ?? null,
    low: level.score?.q1 ?? null,
    high: level.score?.q3 ?? null,
    judged: level.judged,
    flag: level.judged ? flagOf(curve, level.levelId, 'median score') : null,
  }));
  const dropOff: ChartPoint[] = curve.levels.map((level) => ({
    number: level.number,
    value: level.dropOff,
    judged: level.judged,
    flag: level.judged ? flagOf(curve, level.levelId, 'drop-off') : null,
  }));
  return (
    <section aria-labelledby={`${key}-title`} className="mb-5" data-curve={curve.language}>
      <h2 id={`${key}-title`} className="h4">
        {curve.language}, stage {curve.stageNumber}
      </h2>
      <p className="text-body-secondary">{summary(curve)}</p>
      {curve.levels.length === 0 ? null : (
        <>
          <div className="row g-4">
            <div className="col-xl-6">
              <h3 className="h6">Completion rate by level</h3>
              <LineChart
                id={`${key}-completion`}
                scale="share"
                points={completion}
                caption={`Completion rate of each level of stage ${curve.stageNumber} in ${curve.language}, in level order; a red ring marks a level far off its neighbours, hollow dots levels too few players reached. ${where}`}
              />
            </div>
            <div className="col-xl-6">
              <h3 className="h6">Median score by level</h3>
              <LineChart
                id={`${key}-score`}
                scale="count"
                points={score}
                caption={`Median highest score of each level, the band from the lower to the upper quartile. ${where}`}
              />
            </div>
            <div className="col-xl-6">
              <h3 className="h6">Players lost to the next level</h3>
              <BarsChart
                id={`${key}-drop-off`}
                scale="share"
                points={dropOff}
                caption={`Share of each level’s players not found on the next level (the last level has none); a red bar marks a level where players stop. ${where}`}
              />
            </div>
          </div>
          <LevelsTable
            id={tableId}
            caption={tableName}
            levels={curve.levels}
            findings={curve.findings}
            follow={follow}
          />
        </>
      )}
    </section>
  );
}
