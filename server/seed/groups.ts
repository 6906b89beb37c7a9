import { createWordMatcher } from '#shared/words.ts';
import { LETTER_GROUP_SOURCES, STAGES, shuffleLetters } from './content.ts';

export interface PlannedGroup {
  language: 'en' | 'es';
  stageNumber: number;
  /** As stored: the source word's letters, shuffled. */
  letters: string;
  /** Every word of the language's list a player can build from the group (its letter-group-word links). */
  words: string[];
}

/** The letter groups of one language, each with the words it links to. */
export function planGroups(language: 'en' | 'es', words: readonly string[]): PlannedGroup[] {
  const matcher = createWordMatcher(words);
  return STAGES.flatMap((stage) =>
    (LETTER_GROUP_SOURCES[language][stage.number] ?? []).map((source) => {
      if ([...source].length !== stage.letterCount) {
        throw new Error(`Demo letter group "${source}" does not have ${stage.letterCount} letters`);
      }
      const letters = shuffleLetters(source);
      return { language, stageNumber: stage.number, letters, words: matcher.buildableFrom(letters) };
    }),
  );
}
