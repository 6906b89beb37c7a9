import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database.ts';
import type { ReadHandle } from '../../db/relayed-reads.ts';
import type { StoredLevel } from './load.ts';
import { WordTable } from './word-table.ts';

/**
 * What judging every level at once reads (the `solvable` filter), table by table rather than level
 * by level: joining each of millions of letter-group-word links to its word in SQL costs a random
 * lookup each, where reading the active words once and the links as word ids (an index scan) is a
 * sequential read several times cheaper, the join then done in memory. Every read is keyset-paged
 * and goes through `database.read()` (SQLite: a worker thread); a page arrives as one text per page
 * or per letter group (joined in the database), cheap to pass between threads.
 */

/** Rows per page of levels, links and groups; words per page (each parsed in one step); groups per page. */
const ROWS = 2000;
const WORDS = 10_000;
const GROUPS = 400;
/** Pages of word ids read ahead of the judging (each under a megabyte of text). */
const AHEAD = 4;

const concat = (database: ReadHandle, value: ReturnType<typeof sql>, separator: 'comma' | 'newline') => {
  if (database.dialect === 'postgres')
    return sql`string_agg(${value}, ${sql.raw(separator === 'comma' ? "','" : "E'\\n'")})`;
  return sql`group_concat(${value}, ${sql.raw(separator === 'comma' ? "','" : 'char(10)')})`;
};
const bool = (value: unknown) => value === true || value === 1 || value === '1';

/** Every row of a table, `ROWS` at a time by id. */
async function* pages(database: DatabaseHandle, table: string, columns: string) {
  let after = 0;
  for (;;) {
    const rows = await database.read(
      sql`select id, ${sql.raw(columns)} from ${sql.table(table)} where id > ${after} order by id limit ${ROWS}`.compile(
        database.db,
      ),
    );
    if (rows.length === 0) return;
    yield rows;
    after = Number(rows.at(-1)!.id);
  }
}

export async function allLevels(database: DatabaseHandle): Promise<StoredLevel[]> {
  const levels: StoredLevel[] = [];
  for await (const rows of pages(
    database,
    'levels',
    'language_id, check_condition, required_letter_position',
  ))
    for (const row of rows)
      levels.push({
        id: Number(row.id),
        languageId: Number(row.languageId),
        checkCondition: String(row.checkCondition ?? ''),
        requiredLetterPosition: Number(row.requiredLetterPosition ?? 0),
      });
  return levels;
}

/** Level id → its letter-group ids, in link order (as `linkedGroupIds`). */
export async function allLinks(database: DatabaseHandle): Promise<Map<number, number[]>> {
  const links = new Map<number, number[]>();
  for await (const rows of pages(database, 'letter_group_levels', 'level_id, letter_group_id'))
    for (const row of rows) {
      const level = Number(row.levelId);
      const list = links.get(level) ?? [];
      if (list.length === 0) links.set(level, list);
      list.push(Number(row.letterGroupId));
    }
  return links;
}

export async function allGroups(database: DatabaseHandle) {
  const groups = new Map<number, { id: number; letters: string; isActive: boolean }>();
  for await (const rows of pages(database, 'letter_groups', 'letters, is_active'))
    for (const row of rows) {
      const id = Number(row.id);
      groups.set(id, { id, letters: String(row.letters), isActive: bool(row.isActive) });
    }
  return groups;
}

/** Every active word, a page (one text of `id language letters` lines) per read. */
export async function activeWords(database: DatabaseHandle, pause: () => Promise<void>): Promise<WordTable> {
  const words = new WordTable();
  const active = sql.lit(database.dialect === 'postgres' ? true : 1);
  let after = 0;
  for (;;) {
    const page = sql`select id, language_id, letters from words
      where is_active = ${active} and id > ${after} order by id limit ${WORDS}`;
    const entry = sql`cast(id as text) || ' ' || cast(language_id as text) || ' ' || letters`;
    const [row] = await database.read(
      sql`select max(id) as last, ${concat(database, entry, 'newline')} as words from (${page}) page`.compile(
        database.db,
      ),
    );
    if (row?.last === null || row?.last === undefined) {
      words.index();
      return words;
    }
    words.addPage(String(row.words));
    after = Number(row.last);
    await pause();
  }
}

/**
 * The linked word ids of `groupIds`, `GROUPS` letter groups per read (the links' natural key
 * index, no table read), per page: letter group id → its word ids (`1,2,3`). Reading starts at
 * once, a few pages ahead of the one being used.
 */
export function groupWordIds(
  database: ReadHandle,
  groupIds: readonly number[],
): AsyncIterable<Array<[number, string]>> {
  const read = (chunk: readonly number[]) =>
    database.read(
      sql`select letter_group_id, ${concat(database, sql`cast(word_id as text)`, 'comma')} as ids
            from letter_group_words where letter_group_id in (${sql.join(chunk)})
            group by letter_group_id`.compile(database.db),
    );
  const queue: Array<Promise<Array<Record<string, unknown>>>> = [];
  let start = 0;
  const fill = () => {
    while (queue.length < AHEAD && start < groupIds.length) {
      const page = read(groupIds.slice(start, start + GROUPS));
      page.catch(() => undefined); // a failure surfaces when its page's turn comes
      queue.push(page);
      start += GROUPS;
    }
  };
  fill();
  return {
    async *[Symbol.asyncIterator]() {
      while (queue.length > 0) {
        const rows = await queue.shift()!;
        fill();
        yield rows.map((row): [number, string] => [Number(row.letterGroupId), String(row.ids ?? '')]);
      }
    },
  };
}
