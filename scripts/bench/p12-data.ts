import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { BenchContext } from './context.ts';
import { SQLITE_FILE } from './data/fill.ts';

/** The busiest stage, and the busiest stage+language, by user-level rows (locked or not). */
export interface Busiest {
  stageId: number;
  stageRows: number;
  /** The stage+language with the most rows (its stage may differ from `stageId`). */
  pair: { stageId: number; languageId: number; rows: number };
  userLevels: number;
  /** user_level_times rows: the results a `since` filter can see (stamped by triggers). */
  stamped: number;
}

/** P12's direct access to the data set: one count at the start, and a write that moves the versions. */
export interface DifficultyData {
  busiest: Busiest;
  /**
   * A commit that changes nothing (`number = number` on one stage): the tables the kept curves
   * read have a new version, so the next request computes them again.
   */
  touch(stageId: number): Promise<void>;
  close(): Promise<void>;
}

const COUNT = `select l.stage_id as stage, l.language_id as language, count(*) as n
  from user_levels ul join levels l on l.id = ul.level_id group by l.stage_id, l.language_id`;
const TOUCH = 'update stages set number = number where id = ';

function busiestOf(rows: Array<{ stage: unknown; language: unknown; n: unknown }>, stamped: number): Busiest {
  const perStage = new Map<number, number>();
  let pair = { stageId: 0, languageId: 0, rows: -1 };
  for (const r of rows) {
    const [stageId, languageId, n] = [Number(r.stage), Number(r.language), Number(r.n)];
    perStage.set(stageId, (perStage.get(stageId) ?? 0) + n);
    if (n > pair.rows) pair = { stageId, languageId, rows: n };
  }
  const [stageId, stageRows] = [...perStage].reduce((a, b) => (b[1] > a[1] ? b : a));
  const userLevels = [...perStage.values()].reduce((a, b) => a + b, 0);
  return { stageId, stageRows, pair, userLevels, stamped };
}

export async function openDifficultyData(ctx: BenchContext): Promise<DifficultyData> {
  if (ctx.dialect === 'postgres') {
    const client = new pg.Client({ connectionString: ctx.databaseUrl! });
    await client.connect();
    const { rows } = await client.query<{ stage: unknown; language: unknown; n: unknown }>(COUNT);
    const stamped = await client.query<{ n: string }>('select count(*) as n from user_level_times');
    return {
      busiest: busiestOf(rows, Number(stamped.rows[0]!.n)),
      touch: async (stageId) => void (await client.query(`${TOUCH}$1`, [stageId])),
      close: () => client.end(),
    };
  }
  const db = new SQLite(path.join(ctx.dataDir, SQLITE_FILE));
  db.pragma('busy_timeout = 10000');
  const rows = db.prepare(COUNT).all() as Array<{ stage: unknown; language: unknown; n: unknown }>;
  const stamped = db.prepare('select count(*) as n from user_level_times').get() as { n: number };
  const touch = db.prepare(`${TOUCH}?`);
  return {
    busiest: busiestOf(rows, stamped.n),
    touch: async (stageId) => void touch.run(stageId),
    close: async () => void db.close(),
  };
}
