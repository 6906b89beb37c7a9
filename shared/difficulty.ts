/**
 * How real players fare on each level of a stage (`GET levels/cms/difficulty`, an extension of
 * the content API): the figures per level, computed in SQL from the user-level rows, and the
 * findings (spikes and drop-off) this file derives from them. Types and pure logic only: the
 * server, the panel and the CLI read the same definitions.
 */

/** A level with fewer players than this (over the filters) is shown but never judged. */
export const MIN_PLAYERS = 20;
/** Judged levels on each side of a level that make its trend (the median of their figures). */
export const TREND_NEIGHBOURS = 3;
/** How many robust standard deviations (1.4826 × MAD) off the trend is "far off". */
export const FAR_OFF = 3;
/** …and never less than this many percentage points of completion, … */
export const COMPLETION_FLOOR = 0.15;
/** …this share of the trend's median score, … */
export const SCORE_FLOOR = 0.25;
/** …or this many more percentage points of drop-off than the stage's median. */
export const DROP_OFF_FLOOR = 0.2;

export type FindingKind = 'harder' | 'easier' | 'drop-off';
export const FINDING_KINDS: readonly FindingKind[] = ['harder', 'easier', 'drop-off'];

export interface DifficultyFilters {
  stageId: number;
  /** One language; absent: every language with levels in the stage (each its own curve). */
  languageId?: number;
  /** Results updated at or after this instant (ISO 8601); rows from before tracking have no date. */
  since?: string;
  /** …and before this instant. */
  until?: string;
  /** Only players whose account is active and not deleted. */
  activePlayers?: boolean;
}

/** One level's figures over its players' results (rows of `user_levels`). */
export interface LevelFigures {
  levelId: number;
  number: number;
  isActive: boolean;
  /** Players who reached the level: its unlocked user-level rows. */
  players: number;
  /** Share of those players who completed it (0…1); null without players. */
  completionRate: number | null;
  /** Highest score: the median and the quartiles (its spread). */
  score: { q1: number; median: number; q3: number } | null;
  /** Means per player. */
  validWords: number | null;
  duplicateWords: number | null;
  wordsPerSecond: number | null;
  /** Invalid words among all words entered (0…1). */
  invalidShare: number | null;
  /** The most frequent "most valuable word entered", and by how many players. */
  topWord: { word: string; players: number } | null;
  /**
   * Share of the level's players not found on the next level of the stage (0…1); null for the
   * stage's last level (players go on to the next stage) and without players.
   */
  dropOff: number | null;
  /** False with fewer than MIN_PLAYERS players: shown, never judged. */
  judged: boolean;
}

export interface DifficultyFinding {
  kind: FindingKind;
  levelId: number;
  /** The level's number in its stage: what a designer calls it. */
  levelNumber: number;
  figure: 'completion rate' | 'median score' | 'drop-off';
  value: number;
  /** The stage's trend at this level (neighbours' median) or, for drop-off, the stage's median. */
  expected: number;
  /** The judged neighbours the trend was taken from. */
  neighbours: Array<{ number: number; value: number }>;
  message: string;
}

export interface StageDifficulty {
  languageId: number;
  language: string;
  stageId: number;
  stageNumber: number;
  levels: LevelFigures[];
  findings: DifficultyFinding[];
}

export interface DifficultyReport {
  generatedAt: string;
  filters: DifficultyFilters;
  minPlayers: number;
  stage: { id: number; number: number };
  /** One curve per language (a single one with `languageId`). */
  curves: StageDifficulty[];
}

/** A finding on the home: which language and stage it is in. */
export interface PlacedFinding extends DifficultyFinding {
  languageId: number;
  language: string;
  stageId: number;
  stageNumber: number;
}

/** Difficulty findings across every stage, as the home's health report carries them. */
export interface DifficultyFindings {
  computedAt: string;
  stale: boolean;
  findings: PlacedFinding[];
}

export const FINDING_LABELS: Record<FindingKind, string> = {
  harder: 'Levels much harder than their neighbours',
  easier: 'Levels much easier than their neighbours',
  'drop-off': 'Levels where players stop',
};

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** 1.4826 × the median absolute deviation: a standard deviation that outliers do not inflate. */
export const robustSpread = (values: readonly number[]): number => {
  if (values.length === 0) return 0;
  const centre = median(values);
  return 1.4826 * median(values.map((v) => Math.abs(v - centre)));
};

export const percent = (share: number) => `${Math.round(share * 100)} %`;
const figureText = (figure: DifficultyFinding['figure'], value: number) =>
  figure === 'median score' ? String(Math.round(value)) : percent(value);

interface Point {
  level: LevelFigures;
  value: number;
}

/** Each judged level's trend: the median of up to TREND_NEIGHBOURS judged levels on each side. */
function trends(points: Point[]) {
  return points.map((point, i) => {
    const neighbours = [
      ...points.slice(Math.max(0, i - TREND_NEIGHBOURS), i),
      ...points.slice(i + 1, i + 1 + TREND_NEIGHBOURS),
    ];
    return {
      point,
      neighbours,
      trend: neighbours.length >= 2 ? median(neighbours.map((n) => n.value)) : null,
    };
  });
}

/** Levels whose figure lies far off the trend of their neighbours: harder below, easier above. */
function spikes(
  levels: LevelFigures[],
  figure: 'completion rate' | 'median score',
  valueOf: (level: LevelFigures) => number | null,
  floor: (trend: number) => number,
): DifficultyFinding[] {
  const points = levels.flatMap((level) => {
    const value = level.judged ? valueOf(level) : null;
    return value === null ? [] : [{ level, value }];
  });
  const withTrend = trends(points).filter((t) => t.trend !== null);
  const spread = robustSpread(withTrend.map((t) => t.point.value - t.trend!));
  return withTrend.flatMap(({ point, neighbours, trend }) => {
    const off = point.value - trend!;
    if (Math.abs(off) <= Math.max(FAR_OFF * spread, floor(trend!))) return [];
    // A lower completion rate or score than the neighbours': players find the level harder.
    const kind: FindingKind = off < 0 ? 'harder' : 'easier';
    const around = neighbours.map((n) => `${n.level.number}: ${figureText(figure, n.value)}`).join(', ');
    return [
      {
        kind,
        levelId: point.level.levelId,
        levelNumber: point.level.number,
        figure,
        value: point.value,
        expected: trend!,
        neighbours: neighbours.map((n) => ({ number: n.level.number, value: n.value })),
        message:
          `Level ${point.level.number}: ${figure} ${figureText(figure, point.value)} where its ` +
          `neighbours have ${figureText(figure, trend!)} (levels ${around})`,
      },
    ];
  });
}

/** Levels whose players stop coming back far more often than the stage's usual drop-off. */
function dropOffs(levels: LevelFigures[]): DifficultyFinding[] {
  const points = levels.flatMap((level) =>
    level.judged && level.dropOff !== null ? [{ level, value: level.dropOff }] : [],
  );
  if (points.length < 3) return [];
  const usual = median(points.map((p) => p.value));
  const limit = usual + Math.max(FAR_OFF * robustSpread(points.map((p) => p.value)), DROP_OFF_FLOOR);
  return points.flatMap(({ level, value }, i) => {
    if (value <= limit) return [];
    const next = levels[levels.indexOf(level) + 1];
    const neighbours = [points[i - 1], points[i + 1]].filter((p) => p !== undefined);
    return [
      {
        kind: 'drop-off' as const,
        levelId: level.levelId,
        levelNumber: level.number,
        figure: 'drop-off' as const,
        value,
        expected: usual,
        neighbours: neighbours.map((p) => ({ number: p.level.number, value: p.value })),
        message:
          `Level ${level.number}: ${percent(value)} of its ${level.players} players do not reach level ` +
          `${next?.number ?? '?'} where the stage usually loses ${percent(usual)}`,
      },
    ];
  });
}

/**
 * The findings of one stage's curve (levels in their order): completion rate and median score
 * against the trend of their neighbours, drop-off against the stage's median. Levels with too
 * few players are left out of every judgement, theirs and their neighbours'.
 */
export function findSpikes(levels: LevelFigures[]): DifficultyFinding[] {
  const findings = [
    ...spikes(
      levels,
      'completion rate',
      (l) => l.completionRate,
      () => COMPLETION_FLOOR,
    ),
    ...spikes(
      levels,
      'median score',
      (l) => l.score?.median ?? null,
      (trend) => Math.max(1, SCORE_FLOOR * trend),
    ),
    ...dropOffs(levels),
  ];
  // A level harder by both figures is one finding, named by its completion rate (found first).
  const seen = new Set<string>();
  return findings
    .filter((f) => {
      const key = `${f.kind}:${f.levelId}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.levelNumber - b.levelNumber || a.kind.localeCompare(b.kind));
}

/** The levels of a curve too few players reached to judge. */
export const unjudged = (levels: readonly LevelFigures[]) => levels.filter((l) => !l.judged);
