import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findSpikes, median, MIN_PLAYERS, robustSpread, type LevelFigures } from './difficulty.ts';

/** A level as the API computes it, from the figures a test cares about. */
function level(number: number, completionRate: number, players = 100, scoreMedian = 500): LevelFigures {
  return {
    levelId: 1000 + number,
    number,
    isActive: true,
    players,
    completionRate,
    score: { q1: scoreMedian - 50, median: scoreMedian, q3: scoreMedian + 50 },
    validWords: 10,
    duplicateWords: 1,
    wordsPerSecond: 0.5,
    invalidShare: 0.1,
    topWord: null,
    dropOff: null,
    judged: players >= MIN_PLAYERS,
  };
}

/** Levels 1…n with the given completion rates; players decline by `decline` a level unless told. */
function curve(rates: number[], players: (n: number) => number = () => 100): LevelFigures[] {
  const levels = rates.map((rate, i) => level(i + 1, rate, players(i + 1)));
  return levels.map((l, i) => ({
    ...l,
    dropOff: i + 1 < levels.length ? 1 - levels[i + 1]!.players / l.players : null,
  }));
}

const kinds = (levels: LevelFigures[]) => findSpikes(levels).map((f) => `${f.levelNumber}:${f.kind}`);

describe('difficulty findings', () => {
  it('a smooth curve has none, even one that gets harder steadily', () => {
    expect(kinds(curve([0.9, 0.88, 0.86, 0.84, 0.82, 0.8, 0.78, 0.76, 0.74, 0.72]))).toEqual([]);
  });

  it('a level far below its neighbours is harder, far above easier', () => {
    expect(kinds(curve([0.8, 0.82, 0.79, 0.81, 0.2, 0.8, 0.78, 0.81, 0.8]))).toEqual(['5:harder']);
    expect(kinds(curve([0.5, 0.52, 0.49, 0.51, 0.95, 0.5, 0.48, 0.5, 0.5]))).toEqual(['5:easier']);
  });

  it('within the floor of 15 points nothing is flagged, however flat the rest', () => {
    // All neighbours exactly 80 %: the spread is 0, so only the floor decides.
    expect(kinds(curve([0.8, 0.8, 0.8, 0.8, 0.66, 0.8, 0.8, 0.8]))).toEqual([]);
    expect(kinds(curve([0.8, 0.8, 0.8, 0.8, 0.64, 0.8, 0.8, 0.8]))).toEqual(['5:harder']);
  });

  it('a noisy stage needs a larger gap (three robust standard deviations)', () => {
    const noisy = [0.8, 0.5, 0.85, 0.45, 0.6, 0.9, 0.4, 0.8, 0.55, 0.85];
    const spread = robustSpread(noisy);
    expect(spread).toBeGreaterThan(0.15);
    expect(kinds(curve(noisy))).toEqual([]);
  });

  it('a median score far off the trend is a spike too, named once with completion', () => {
    const levels = curve([0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8]).map((l) =>
      l.number === 4 ? { ...l, score: { q1: 50, median: 100, q3: 150 } } : l,
    );
    const found = findSpikes(levels);
    expect(found.map((f) => `${f.levelNumber}:${f.kind}:${f.figure}`)).toEqual(['4:harder:median score']);
    expect(found[0]!.message).toBe(
      'Level 4: median score 100 where its neighbours have 500 (levels 1: 500, 2: 500, 3: 500, 5: 500, 6: 500, 7: 500)',
    );
  });

  it('players stopping at one level is a drop-off; the last level is never judged for it', () => {
    const players = (n: number) => (n <= 6 ? 200 - n * 4 : 60 - n);
    expect(kinds(curve([0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8, 0.8], players))).toEqual(['6:drop-off']);
  });

  it('levels with too few players are never judged, nor used as neighbours', () => {
    const levels = curve([0.8, 0.8, 0.8, 0.1, 0.8, 0.8, 0.8]);
    levels[3] = { ...levels[3]!, players: MIN_PLAYERS - 1, judged: false };
    expect(kinds(levels)).toEqual([]);
    // A level between two unjudged ones takes the judged levels beyond them as neighbours.
    const gaps = curve([0.8, 0.8, 0.8, 0.3, 0.2, 0.3, 0.8, 0.8, 0.8]).map((l) =>
      l.number === 4 || l.number === 6 ? { ...l, judged: false } : l,
    );
    expect(findSpikes(gaps).map((f) => [f.levelNumber, f.neighbours.map((n) => n.number)])).toEqual([
      [5, [1, 2, 3, 7, 8, 9]],
    ]);
  });

  it('the same completion rate everywhere never gives a finding, whatever the rate and length', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 40 }), (rate, n) => {
        expect(findSpikes(curve(Array.from({ length: n }, () => rate)))).toEqual([]);
      }),
    );
  });

  it('a spike found stays found when every level is shifted by the same amount', () => {
    fc.assert(
      fc.property(fc.double({ min: -0.1, max: 0.1, noNaN: true }), (shift) => {
        const rates = [0.7, 0.72, 0.69, 0.71, 0.2, 0.7, 0.68, 0.71, 0.7].map((r) => r + shift);
        expect(kinds(curve(rates))).toEqual(['5:harder']);
      }),
    );
  });

  it('median and robust spread', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(robustSpread([1, 1, 1, 50])).toBe(0);
    expect(robustSpread([])).toBe(0);
  });
});
