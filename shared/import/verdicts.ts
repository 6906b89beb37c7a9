import { ApiError, type ApiClient } from '../api-client/index.ts';
import {
  countVerdicts,
  emptyVerdictCounts,
  parseFlags,
  positionsByLanguage,
  type Verdict,
  type VerdictCounts,
} from '../dictionary.ts';

/** What an import's words are, by their language's dictionary (issue 46). */
export interface ImportVerdicts {
  /**
   * Each word's verdicts, in the order given; empty for a word that is known or decided. Words
   * with the same flags share one (frozen) list: an import holds hundreds of thousands.
   */
  verdicts: ReadonlyArray<readonly Verdict[]>;
  counts: VerdictCounts;
  /** The languages that have no dictionary (their words are not judged). */
  withoutDictionary: string[];
}

const NONE: readonly Verdict[] = Object.freeze([]);

/**
 * The verdicts of the words an import creates or changes (the import previews of the panel and
 * the CLI). The dry run judged them already: each word comes with the `flags` its bulk result
 * carries. Each language is asked once (`POST words/cms/check` of one word) whether it has a
 * dictionary at all, so a preview can say its words were not checked rather than "known".
 */
export async function importVerdicts(
  api: ApiClient,
  words: ReadonlyArray<{ languageId: number; letters: string; flags?: string | undefined }>,
): Promise<ImportVerdicts> {
  const verdicts: Array<readonly Verdict[]> = words.map(() => NONE);
  const shared = new Map<string, readonly Verdict[]>();
  const verdictsOf = (flags: string | undefined): readonly Verdict[] => {
    if (!flags) return NONE;
    let found = shared.get(flags);
    if (!found) shared.set(flags, (found = Object.freeze(parseFlags(flags))));
    return found;
  };
  const counts = emptyVerdictCounts();
  const withoutDictionary: string[] = [];
  for (const [languageId, positions] of positionsByLanguage(words)) {
    let answer;
    try {
      answer = await api.dictionary.check(languageId, [words[positions[0]!]!.letters]);
    } catch (error) {
      // An external API without dictionaries (older than issue 46): the words are not judged.
      if (error instanceof ApiError && (error.status === 404 || error.status === 405))
        return { verdicts, counts, withoutDictionary: [`The API (${error.status})`] };
      throw error;
    }
    if (answer.dictionary === null) {
      withoutDictionary.push(answer.language);
      continue;
    }
    for (const i of positions) {
      verdicts[i] = verdictsOf(words[i]!.flags);
      countVerdicts(counts, verdicts[i]!);
    }
  }
  return { verdicts, counts, withoutDictionary };
}
