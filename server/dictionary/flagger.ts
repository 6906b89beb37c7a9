import { positionsByLanguage } from '#shared/dictionary.ts';
import type { Tx } from '../api/resources/integrity.ts';
import type { WordFlagger } from '../api/resources/word-flags.ts';
import type { Dictionaries } from './checker.ts';

/** Per unit of work: language id → its name (a bulk import asks once). */
const names = new WeakMap<Tx, Map<number, string | null>>();

async function languageNames(tx: Tx, ids: readonly number[]): Promise<Map<number, string | null>> {
  const known = names.get(tx) ?? new Map<number, string | null>();
  names.set(tx, known);
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) {
    const rows = await tx.db
      .selectFrom('languages')
      .select(['id', 'language'])
      .where('id', 'in', missing)
      .execute();
    for (const id of missing) known.set(id, null);
    for (const row of rows) known.set(Number(row.id), String(row.language));
  }
  return known;
}

/**
 * The write path's flagger (resources/word-flags.ts): each word judged by its language's
 * dictionary in the dictionary thread, a language's words in one message. A language without a
 * dictionary gives no flags. A dictionary that cannot be loaded fails the write (its message
 * names the dictionary) rather than storing words unjudged.
 */
export function createWordFlagger(dictionaries: Dictionaries): WordFlagger {
  /** The words' positions per language that has a dictionary, with that dictionary. */
  async function byDictionary(tx: Tx, words: ReadonlyArray<{ languageId: number }>) {
    const byLanguage = positionsByLanguage(words);
    const named = await languageNames(tx, [...byLanguage.keys()]);
    return [...byLanguage].flatMap(([languageId, positions]) => {
      const name = named.get(languageId);
      const dictionary = name ? dictionaries.of(name) : null;
      return dictionary ? [{ dictionary, positions }] : [];
    });
  }

  return {
    prefetch(tx, words) {
      // The write's own request reports a failure.
      void (async () => {
        for (const { dictionary, positions } of await byDictionary(tx, words))
          await dictionaries.prefetch(
            await dictionary,
            positions.map((i) => words[i]!.letters),
          );
      })().catch(() => undefined);
    },
    async flagsOf(tx, words) {
      const out: Array<string | null> = Array.from({ length: words.length }, () => null);
      for (const { dictionary, positions } of await byDictionary(tx, words)) {
        const flags = await dictionaries.flags(
          await dictionary,
          positions.map((i) => words[i]!.letters),
        );
        positions.forEach((at, i) => (out[at] = flags[i] || null));
      }
      return out;
    },
  };
}
