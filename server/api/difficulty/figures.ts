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
 * The reached results (unlocked user-level rows) of the stage's levels, after the filters: the
 * common part of every query below. Reads go through `levels (stage_id)` then
 * `user_levels (level_id)`, so a stage costs its own rows, not the table's million.
 */
function results(q: FiguresQuery, dialect: DatabaseHandle['dialect']): RawBuilder<unknown> {
  const time = (iso: string) => (dialect === 'postgres' ? sql`${iso}::timestamptz` : sql`${iso}`);
  const conditions = [sql`l.stage_id = ${q.stageId}`, sql`ul.locked = ${dialect === 'postgres' ? false : 0}`];
  if (q.languages) conditions.push(sql`l.language_id in (${sql.join(q.languages.map((id) => sql`${id}`))})`);
  if (q.since) conditions.push(sql`t.updated_at >= ${time(q.since)}`);
  if (q.until) conditions.push(sql`t.updated_at < ${time(q.until)}`);
  const dated = q.since || q.until ? sql`join user_level_times t on t.id = ul.id` : sql``;
  const active = q.activePlayers
    ? sql`join users u on u.id = ul.user_id and u.is_active = ${dialect === 'postgres' ? true : 1} and u.deleted_at is null`
    : sql``;
  return sql`results as (
    select ul.level_id, ul.user_id, ul.completed, ul.highest_score, ul.valid_words, ul.invalid_words,
      ul.duplicate_words, ul.words_per_second, ul.most_valuable_word_entered as word
    from levels l
    join user_levels ul on ul.level_id = l.id
    ${dated} ${active}
    where ${sql.join(conditions, sql` and `)}
  )`;
}

/**
 * Each level's figures and findings, one curve per language with levels in the stage: four reads
 * (levels, sums, quartiles of the score, the most frequent word), each aggregated in the
 * database. A level's drop-off is the share of its players with no unlocked row on the stage's
 * next active level.
 */
export async function stageFigures(database: DatabaseHandle, q: FiguresQuery): Promise<StageDifficulty[]> {
  const db = database.db as unknown as Kysely<never>;
  const read = (query: RawBuilder<unknown>) => database.read(query.compile(db));
  const { dialect } = database;
  const inLanguages = q.languages
    ? sql`and l.language_id in (${sql.join(q.languages.map((id) => sql`${id}`))})`
    : sql``;
  const activeLevel = dialect === 'postgres' ? sql`l.is_active` : sql`l.is_active = 1`;
  const levelsQuery = sql`select l.id, l.number, l.is_active, l.language_id, g.language, s.number as stage_number
    from levels l join languages g on g.id = l.language_id join stages s on s.id = l.stage_id
    where l.stage_id = ${q.stageId} ${inLanguages}
    order by g.language, l.language_id, l.number, l.id`;
  const with_ = results(q, dialect);
  const completed = dialect === 'postgres' ? sql`case when completed then 1 else 0 end` : sql`completed`;
  const sums = sql`with ${with_}, next_levels as (
      select l.id, lead(l.id) over (partition by l.language_id order by l.number, l.id) as next_id
      from levels l where l.stage_id = ${q.stageId} and ${activeLevel} ${inLanguages}
    ), continued as (
      select r.level_id, count(*) as n from results r
      join next_levels nl on nl.id = r.level_id
      join user_levels nx on nx.user_id = r.user_id and nx.level_id = nl.next_id
      where nx.locked = ${dialect === 'postgres' ? false : 0}
      group by r.level_id
    )
    select r.level_id, count(*) as players, sum(${completed}) as completed,
      avg(r.valid_words) as valid_words, avg(r.duplicate_words) as duplicate_words,
      avg(r.words_per_second) as words_per_second, sum(r.invalid_words) as invalid,
      sum(r.valid_words) as valid, max(c.n) as continued, max(nl.next_id) as next_id
    from results r
    left join continued c on c.level_id = r.level_id
    left join next_levels nl on nl.id = r.level_id
    group by r.level_id`;
  // Nearest-rank quartiles; the median is the mean of ranks (n+1)/2 and n/2+1 (one rank when n is odd).
  const quartiles = sql`with ${with_}, ranked as (
      select level_id, highest_score,
        row_number() over (partition by level_id order by highest_score) as rn,
        count(*) over (partition by level_id) as n
      from results
    )
    select level_id, highest_score, rn, n from ranked
    where rn = (n + 3) / 4 or rn = (n + 1) / 2 or rn = n / 2 + 1 or rn = (3 * n + 3) / 4`;
  const words = sql`with ${with_}, counted as (
      select level_id, word, count(*) as players,
        row_number() over (partition by level_id order by count(*) desc, word) as place
      from results where word <> '' group by level_id, word
    )
    select level_id, word, players from counted where place = 1`;
  const [levels, sumRows, quartileRows, wordRows] = await Promise.all([
    read(levelsQuery),
    read(sums),
    read(quartiles),
    read(words),
  ]);
  return curves(q.stageId, levels, sumRows, quartileRows, wordRows);
}

function scoreOf(rows: Row[]): LevelFigures['score'] {
  if (rows.length === 0) return null;
  const n = num(rows[0]!.n);
  const at = (rank: number) => num(rows.find((r) => num(r.rn) === rank)?.highestScore);
  const half = Math.floor(n / 2);
  return {
    q1: at(Math.floor((n + 3) / 4)),
    median: (at(Math.floor((n + 1) / 2)) + at(half + 1)) / 2,
    q3: at(Math.floor((3 * n + 3) / 4)),
  };
}

function curves(
  stageId: number,
  levels: Row[],
  sumRows: Row[],
  quartileRows: Row[],
  wordRows: Row[],
): StageDifficulty[] {
  const sums = new Map(sumRows.map((r) => [num(r.levelId), r]));
  const words = new Map(wordRows.map((r) => [num(r.levelId), r]));
  const ranks = new Map<number, Row[]>();
  for (const row of quartileRows) {
    const id = num(row.levelId);
    ranks.set(id, [...(ranks.get(id) ?? []), row]);
  }
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
    curve.levels.push(figuresOf(level, sums.get(num(level.id)), ranks.get(num(level.id)) ?? [], words));
  }
  return [...byLanguage.values()].map((curve) => ({ ...curve, findings: findSpikes(curve.levels) }));
}

function figuresOf(level: Row, sum: Row | undefined, ranks: Row[], words: Map<number, Row>): LevelFigures {
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
    score: scoreOf(ranks),
    validWords: mean('validWords'),
    duplicateWords: mean('duplicateWords'),
    wordsPerSecond: mean('wordsPerSecond'),
    invalidShare: entered > 0 ? num(sum?.invalid) / entered : null,
    topWord: word ? { word: String(word.word), players: num(word.players) } : null,
    dropOff: players > 0 && sum?.nextId != null ? 1 - num(sum.continued) / players : null,
    judged: players >= MIN_PLAYERS,
  };
}
