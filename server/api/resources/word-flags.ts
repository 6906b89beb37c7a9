import type { AnyEntity } from '#shared/entities/index.ts';
import { naturalKeyOf } from '#shared/entities/natural-key.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { conflict } from '../http/errors.ts';
import type { Tx } from './integrity.ts';
import type { Values } from './rows.ts';

/**
 * Issue 46: a word's `flags` are computed whenever its letters or language are written (create,
 * bulk insert, update), inside the write's transaction, by the flagger the content API registers
 * for its database (server/dictionary/flagger.ts). Without one (no language has a dictionary) the
 * writes are exactly as before.
 */
export interface WordFlagger {
  /** Each word's flags as stored (null: none, or no dictionary for its language). */
  flagsOf(
    tx: Tx,
    words: ReadonlyArray<{ languageId: number; letters: string }>,
  ): Promise<Array<string | null>>;
  /** Starts judging words a write will ask about soon (answers remembered); never fails the write. */
  prefetch?(tx: Tx, words: ReadonlyArray<{ languageId: number; letters: string }>): void;
}

const flaggers = new WeakMap<DatabaseHandle, WordFlagger>();

/** Registers (or, with null, removes) the flagger every transaction on `database` uses. */
export function registerWordFlagger(database: DatabaseHandle, flagger: WordFlagger | null): void {
  if (flagger) flaggers.set(database, flagger);
  else flaggers.delete(database);
}

export const wordFlaggerOf = (database: DatabaseHandle): WordFlagger | undefined => flaggers.get(database);

/** The message naming an excluded word's decision (writes refused because of it say this). */
export function excludedMessage(word: { id?: unknown; letters?: unknown; decisionReason?: unknown }): string {
  const reason = word.decisionReason ? `: ${String(word.decisionReason)}` : '';
  const id = word.id === undefined ? '' : ` ${String(word.id)}`;
  return `Word${id} "${String(word.letters)}" is excluded by a content manager's decision${reason}`;
}

/** Sets `flags` on the values of new words (a create, or a bulk insert's rows). */
export async function flagNewWords(tx: Tx, entity: AnyEntity, rows: Values[]): Promise<void> {
  if (entity.name !== 'word' || !tx.wordFlags || rows.length === 0) return;
  const flags = await tx.wordFlags.flagsOf(
    tx,
    rows.map((row) => ({ languageId: Number(row.languageId), letters: String(row.letters) })),
  );
  rows.forEach((row, i) => (row[FLAGS] = flags[i] ?? null));
}

const FLAGS = 'flags';

/**
 * An update's changes to a word, completed: new letters or language are judged again, and the
 * decision (made about the old word) is dropped; an excluded word cannot be made active (409).
 */
export async function flagChangedWord(
  tx: Tx,
  entity: AnyEntity,
  stored: Values,
  changes: Values,
): Promise<void> {
  if (entity.name !== 'word') return;
  const moved = 'letters' in changes || 'languageId' in changes;
  if (!moved && changes.isActive === true && stored.decision === 'excluded' && !('decision' in changes))
    throw conflict(`${excludedMessage(stored)}; it stays inactive until the decision is withdrawn`);
  if (!moved) return;
  if (stored.decision !== null && stored.decision !== undefined) {
    changes.decision = null;
    changes.decisionReason = null;
  }
  if (!tx.wordFlags) return;
  const word = { ...stored, ...changes };
  const [flags] = await tx.wordFlags.flagsOf(tx, [
    { languageId: Number(word.languageId), letters: String(word.letters) },
  ]);
  changes[FLAGS] = flags ?? null;
}

/** Per unit of work: the excluded words (few), read once however many links it writes. */
const excludedOf = new WeakMap<Tx, Promise<Map<number, Values>>>();

async function excludedWords(tx: Tx): Promise<Map<number, Values>> {
  let words = excludedOf.get(tx);
  if (!words) {
    words = tx.db
      .selectFrom('words')
      .select(['id', 'letters', 'decisionReason'])
      .where('decision', '=', 'excluded')
      .execute()
      .then((rows) => new Map(rows.map((row) => [Number(row.id), row])));
    excludedOf.set(tx, words);
  }
  return words;
}

/** 409 naming the decision when a letter-group-word link would point at an excluded word. */
export async function assertWordLinkable(tx: Tx, entity: AnyEntity, values: Values): Promise<void> {
  if (entity.name !== 'letter-group-word' || typeof values.wordId !== 'number') return;
  const word = (await excludedWords(tx)).get(values.wordId);
  if (word)
    throw conflict(`${excludedMessage(word)}: it cannot be linked to a letter group, nor so to a level`);
}

/**
 * A bulk write's new words (parsed, no stored row by their natural key) sent to the dictionary
 * thread without waiting: it judges them while this thread checks the rows, and the insert's own
 * request then finds its answers remembered. Rows already stored are not judged again (a file
 * imported a second time sends none).
 */
export function prefetchNewWords(
  tx: Tx,
  entity: AnyEntity,
  rows: ReadonlyArray<{ id: number | undefined; values: Values }>,
  stored: ReadonlyMap<string, Values>,
): void {
  if (entity.name !== 'word' || !tx.wordFlags?.prefetch) return;
  const words: Array<{ languageId: number; letters: string }> = [];
  for (const { id, values } of rows) {
    if (id !== undefined || typeof values.letters !== 'string' || typeof values.languageId !== 'number')
      continue;
    const key = naturalKeyOf(entity, values);
    if (key !== null && !stored.has(key))
      words.push({ languageId: values.languageId, letters: values.letters });
  }
  if (words.length > 0) tx.wordFlags.prefetch(tx, words);
}
