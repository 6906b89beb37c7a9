import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { PlacedFinding, StageDifficulty } from '#shared/difficulty.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { stageFigures, type FiguresQuery } from './figures.ts';

/** Computed curves kept at most: a designer's filters over a few stages. */
const KEPT = 64;

export interface DifficultyService {
  /** A stage's curves: computed once per change of the tables they read, whoever writes them. */
  stage(query: FiguresQuery): Promise<StageDifficulty[]>;
  /** Every stage's findings for every language (the home's), from the same kept curves. */
  allFindings(): Promise<PlacedFinding[]>;
}

/**
 * Figures are kept until a table they read changes: the players' results (written by the game
 * straight into the database), the levels, the languages and stages, and (active players only)
 * the players. SQLite's version moves with any commit by any connection; PostgreSQL's with any
 * statement on the table (change counters, migration 0007), so a row the game commits counts on
 * the next request, without a restart. Two requests for the same figures share one computation.
 */
export function createDifficultyService(database: DatabaseHandle): DifficultyService {
  const kept = new Map<string, { version: string; curves: Promise<StageDifficulty[]> }>();
  const db = database.db as unknown as Kysely<never>;

  const versionOf = async (query: FiguresQuery) => {
    const tables = [
      'user_levels',
      'levels',
      'languages',
      'stages',
      ...(query.activePlayers ? ['users'] : []),
    ];
    return (await Promise.all(tables.map((t) => database.changeVersion(t)))).join('|');
  };

  /** One language's curve (`query.languages` names one), kept under `version`. */
  function curveOf(query: FiguresQuery, version: string): Promise<StageDifficulty[]> {
    const key = JSON.stringify(query);
    const known = kept.get(key);
    if (known?.version === version) {
      // Most recently used last: the first key is the one to forget.
      kept.delete(key);
      kept.set(key, known);
      return known.curves;
    }
    const curves = stageFigures(database, query);
    kept.set(key, { version, curves });
    curves.catch(() => kept.get(key)?.curves === curves && kept.delete(key));
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    return curves;
  }

  /**
   * A stage's curves, one language at a time and those at once: each is a bounded read of its
   * own rows, they run side by side (two read workers, or PostgreSQL's pool), and a designer who
   * switches between one language and all of them reuses what was computed.
   */
  async function stage(query: FiguresQuery): Promise<StageDifficulty[]> {
    const [version, languages] = await Promise.all([
      versionOf(query),
      query.languages ??
        database
          .read(sql`select distinct language_id from levels where stage_id = ${query.stageId}`.compile(db))
          .then((rows) => rows.map((row) => Number(row.languageId))),
    ]);
    const curves = await Promise.all(
      [...languages].sort((a, b) => a - b).map((id) => curveOf({ ...query, languages: [id] }, version)),
    );
    return curves.flat().sort((a, b) => a.language.localeCompare(b.language) || a.languageId - b.languageId);
  }

  async function allFindings(): Promise<PlacedFinding[]> {
    const stages = await database.read(sql`select id from stages order by number, id`.compile(db));
    const found: PlacedFinding[] = [];
    // One stage after another: each is bounded by its own rows, and other requests go between.
    for (const { id } of stages) {
      for (const curve of await stage({ stageId: Number(id), languages: null })) {
        const { languageId, language, stageId, stageNumber } = curve;
        found.push(...curve.findings.map((f) => ({ ...f, languageId, language, stageId, stageNumber })));
      }
    }
    return found;
  }

  return { stage, allFindings };
}
