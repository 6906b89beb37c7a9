import { parseFlags, WORD_FLAGS, type WordFlag } from '../dictionary.ts';
import { namesOf } from './names.ts';
import type { AddProblem, LintInput } from './types.ts';

/** Each language's active words flagged by its dictionary, per flag (most first). */
export function flaggedByLanguage(
  input: Pick<LintInput, 'flaggedWords'>,
): Map<number, Map<WordFlag, number>> {
  const languages = new Map<number, Map<WordFlag, number>>();
  for (const { languageId, flags, count } of input.flaggedWords ?? []) {
    const counts = languages.get(languageId) ?? new Map<WordFlag, number>();
    languages.set(languageId, counts);
    for (const flag of parseFlags(flags)) counts.set(flag, (counts.get(flag) ?? 0) + count);
  }
  return languages;
}

/**
 * Issue 46: per language, its active words with an open dictionary finding (unknown to the
 * dictionary, a proper noun, offensive) that no content manager has accepted or excluded yet.
 */
export function flaggedWordChecks(input: LintInput, add: AddProblem): void {
  const names = namesOf(input);
  for (const [languageId, counts] of flaggedByLanguage(input)) {
    const total = (input.flaggedWords ?? [])
      .filter((f) => f.languageId === languageId)
      .reduce((sum, f) => sum + f.count, 0);
    const parts = WORD_FLAGS.filter((f) => counts.has(f)).map((f) => `${counts.get(f)} ${f}`);
    const language = names.language(languageId);
    add(
      'flagged-words',
      'language',
      languageId,
      `${language}: ${total} active ${total === 1 ? 'word is' : 'words are'} flagged by the dictionary (${parts.join(', ')}): accept or exclude ${total === 1 ? 'it' : 'them'}`,
    );
  }
}
