import { normalizeWord } from '../words.ts';
import { namesOf } from './names.ts';
import type { AddProblem, LintInput } from './types.ts';

/** The form two words of a language share when they are the same word once normalised. */
export function wordForm(word: { letters: string; languageId: number }): string {
  const normalized = normalizeWord(word.letters);
  return `${word.languageId}:${normalized?.ok ? normalized.word : word.letters.trim().toLowerCase()}`;
}

/** Words that are the same as an earlier one (lower id) once normalised. */
export function duplicateWordChecks(
  input: Pick<LintInput, 'words' | 'languages' | 'stages'>,
  add: AddProblem,
): void {
  const names = namesOf(input);
  const seen = new Map<string, number>();
  for (const word of [...input.words].sort((a, b) => a.id - b.id)) {
    const form = wordForm(word);
    const first = seen.get(form);
    if (first === undefined) seen.set(form, word.id);
    else
      add(
        'duplicate-word',
        'word',
        word.id,
        `word ${word.id} "${word.letters}" duplicates word ${first} in ${names.language(word.languageId)}`,
      );
  }
}
