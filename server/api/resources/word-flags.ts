import type { AnyEntity } from '#shared/entities/index.ts';
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
  /**
   * Starts judging words a write will ask about soon, their letters as the request wrote them
   * (answers remembered); never fails the write.
   */
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
 * A bulk request's words sent to the dictionary thread as it arrives, without waiting: the thread
 * judges them while this one parses, checks and writes the rows, so each insert's own request
 * finds its answers remembered (sent later, per slice, the words were still being judged when the
 * slice asked: a few ms of waiting per slice). A row that will not be written is judged for
 * nothing, on the other thread; a word is judged once per process (answers remembered).
 */
export function prefetchWordFlags(tx: Tx, entity: AnyEntity, rows: readonly unknown[]): void {
  if (entity.name !== 'word' || !tx.wordFlags?.prefetch) return;
  const words: Array<{ languageId: number; letters: string }> = [];
  for (const row of rows) {
    if (typeof row !== 'object' || row === null) continue;
    const { letters, languageId, idLanguage } = row as Values;
    const language = languageId ?? idLanguage;
    // As written: the dictionary thread normalises them (this thread parses each row once, later).
    if (typeof letters === 'string' && typeof language === 'number')
      words.push({ languageId: language, letters });
  }
  if (words.length > 0) tx.wordFlags.prefetch(tx, words);
}
