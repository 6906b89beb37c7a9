import { sql } from 'kysely';
import type { LinkRow, WordRow } from '#shared/links/plan.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { looseDb } from '../resources/rows.ts';
import { nextTurn } from '../next-turn.ts';

/** Rows read per query: each query is a few milliseconds, and the loop pauses between them. */
const READ_CHUNK = 5000;
/** Ids per `IN` list, well under both databases' parameter limits. */
const IN_CHUNK = 1000;

export interface GroupRecord {
  id: number;
  letters: string;
  languageId: number;
  stageId: number | null;
  isActive: boolean;
}

const bool = (value: unknown) => value === true || value === 1 || value === '1';

export function linkData(database: DatabaseHandle) {
  const db = looseDb(database);
  const active = database.dialect === 'sqlite' ? 1 : true;
  return {
    async group(id: number): Promise<GroupRecord | null> {
      const row = await db
        .selectFrom('letterGroups')
        .select(['id', 'letters', 'languageId', 'stageId', 'isActive'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return null;
      return {
        id: Number(row.id),
        letters: String(row.letters),
        languageId: Number(row.languageId),
        stageId: row.stageId === null ? null : Number(row.stageId),
        isActive: bool(row.isActive),
      };
    },

    /**
     * The active words of a language (only those of at most `maxLength` letters when given: a
     * group without letter reuse builds nothing longer), read in id order a chunk at a time.
     */
    async activeWords(languageId: number, maxLength?: number): Promise<WordRow[]> {
      const words: WordRow[] = [];
      let after = 0;
      for (;;) {
        let query = db
          .selectFrom('words')
          .select(['id', 'letters'])
          .where('languageId', '=', languageId)
          .where('isActive', '=', active)
          .where('id', '>', after)
          .orderBy('id')
          .limit(READ_CHUNK);
        if (maxLength !== undefined) query = query.where(sql`length(letters)`, '<=', maxLength);
        const rows = await query.execute();
        for (const row of rows)
          words.push({ id: Number(row.id), letters: String(row.letters), isActive: true });
        if (rows.length < READ_CHUNK) return words;
        after = Number(rows[rows.length - 1]!.id);
        await nextTurn();
      }
    },

    /** The current links of the groups, by group (`perQuery` groups a query, pausing between). */
    async linksOf(groupIds: readonly number[], perQuery = IN_CHUNK): Promise<Map<number, LinkRow[]>> {
      const links = new Map<number, LinkRow[]>(groupIds.map((id) => [id, []]));
      for (let at = 0; at < groupIds.length; at += perQuery) {
        if (at > 0) await nextTurn();
        const rows = await db
          .selectFrom('letterGroupWords')
          .select(['id', 'letterGroupId', 'wordId'])
          .where('letterGroupId', 'in', groupIds.slice(at, at + perQuery))
          .orderBy('id')
          .execute();
        for (const row of rows) {
          const link = {
            id: Number(row.id),
            letterGroupId: Number(row.letterGroupId),
            wordId: Number(row.wordId),
          };
          links.get(link.letterGroupId)?.push(link);
        }
      }
      return links;
    },

    /** Letters of the words named (those that still exist). */
    async lettersOf(wordIds: readonly number[]): Promise<Map<number, string>> {
      const letters = new Map<number, string>();
      for (let at = 0; at < wordIds.length; at += IN_CHUNK) {
        if (at > 0) await nextTurn();
        const rows = await db
          .selectFrom('words')
          .select(['id', 'letters'])
          .where('id', 'in', wordIds.slice(at, at + IN_CHUNK))
          .execute();
        for (const row of rows) letters.set(Number(row.id), String(row.letters));
      }
      return letters;
    },
  };
}
