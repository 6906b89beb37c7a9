import { sql } from 'kysely';
import {
  BUNDLE_FORMAT,
  type Bundle,
  type BundleLevel,
  type BundleStage,
  type BundleWord,
} from '#shared/releases/bundle.ts';
import type { ReadHandle } from '../../db/relayed-reads.ts';
import { groupWordIds } from '../solvability/load-all.ts';

/**
 * Reads the draft (today's tables) of one language as a release has it (shared/releases/bundle.ts),
 * with what the gate needs to judge it. Every read is keyset-paged and goes through
 * `database.read` (SQLite: a worker thread); a language's words arrive as one text per page.
 */

const ROWS = 2000;
const WORDS = 10_000;
const bool = (value: unknown) => value === true || value === 1 || value === '1';
const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export interface StoredGroup {
  id: number;
  letters: string;
  stageId: number;
  languageId: number;
  isActive: boolean;
}

/** One language's draft: the bundle, and the rows around it the gate looks at. */
export interface LanguageDraft {
  bundle: Bundle;
  language: { id: number; name: string; isActive: boolean };
  /** Every stage (stages are every language's), by id. */
  stages: Map<number, BundleStage & { isActive: boolean }>;
  /** The language's active levels, whatever their stage, with every letter-group link in order. */
  levels: Array<
    Omit<BundleLevel, 'letterGroups'> & { links: Array<{ letterGroupId: number; used: boolean }> }
  >;
  /** The letter groups those levels link to (any state, any language), by id. */
  groups: Map<number, StoredGroup>;
  /** Linked group ids no row has (a link to a deleted letter group). */
  missingGroups: Set<number>;
  /** The language's active words, by id. */
  words: Map<number, string>;
  /** Each linked active group's active words of the language, by id ascending. */
  groupWords: Map<number, number[]>;
}

type Pause = () => Promise<void>;

async function* pages(database: ReadHandle, query: (after: number) => ReturnType<typeof sql>) {
  let after = 0;
  for (;;) {
    const rows = await database.read(query(after).compile(database.db));
    if (rows.length === 0) return;
    yield rows;
    after = Number(rows.at(-1)!.id);
  }
}

/** The languages a release has a bundle of: the active ones, by id. */
export async function releaseLanguages(database: ReadHandle): Promise<Array<{ id: number; name: string }>> {
  const rows = await database.read(
    sql`select id, language from languages where is_active = ${sql.lit(database.dialect === 'postgres' ? true : 1)} order by id`.compile(
      database.db,
    ),
  );
  return rows.map((row) => ({ id: Number(row.id), name: str(row.language) }));
}

async function readStages(database: ReadHandle) {
  const stages = new Map<number, BundleStage & { isActive: boolean }>();
  for await (const rows of pages(
    database,
    (after) =>
      sql`select id, number, letter_count, letters, is_active from stages where id > ${after} order by id limit ${ROWS}`,
  ))
    for (const row of rows)
      stages.set(Number(row.id), {
        id: Number(row.id),
        number: Number(row.number),
        letterCount: Number(row.letterCount),
        letters: str(row.letters),
        isActive: bool(row.isActive),
      });
  return stages;
}

async function readLevels(database: ReadHandle, languageId: number, pause: Pause) {
  const active = sql.lit(database.dialect === 'postgres' ? true : 1);
  const levels: LanguageDraft['levels'] = [];
  for await (const rows of pages(
    database,
    (after) => sql`select id, number, hint, assignment, time, required_letter_flag, required_letter,
        required_letter_position, check_condition, is_chill, stage_id from levels
      where language_id = ${languageId} and is_active = ${active} and id > ${after} order by id limit ${ROWS}`,
  )) {
    for (const row of rows)
      levels.push({
        id: Number(row.id),
        number: Number(row.number),
        hint: row.hint === null || row.hint === undefined ? null : String(row.hint),
        assignment: str(row.assignment),
        time: Number(row.time),
        requiredLetterFlag: bool(row.requiredLetterFlag),
        requiredLetter: str(row.requiredLetter),
        requiredLetterPosition: Number(row.requiredLetterPosition),
        checkCondition: str(row.checkCondition),
        isChill: bool(row.isChill),
        stageId: Number(row.stageId),
        links: [],
      });
    await pause();
  }
  // Their links, in link order (the id), a page of levels at a time.
  const byId = new Map(levels.map((level) => [level.id, level]));
  for (let at = 0; at < levels.length; at += ROWS) {
    const ids = levels.slice(at, at + ROWS).map((level) => level.id);
    const rows = await database.read(
      sql`select id, level_id, letter_group_id, used from letter_group_levels
        where level_id in (${sql.join(ids)}) order by id`.compile(database.db),
    );
    for (const row of rows)
      byId
        .get(Number(row.levelId))
        ?.links.push({ letterGroupId: Number(row.letterGroupId), used: bool(row.used) });
    await pause();
  }
  return levels;
}

async function readGroups(database: ReadHandle, ids: readonly number[], pause: Pause) {
  const groups = new Map<number, StoredGroup>();
  for (let at = 0; at < ids.length; at += ROWS) {
    const rows = await database.read(
      sql`select id, letters, stage_id, language_id, is_active from letter_groups
        where id in (${sql.join(ids.slice(at, at + ROWS))})`.compile(database.db),
    );
    for (const row of rows)
      groups.set(Number(row.id), {
        id: Number(row.id),
        letters: str(row.letters),
        stageId: Number(row.stageId),
        languageId: Number(row.languageId),
        isActive: bool(row.isActive),
      });
    await pause();
  }
  return groups;
}

/** The language's active words: one text of `id letters` lines per page, split here. */
async function readWords(database: ReadHandle, languageId: number, pause: Pause) {
  const words = new Map<number, string>();
  const list: BundleWord[] = [];
  const active = sql.lit(database.dialect === 'postgres' ? true : 1);
  const entry = sql`cast(id as text) || ' ' || letters`;
  const joined =
    database.dialect === 'postgres'
      ? sql`string_agg(${entry}, E'\\n')`
      : sql`group_concat(${entry}, char(10))`;
  let after = 0;
  for (;;) {
    const page = sql`select id, letters from words where language_id = ${languageId} and is_active = ${active}
      and id > ${after} order by id limit ${WORDS}`;
    const [row] = await database.read(
      sql`select max(id) as last, ${joined} as words from (${page}) page`.compile(database.db),
    );
    if (row?.last === null || row?.last === undefined) return { words, list };
    // Line by line without splitting the page: fewer short-lived strings for the collector.
    const text = String(row.words);
    for (let start = 0; start < text.length;) {
      const end = text.indexOf('\n', start);
      const stop = end === -1 ? text.length : end;
      const space = text.indexOf(' ', start);
      const id = Number(text.slice(start, space));
      const letters = text.slice(space + 1, stop);
      words.set(id, letters);
      list.push({ id, letters });
      if (list.length % 500 === 0) await pause();
      start = stop + 1;
    }
    after = Number(row.last);
    await pause();
  }
}

/**
 * One language's draft as a release would have it: its active levels in active stages, each with
 * its active letter groups; those letter groups with their active words of the language; the
 * stages they use; every active word of the language. Also what was left out, for the gate.
 */
export async function readLanguageDraft(
  database: ReadHandle,
  language: { id: number; name: string; isActive?: boolean },
  pause: Pause,
): Promise<LanguageDraft> {
  const [stages, levels, { words, list }] = await Promise.all([
    readStages(database),
    readLevels(database, language.id, pause),
    readWords(database, language.id, pause),
  ]);
  const linked = [...new Set(levels.flatMap((level) => level.links.map((link) => link.letterGroupId)))].sort(
    (a, b) => a - b,
  );
  const groups = await readGroups(database, linked, pause);
  const missingGroups = new Set(linked.filter((id) => !groups.has(id)));
  const played = linked.filter((id) => groups.get(id)?.isActive);
  const groupWords = new Map<number, number[]>();
  for await (const page of groupWordIds(database, played)) {
    for (const [groupId, ids] of page) {
      const own = ids === '' ? [] : ids.split(',').map(Number);
      groupWords.set(
        groupId,
        own.filter((id) => words.has(id)).sort((a, b) => a - b),
      );
      await pause();
    }
  }
  const bundle = bundleOf({ id: language.id, name: language.name }, stages, levels, groups, groupWords, list);
  return {
    bundle,
    language: { id: language.id, name: language.name, isActive: language.isActive ?? true },
    stages,
    levels,
    groups,
    missingGroups,
    words,
    groupWords,
  };
}

/** The bundle of a language's draft: what the game gets (shared/releases/bundle.ts). */
function bundleOf(
  language: Bundle['language'],
  stages: LanguageDraft['stages'],
  levels: LanguageDraft['levels'],
  groups: Map<number, StoredGroup>,
  groupWords: Map<number, number[]>,
  /** Read in id order (keyset pages): sorted already. */
  words: BundleWord[],
): Bundle {
  const played = levels
    .filter((level) => stages.get(level.stageId)?.isActive)
    .map(({ links, ...level }) => ({
      ...level,
      letterGroups: links
        .filter((link) => groups.get(link.letterGroupId)?.isActive)
        .map((link) => ({ id: link.letterGroupId, used: link.used })),
    }));
  const groupIds = [...new Set(played.flatMap((level) => level.letterGroups.map((g) => g.id)))].sort(
    (a, b) => a - b,
  );
  const letterGroups = groupIds.map((id) => {
    const group = groups.get(id)!;
    return { id, letters: group.letters, stageId: group.stageId, wordIds: groupWords.get(id) ?? [] };
  });
  const stageIds = new Set([...played.map((l) => l.stageId), ...letterGroups.map((g) => g.stageId)]);
  return {
    format: BUNDLE_FORMAT,
    language,
    stages: [...stageIds]
      .sort((a, b) => a - b)
      .flatMap((id) => {
        const stage = stages.get(id);
        return stage
          ? [{ id, number: stage.number, letterCount: stage.letterCount, letters: stage.letters }]
          : [];
      }),
    levels: played,
    letterGroups,
    words,
  };
}
