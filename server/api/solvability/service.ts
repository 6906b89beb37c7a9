import { sql } from 'kysely';
import { levelSolvability, type LevelSolvability, type SolvabilityLevel } from '#shared/solvability.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { computeAllVerdicts, type Verdicts } from './compute-all.ts';
import { groupsWithWords, linkedGroupIds, storedLevels } from './load.ts';

/** SQLite has no change counter per table: an answer over every level is kept at most this long. */
const SQLITE_TTL_MS = 5 * 60_000;
/**
 * A computation over every level that took longer than this (the large data set's takes seconds)
 * is not waited for again: after a change the last verdicts are answered while new ones are
 * computed (stale while revalidating). Small data sets always wait.
 */
const WAIT_AT_MOST_MS = 1000;
/** The tables a verdict depends on. */
const TABLES = ['levels', 'letter_group_levels', 'letter_groups', 'letter_group_words', 'words'];

export type { Verdicts };

export function createSolvabilityService(database: DatabaseHandle, clock: () => number = Date.now) {
  /** Each stored level of `ids` (missing ones left out) judged with its linked letter groups. */
  async function ofLevels(ids: readonly number[]): Promise<Map<number, LevelSolvability>> {
    const [levels, links] = await Promise.all([storedLevels(database, ids), linkedGroupIds(database, ids)]);
    const groups = await groupsWithWords(database, [...links.values()].flat());
    const answers = new Map<number, LevelSolvability>();
    for (const [id, level] of levels) {
      const linked = (links.get(id) ?? []).flatMap((g) => groups.get(g) ?? []);
      answers.set(id, levelSolvability(level, linked));
    }
    return answers;
  }

  /** A level's values, saved or not: its own links (by `id`) unless `letterGroupIds` names others. */
  async function ofValues(
    level: SolvabilityLevel & { id?: number | null },
    letterGroupIds?: readonly number[],
  ): Promise<LevelSolvability> {
    const ids =
      letterGroupIds ?? (level.id ? ((await linkedGroupIds(database, [level.id])).get(level.id) ?? []) : []);
    const groups = await groupsWithWords(database, ids);
    return levelSolvability(
      level,
      ids.flatMap((g) => groups.get(g) ?? []),
    );
  }

  /** A value that changes when a table a verdict depends on changes (see SQLITE_TTL_MS). */
  async function version(): Promise<string> {
    if (database.dialect === 'postgres') {
      return (await Promise.all(TABLES.map((t) => database.changeVersion(t)))).join(',');
    }
    const rows = await database.read(sql`select max(id) as n from audit_log`.compile(database.db));
    return `${String(rows[0]?.n)}@${Math.floor(clock() / SQLITE_TTL_MS)}`;
  }

  let cached: { version: string; verdicts: Promise<Verdicts> } | null = null;
  let last: { verdicts: Verdicts; ms: number } | null = null;

  /** Every level's verdict (compute-all.ts: reads off the event loop, judging in short slices). */
  async function computeAll(): Promise<Verdicts> {
    const started = performance.now();
    const verdicts = await computeAllVerdicts(database);
    last = { verdicts, ms: performance.now() - started };
    return verdicts;
  }

  return {
    ofLevels,
    ofValues,
    /**
     * Every level's verdict, kept while nothing it depends on changes; one computation at a time,
     * shared by the requests that wait for it (or, when the last one was long, not waited for: see
     * WAIT_AT_MOST_MS).
     */
    async all(): Promise<Verdicts> {
      const current = await version();
      if (cached?.version !== current) {
        const verdicts = computeAll();
        cached = { version: current, verdicts };
        verdicts.catch(() => {
          if (cached?.verdicts === verdicts) cached = null;
        });
      }
      const settled = await Promise.race([cached.verdicts, Promise.resolve(null)]);
      if (settled === null && last && last.ms > WAIT_AT_MOST_MS) return last.verdicts;
      return cached.verdicts;
    },
  };
}

export type SolvabilityService = ReturnType<typeof createSolvabilityService>;
