import { ApiError, type ApiClient } from '../api-client/index.ts';
import {
  countVerdicts,
  emptyVerdictCounts,
  MAX_CHECK_WORDS,
  type Verdict,
  type VerdictCounts,
} from '../dictionary.ts';

/** What an import's words are, by their language's dictionary (issue 46). */
export interface ImportVerdicts {
  /** Each word's verdicts, in the order given; empty for a word that is known or decided. */
  verdicts: Verdict[][];
  counts: VerdictCounts;
  /** The languages that have no dictionary (their words are not judged). */
  withoutDictionary: string[];
}

/**
 * The verdicts of the words an import creates or changes (the import previews of the panel and
 * the CLI): `POST words/cms/check`, a language's words {@link MAX_CHECK_WORDS} per call. A language
 * without a dictionary is asked once, and its words are left unjudged.
 */
export async function importVerdicts(
  api: ApiClient,
  words: ReadonlyArray<{ languageId: number; letters: string }>,
): Promise<ImportVerdicts> {
  const verdicts: Verdict[][] = words.map(() => []);
  const counts = emptyVerdictCounts();
  const withoutDictionary: string[] = [];
  const byLanguage = new Map<number, number[]>();
  words.forEach((word, i) => {
    const list = byLanguage.get(word.languageId) ?? [];
    if (list.length === 0) byLanguage.set(word.languageId, list);
    list.push(i);
  });
  for (const [languageId, positions] of byLanguage) {
    for (let at = 0; at < positions.length; at += MAX_CHECK_WORDS) {
      const part = positions.slice(at, at + MAX_CHECK_WORDS);
      let answer;
      try {
        answer = await api.dictionary.check(
          languageId,
          part.map((i) => words[i]!.letters),
        );
      } catch (error) {
        // An external API without dictionaries (older than issue 46): the words are not judged.
        if (error instanceof ApiError && (error.status === 404 || error.status === 405))
          return { verdicts, counts, withoutDictionary: [`The API (${error.status})`] };
        throw error;
      }
      if (answer.dictionary === null) {
        withoutDictionary.push(answer.language);
        break;
      }
      answer.results.forEach((result, i) => {
        verdicts[part[i]!] = result.verdicts;
        countVerdicts(counts, result.verdicts);
      });
    }
  }
  return { verdicts, counts, withoutDictionary };
}
