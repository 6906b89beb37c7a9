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
   * (answers remembered); outside any transaction, and never fails the write.
   */
  prefetch?(words: ReadonlyArray<{ languageId: number; letters: string }>): void;
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

/**
 * A slice's words sent to be judged as soon as its rows are parsed (before they are matched with
 * stored rows, checked and written), so the answer is back when the insert asks: waiting at the
 * insert for the thread's reply, a round trip per slice, was most of a second of a 280,000-word
 * import. Rows that turn out stored already are answered for nothing (a lookup in the thread).
 */
export interface AskedFlags {
  /** Row index in the request → the word's place in `words` and `answer`. */
  at: readonly number[];
  words: ReadonlyArray<{ languageId: number; letters: string }>;
  answer: Promise<Array<string | null>>;
}

/** Asks for the flags of the rows that name no id (row index → parsed values); null: none judged. */
export function askWordFlags(
  tx: Tx,
  entity: AnyEntity,
  inputs: ReadonlyMap<number, { id: number | undefined; values: Values }>,
): AskedFlags | null {
  if (entity.name !== 'word' || !tx.wordFlags) return null;
  const at: number[] = [];
  const words: Array<{ languageId: number; letters: string }> = [];
  for (const [index, { id, values }] of inputs) {
    const { letters, languageId } = values;
    if (id !== undefined || typeof letters !== 'string' || typeof languageId !== 'number') continue;
    at[index] = words.length;
    words.push({ languageId, letters });
  }
  if (words.length === 0) return null;
  const answer = tx.wordFlags.flagsOf(tx, words);
  // Awaited, and so reported, by the insert that uses it; a slice that inserts nothing drops it.
  answer.catch(() => undefined);
  return { at, words, answer };
}

/**
 * Sets `flags` on the values of new words (a create, or a bulk insert's rows): from the answer
 * asked for early where a row still holds the word asked about (`indexes`: each row's index in
 * the request), else asked now.
 */
export async function flagNewWords(
  tx: Tx,
  entity: AnyEntity,
  rows: Values[],
  asked?: { flags: AskedFlags | null; indexes: readonly number[] },
): Promise<void> {
  if (entity.name !== 'word' || !tx.wordFlags || rows.length === 0) return;
  const flags: Array<string | null> = [];
  const missing: number[] = [];
  const early = asked?.flags ? await asked.flags.answer : [];
  rows.forEach((row, i) => {
    const at = asked?.flags?.at[asked.indexes[i]!];
    const word = at === undefined ? undefined : asked!.flags!.words[at];
    if (word && word.letters === row.letters && word.languageId === row.languageId)
      flags[i] = early[at!] ?? null;
    else missing.push(i);
  });
  if (missing.length > 0) {
    const now = await tx.wordFlags.flagsOf(
      tx,
      missing.map((i) => ({ languageId: Number(rows[i]!.languageId), letters: String(rows[i]!.letters) })),
    );
    missing.forEach((i, k) => (flags[i] = now[k] ?? null));
  }
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
 * A bulk request's words sent to the dictionary thread as it arrives, before its transaction
 * starts: the thread judges them while this one waits for the request ahead of it (an import's
 * preview sends two at once), parses, checks and writes the rows, so the answers the insert asks
 * for are ready or nearly so. A row that will not be written is judged for nothing, on the other
 * thread; a word is judged once per process (answers remembered).
 */
export function prefetchWordFlags(
  database: DatabaseHandle,
  entity: AnyEntity,
  rows: readonly unknown[],
): void {
  const flagger = flaggers.get(database);
  if (entity.name !== 'word' || !flagger?.prefetch) return;
  const words: Array<{ languageId: number; letters: string }> = [];
  for (const row of rows) {
    if (typeof row !== 'object' || row === null) continue;
    const { letters, languageId, idLanguage } = row as Values;
    const language = languageId ?? idLanguage;
    // As written: the dictionary thread normalises them (this thread parses each row once, later).
    // Ids as a write accepts them only: the rows are not validated yet.
    if (typeof letters === 'string' && Number.isSafeInteger(language) && (language as number) > 0)
      words.push({ languageId: language as number, letters });
  }
  if (words.length > 0) flagger.prefetch(words);
}
