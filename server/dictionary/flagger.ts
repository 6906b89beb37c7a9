import { sql } from 'kysely';
import { positionsByLanguage } from '#shared/dictionary.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { Tx } from '../api/resources/integrity.ts';
import type { WordFlagger } from '../api/resources/word-flags.ts';
import type { Dictionaries } from './checker.ts';

type Names = Map<number, string | null>;

/** Language names kept as prefetch hints, at most (a deployment has a handful of languages). */
const LAST_NAMES = 1000;

/** Per unit of work: language id → its name (a bulk import asks once). */
const names = new WeakMap<Tx, Names>();

/** Fills `known` with the names of `ids` it lacks, read by `lookup`. */
async function namesOf(
  known: Names,
  ids: readonly number[],
  lookup: (ids: number[]) => Promise<Array<Record<string, unknown>>>,
): Promise<Names> {
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) {
    const rows = await lookup(missing);
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
export function createWordFlagger(dictionaries: Dictionaries, database: DatabaseHandle): WordFlagger {
  /** The words' positions per language that has a dictionary, with that dictionary. */
  function byDictionary(named: Names, byLanguage: Map<number, number[]>) {
    return [...byLanguage].flatMap(([languageId, positions]) => {
      const name = named.get(languageId);
      const dictionary = name ? dictionaries.of(name) : null;
      return dictionary ? [{ dictionary, positions }] : [];
    });
  }

  /**
   * The names writes last read, for prefetches: a hint only (a renamed language's words are judged
   * for nothing at worst), and known without a round trip, so the words go at once. Only names
   * found are kept, and a request's made-up ids cannot grow it past LAST_NAMES.
   */
  const lastNames: Names = new Map();
  const remember = (named: Names) => {
    if (lastNames.size > LAST_NAMES) lastNames.clear();
    for (const [id, name] of named) if (name !== null) lastNames.set(id, name);
  };

  return {
    prefetch(words) {
      // Before the write's transaction (a request queued behind another's starts its words). The
      // write's own flagsOf reports a failure.
      void (async () => {
        const byLanguage = positionsByLanguage(words);
        const named = await namesOf(new Map(lastNames), [...byLanguage.keys()], (ids) =>
          database.read(
            sql`select id, language from languages where id in (${sql.join(ids)})`.compile(database.db),
          ),
        );
        remember(named);
        for (const { dictionary, positions } of byDictionary(named, byLanguage))
          await dictionaries.prefetch(
            await dictionary,
            positions.map((i) => words[i]!.letters),
          );
      })().catch(() => undefined);
    },
    async flagsOf(tx, words) {
      const out: Array<string | null> = Array.from({ length: words.length }, () => null);
      const byLanguage = positionsByLanguage(words);
      let known = names.get(tx);
      if (!known) names.set(tx, (known = new Map()));
      const named = await namesOf(known, [...byLanguage.keys()], (ids) =>
        tx.db.selectFrom('languages').select(['id', 'language']).where('id', 'in', ids).execute(),
      );
      remember(named);
      for (const { dictionary, positions } of byDictionary(named, byLanguage)) {
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
