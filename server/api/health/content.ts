import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { GroupWords, LintInput } from '#shared/lint/index.ts';
import type { DatabaseHandle } from '../../db/database.ts';

type Row = Record<string, unknown>;
const bool = (value: unknown) => value === true || value === 1 || value === '1';
const num = (value: unknown) => Number(value);
const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));
// `languageId:flagged:letters` (flagged: 1 when the dictionary flagged the word, issue 46).
const activeWord = (line: string) => {
  const colon = line.indexOf(':');
  const word = { languageId: Number(line.slice(0, colon)), letters: line.slice(colon + 3) };
  return line[colon + 1] === '1' ? { ...word, flagged: true } : word;
};

/**
 * Reads what the shared lint checks need, without ever holding every word: each letter group's
 * linked words arrive summed up by the database (active letters joined, inactive ids), and only
 * words that may be duplicates (same language, same letters ignoring case) are read whole. Every
 * query goes through `database.read`: on SQLite a worker thread, so the event loop never waits.
 */
export async function loadLintInput(database: DatabaseHandle): Promise<LintInput> {
  const db = database.db as unknown as Kysely<never>;
  const read = (query: RawBuilder<unknown>) => database.read(query.compile(db));
  const postgres = database.dialect === 'postgres';
  const joinLetters = postgres
    ? sql`string_agg(case when w.is_active then w.language_id::text || ':' || (case when w.flags is null then '0' else '1' end) || ':' || w.letters end, E'\n')`
    : sql`group_concat(case when w.is_active then w.language_id || ':' || (case when w.flags is null then '0' else '1' end) || ':' || w.letters end, char(10))`;
  const joinInactive = postgres
    ? sql`string_agg(case when w.is_active then null else w.id::text end, ',')`
    : sql`group_concat(case when w.is_active then null else w.id end, ',')`;

  const [languages, stages, levels, letterGroups, letterGroupLevels, groupRows, words, flagged] =
    await Promise.all([
      read(sql`select id, is_active, language from languages`),
      read(sql`select id, is_active, number, letter_count from stages`),
      read(
        sql`select id, is_active, number, language_id, stage_id, check_condition, required_letter_position from levels`,
      ),
      read(sql`select id, is_active, letters, language_id, stage_id from letter_groups`),
      read(sql`select id, letter_group_id, level_id from letter_group_levels`),
      read(sql`select lw.letter_group_id as group_id, ${joinLetters} as active_words,
        ${joinInactive} as inactive_ids
      from letter_group_words lw join words w on w.id = lw.word_id
      where lw.letter_group_id in (select id from letter_groups where is_active = ${sql.lit(postgres ? true : 1)})
      group by lw.letter_group_id`),
      read(sql`select id, is_active, letters, language_id from words
      where (language_id, lower(letters)) in (select language_id, lower(letters) from words
        group by language_id, lower(letters) having count(*) > 1)`),
      // Issue 46: active words with open dictionary findings, counted on a covering partial index.
      read(sql`select language_id, flags, count(*) as n from words
      where flags is not null and is_active = ${sql.lit(postgres ? true : 1)} group by language_id, flags`),
    ]);

  const groupWords = new Map<number, GroupWords>();
  for (const row of groupRows) {
    const joined = str(row.activeWords);
    const inactive = str(row.inactiveIds);
    groupWords.set(num(row.groupId), {
      // `languageId:letters` per line (letters hold no newline).
      activeWords: joined === '' ? [] : joined.split('\n').map(activeWord),
      inactiveIds: inactive === '' ? [] : inactive.split(',').map(Number),
    });
  }
  const active = (row: Row) => ({ id: num(row.id), isActive: bool(row.isActive) });
  return {
    languages: languages.map((r) => ({ ...active(r), language: str(r.language) })),
    stages: stages.map((r) => ({ ...active(r), number: num(r.number), letterCount: num(r.letterCount) })),
    levels: levels.map((r) => ({
      ...active(r),
      number: num(r.number),
      languageId: num(r.languageId),
      stageId: num(r.stageId),
      checkCondition: str(r.checkCondition),
      requiredLetterPosition: num(r.requiredLetterPosition),
    })),
    letterGroups: letterGroups.map((r) => ({
      ...active(r),
      letters: str(r.letters),
      languageId: num(r.languageId),
      stageId: num(r.stageId),
    })),
    letterGroupLevels: letterGroupLevels.map((r) => ({
      id: num(r.id),
      letterGroupId: num(r.letterGroupId),
      levelId: num(r.levelId),
    })),
    groupWords,
    words: words.map((r) => ({ ...active(r), letters: str(r.letters), languageId: num(r.languageId) })),
    flaggedWords: flagged.map((r) => ({
      languageId: num(r.languageId),
      flags: str(r.flags),
      count: num(r.n),
    })),
  };
}
