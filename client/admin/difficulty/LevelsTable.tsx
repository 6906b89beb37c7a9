import type { FollowLink } from '../components/plain-links.ts';
import type { DifficultyFinding, LevelFigures } from '#shared/difficulty.ts';
import { count, num, pct, tooFew } from './format.ts';
import { levelFormPath } from './paths.ts';

const HEADERS = [
  'Players',
  'Completion rate',
  'Median score (q1–q3)',
  'Valid words',
  'Invalid-word share',
  'Duplicates',
  'Words per second',
  'Most valuable word',
  'Drop-off to next level',
] as const;

function Figures({ level, flagged }: { level: LevelFigures; flagged: Set<string> }) {
  const mark = (figure: string, text: string) =>
    flagged.has(figure) ? (
      <>
        <strong className="difficulty-flagged-cell">{text}</strong>
        <span className="visually-hidden"> (flagged)</span>
      </>
    ) : (
      text
    );
  return (
    <>
      <td className="text-end">{mark('completion rate', pct(level.completionRate))}</td>
      <td className="text-end text-nowrap">
        {level.score
          ? mark(
              'median score',
              `${num(level.score.median, 0)} (${num(level.score.q1, 0)}–${num(level.score.q3, 0)})`,
            )
          : '—'}
      </td>
      <td className="text-end">{num(level.validWords)}</td>
      <td className="text-end">{pct(level.invalidShare)}</td>
      <td className="text-end">{num(level.duplicateWords)}</td>
      <td className="text-end">{num(level.wordsPerSecond, 2)}</td>
      <td>{level.topWord ? `${level.topWord.word} (${count(level.topWord.players)})` : '—'}</td>
      <td className="text-end">
        {level.dropOff === null ? 'last level' : mark('drop-off', pct(level.dropOff))}
      </td>
    </>
  );
}

/**
 * Every level of a curve with its figures: the charts' text alternative, and what a designer
 * reads closely. A level too few players reached says so instead of showing figures.
 */
export function LevelsTable({
  id,
  caption,
  levels,
  findings,
  follow,
}: {
  id: string;
  caption: string;
  levels: LevelFigures[];
  findings: DifficultyFinding[];
  follow: FollowLink;
}) {
  return (
    <div className="table-responsive difficulty-table" tabIndex={0} role="region" aria-labelledby={id}>
      <table className="table table-sm align-middle mb-0" data-testid="difficulty-table">
        <caption id={id} className="caption-top">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">Level</th>
            {HEADERS.map((header) => (
              <th scope="col" key={header} className={header === 'Most valuable word' ? '' : 'text-end'}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {levels.map((level) => {
            const flagged = new Set(findings.filter((f) => f.levelId === level.levelId).map((f) => f.figure));
            return (
              <tr
                key={level.levelId}
                data-level={level.number}
                className={flagged.size ? 'difficulty-flagged-row' : undefined}
              >
                <th scope="row" className="text-nowrap">
                  <a href={levelFormPath(level.levelId)} onClick={follow}>
                    Level {level.number}
                  </a>
                  {level.isActive ? null : <span className="text-body-secondary small"> (inactive)</span>}
                </th>
                <td className="text-end">{count(level.players)}</td>
                {level.judged ? (
                  <Figures level={level} flagged={flagged} />
                ) : (
                  <td colSpan={HEADERS.length - 1} className="text-body-secondary fst-italic">
                    {tooFew(level.players)}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
