import { describe, expect, it } from 'vitest';
import { findSpikes, median, MIN_PLAYERS, type LevelFigures } from '#shared/difficulty.ts';
import {
  EXPECTED_FINDINGS,
  plantDifficulty,
  plantedCompletion,
  plantedDropOff,
  REACH,
  type InsertRows,
  type PlantTable,
} from './difficulty-plant.ts';

type Row = Record<string, unknown>;

/** The plant's rows kept in memory, with ids as a database would give them. */
function memory() {
  const tables = new Map<PlantTable, Row[]>();
  const insert: InsertRows = async (table, rows) => {
    const kept = tables.get(table) ?? [];
    tables.set(table, kept);
    return rows.map((row) => {
      kept.push({ ...row, id: kept.length + 1 });
      return kept.length;
    });
  };
  return { insert, rows: (table: PlantTable) => tables.get(table) ?? [] };
}

/** The figures the shared rules judge, computed plainly from the rows (what the SQL must agree with). */
function figures(levelIds: number[], results: Row[]): LevelFigures[] {
  const reached = (levelId: number) => results.filter((r) => r.levelId === levelId && r.locked === false);
  return levelIds.map((levelId, k) => {
    const rows = reached(levelId);
    const next = levelIds[k + 1];
    const onNext = next === undefined ? null : new Set(reached(next).map((r) => r.userId));
    const scores = rows.map((r) => Number(r.highestScore));
    return {
      levelId,
      number: k + 1,
      isActive: true,
      players: rows.length,
      completionRate: rows.filter((r) => r.completed).length / rows.length,
      score: { q1: 0, median: median(scores), q3: 0 },
      validWords: null,
      duplicateWords: null,
      wordsPerSecond: null,
      invalidShare: null,
      topWord: null,
      dropOff: onNext === null ? null : rows.filter((r) => !onNext.has(r.userId)).length / rows.length,
      judged: rows.length >= MIN_PLAYERS,
    };
  });
}

describe('the planted difficulty (tests/helpers/difficulty-plant.ts)', () => {
  it('holds level 7 harder and level 12 a drop-off, and nothing else, by the shared rules', async () => {
    const { insert, rows } = memory();
    const planted = await plantDifficulty(insert, { languageId: 1 });
    expect(planted.levelIds).toHaveLength(15);
    expect(REACH.slice(0, 13)).toEqual([200, 196, 192, 188, 184, 181, 177, 174, 170, 167, 163, 160, 48]);
    const levels = figures(planted.levelIds, rows('userLevels'));
    expect(levels.map((l) => l.players)).toEqual(REACH);
    expect(levels[6]!.completionRate).toBeCloseTo(plantedCompletion(7));
    expect(plantedCompletion(7)).toBeCloseTo(0.2, 1);
    expect(levels[11]!.dropOff).toBeCloseTo(plantedDropOff(12)!);
    expect(plantedDropOff(12)).toBeCloseTo(0.7, 2);
    const found = findSpikes(levels).map((f) => ({ levelNumber: f.levelNumber, kind: f.kind }));
    expect(found).toEqual(EXPECTED_FINDINGS);
  });
});
