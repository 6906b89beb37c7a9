import { sql, type Kysely, type RawBuilder } from 'kysely';
import { findSpikes, MIN_PLAYERS, type LevelFigures, type StageDifficulty } from '#shared/difficulty.ts';
import type { DatabaseHandle } from '../../db/database.ts';

/** What one computation reads: a stage, optionally some languages, the players' filters. */
export interface FiguresQuery {
  stageId: number;
  /** null: every language. */
  languages: readonly number[] | null;
  /** ISO instants, `since` inclusive, `until` exclusive. */
  since?: string;
  until?: string;
  activePlayers?: boolean;
}

type Row = Record<string, unknown>;
const num = (value: unknown) => Number(value ?? 0);
const yes = (value: unknown) => value === true || value === 1;

/**
 * The reached results (unlocked user-level rows) of the stage's levels, after the filters, read
 * once per computation (materialized): every part of the statement below reads this one set.
 * The stage's levels come first (SQLite: `cross join` keeps that order, since its statistics
 * may prefer another index), then each level's range of `user_levels_results_idx`, which holds
 * every column read: a stage costs its own rows, side by side, never the table's million.
 */
function results(q: FiguresQuery, dialect: DatabaseHandle['dialect']): RawBuilder<unknown> {
  const pg = dialect === 'postgres';
  const time = (iso: string) => (pg ? sql`${iso}::timestamptz` : sql`${iso}`);
  const conditions = [
    sql`l.stage_id = ${q.stageId}`,
    sql`ul.level_id = l.id`,
    sql`ul.locked = ${pg ? false : 0}`,
  ];
  if (q.languages) conditions.push(sql`l.language_id in (${sql.join(q.languages.map((id) => sql`${id}`))})`);
  if (q.since) conditions.push(sql`t.updated_at >= ${time(q.since)}`);
  if (q.until) conditions.push(sql`t.updated_at < ${time(q.until)}`);
  const dated =
    q.since || q.until
      ? sql`join user_level_times t on t.level_id = ul.level_id and t.user_id = ul.user_id`
      : sql``;
  // Inactive or deleted players are few: each result is looked up in their small partial index
  // (users_inactive_idx; SQLite is told to, as it would rather read the million-row table).
  if (q.activePlayers)
    conditions.push(
      pg
        ? sql`not exists (select 1 from users x where x.id = ul.user_id and (not x.is_active or x.deleted_at is not null))`
        : sql`not exists (select 1 from users x indexed by users_inactive_idx
            where x.id = ul.user_id and (x.is_active = 0 or x.deleted_at is not null))`,
    );
  return sql`results as materialized (
    select ul.level_id, ul.user_id, ul.completed, ul.highest_score, ul.valid_words, ul.invalid_words,
      ul.duplicate_words, ul.words_per_second, ul.most_valuable_word_entered as word
    from levels l ${pg ? sql`join user_levels ul on true` : sql`cross join user_levels ul`}
    ${dated}
    where ${sql.join(conditions, sql` and `)}
  )`;
}

/**
 * Each level's figures and findings, one curve per language with levels in the stage: two reads,
 * the levels and one statement that aggregates the results in the database — per level (`s`
 * rows) the sums and means, the score's quartiles and the players also found on the next active
 * level of the stage within the same results (its drop-off); the most frequent word (`w` rows).
 */
export async function stageFigures(database: DatabaseHandle, q: FiguresQuery): Promise<StageDifficulty[]> {
  const db = database.db as unknown as Kysely<never>;
  const read = (query: RawBuilder<unknown>) => database.read(query.compile(db));
  const pg = database.dialect === 'postgres';
  const inLanguages = q.languages
    ? sql`and l.language_id in (${sql.join(q.languages.map((id) => sql`${id}`))})`
    : sql``;
  const levelsQuery = sql`select l.id, l.number, l.is_active, l.language_id, g.language, s.number as stage_number
    from levels l join languages g on g.id = l.language_id join stages s on s.id = l.stage_id
    where l.stage_id = ${q.stageId} ${inLanguages}
    order by g.language, l.language_id, l.number, l.id`;
  const completed = pg ? sql`case when completed then 1 else 0 end` : sql`completed`;
  // Quartiles interpolated between ranks (PostgreSQL's percentile_cont; SQLite's own, built into
  // better-sqlite3's SQLite), in the same pass as the sums.
  const quartile = (p: number) =>
    pg
      ? sql`percentile_cont(${sql.lit(p)}) within group (order by highest_score)`
      : sql`percentile_cont(highest_score, ${sql.lit(p)})`;
  // The most frequent word of each level, ties to the first in order: SQLite returns the bare
  // column of the row that gave max(); PostgreSQL keeps the first row of each level.
  const words = pg
    ? sql`select distinct on (level_id) level_id, word, count(*) as players from results where word <> ''
        group by level_id, word order by level_id, count(*) desc, word`
    : sql`select level_id, word, max(players) as players from (
        select level_id, word, count(*) as players from results where word <> ''
        group by level_id, word order by level_id, word
      ) group by level_id`;
  const figures = sql`with ${results(q, database.dialect)},
    next_levels as (
      select l.id, lead(l.id) over (partition by l.language_id order by l.number, l.id) as next_id
      from levels l where l.stage_id = ${q.stageId} and l.is_active = ${pg ? true : 1} ${inLanguages}
    ), continued as (
      select r.level_id, count(*) as n from results r
      join next_levels nl on nl.id = r.level_id
      join results nx on nx.level_id = nl.next_id and nx.user_id = r.user_id
      group by r.level_id
    ), sums as (
      select level_id, count(*) as players, sum(${completed}) as completed, avg(valid_words) as valid_words,
        avg(duplicate_words) as duplicate_words, avg(words_per_second) as words_per_second,
        sum(invalid_words) as invalid, sum(valid_words) as valid,
        ${quartile(0.25)} as q1, ${quartile(0.5)} as median, ${quartile(0.75)} as q3
      from results group by level_id
    ), words as (${words})
    select 's' as part, s.level_id, s.players as a, s.completed as b, s.valid_words as c,
      s.duplicate_words as d, s.words_per_second as e, s.invalid as f, s.valid as g,
      coalesce(c.n, 0) as h, nl.next_id as i, s.q1, s.median, s.q3, null as word
    from sums s left join continued c on c.level_id = s.level_id left join next_levels nl on nl.id = s.level_id
    union all
    select 'w', level_id, players, null, null, null, null, null, null, null, null, null, null, null, word from words`;
  const [levels, rows] = await Promise.all([read(levelsQuery), read(figures)]);
  const part = (name: string) => rows.filter((r) => r.part === name);
  const sums = part('s').map((r) => ({
    levelId: r.levelId,
    players: r.a,
    completed: r.b,
    validWords: r.c,
    duplicateWords: r.d,
    wordsPerSecond: r.e,
    invalid: r.f,
    valid: r.g,
    continued: r.h,
    nextId: r.i,
    q1: r.q1,
    median: r.median,
    q3: r.q3,
  }));
  const top = part('w').map((r) => ({ levelId: r.levelId, word: r.word, players: r.a }));
  return curves(q.stageId, levels, sums, top);
}

function curves(stageId: number, levels: Row[], sumRows: Row[], wordRows: Row[]): StageDifficulty[] {
  const sums = new Map(sumRows.map((r) => [num(r.levelId), r]));
  const words = new Map(wordRows.map((r) => [num(r.levelId), r]));
  const byLanguage = new Map<number, StageDifficulty>();
  for (const level of levels) {
    const languageId = num(level.languageId);
    const curve = byLanguage.get(languageId) ?? {
      languageId,
      language: String(level.language),
      stageId,
      stageNumber: num(level.stageNumber),
      levels: [],
      findings: [],
    };
    byLanguage.set(languageId, curve);
    curve.levels.push(figuresOf(level, sums.get(num(level.id)), words));
  }
  return [...byLanguage.values()].map((curve) => ({ ...curve, findings: findSpikes(curve.levels) }));
}

function figuresOf(level: Row, sum: Row | undefined, words: Map<number, Row>): LevelFigures {
  const levelId = num(level.id);
  const players = num(sum?.players);
  const word = words.get(levelId);
  const entered = num(sum?.valid) + num(sum?.invalid);
  const mean = (key: string) => (players > 0 ? num(sum?.[key]) : null);
  return {
    levelId,
    number: num(level.number),
    isActive: yes(level.isActive),
    players,
    completionRate: players > 0 ? num(sum?.completed) / players : null,
    score: players > 0 ? { q1: num(sum?.q1), median: num(sum?.median), q3: num(sum?.q3) } : null,
    validWords: mean('validWords'),
    duplicateWords: mean('duplicateWords'),
    wordsPerSecond: mean('wordsPerSecond'),
    invalidShare: entered > 0 ? num(sum?.invalid) / entered : null,
    topWord: word ? { word: String(word.word), players: num(word.players) } : null,
    dropOff: players > 0 && sum?.nextId != null ? 1 - num(sum.continued) / players : null,
    judged: players >= MIN_PLAYERS,
  };
}
