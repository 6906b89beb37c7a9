/**
 * The fixed part of the demo data set: languages, stages and letter groups. Every letter group is
 * the letters of a real word of its stage's length (so at least one full-length word can be built),
 * stored shuffled so the list screen does not give the word away.
 */

export interface SeedLanguage {
  key: 'en' | 'es' | 'fr';
  language: string;
  isActive: boolean;
  /** The word list under ./data, or null for a language without content yet. */
  wordFile: string | null;
}

export const LANGUAGES: readonly SeedLanguage[] = [
  { key: 'en', language: 'English', isActive: true, wordFile: 'english-words.txt' },
  { key: 'es', language: 'Spanish', isActive: true, wordFile: 'spanish-words.txt' },
  // Inactive and empty: shows the isActive filter of the language list doing something.
  { key: 'fr', language: 'French', isActive: false, wordFile: null },
];

export interface SeedStage {
  number: number;
  letterCount: number;
  /** What the level form's stage select shows. */
  letters: string;
}

export const STAGES: readonly SeedStage[] = [5, 6, 7, 8, 9].map((letterCount, index) => ({
  number: index + 1,
  letterCount,
  letters: `${letterCount} letters`,
}));

/** Per language, per stage number: the words whose letters make the stage's letter groups. */
export const LETTER_GROUP_SOURCES: Readonly<Record<'en' | 'es', Readonly<Record<number, readonly string[]>>>> = {
  en: {
    1: ['paste', 'least', 'earth', 'notes', 'grape', 'stamp', 'metal', 'after', 'alert', 'haste'],
    2: ['master', 'planet', 'castle', 'carpet', 'poster', 'insert', 'phrase', 'garden', 'faster', 'aspire'],
    3: ['plaster', 'parties', 'planets', 'pasture', 'hamster', 'coaster', 'senator', 'details', 'roasted', 'antlers'],
    4: ['painters', 'chapters', 'captures', 'articles', 'asteroid', 'upstream', 'leopards', 'pointers', 'sprained', 'leotards'],
    5: ['spearmint', 'particles', 'creations', 'clarinets', 'signature', 'mousetrap', 'coastline', 'metaphors', 'democrats', 'dismantle'],
  },
  es: {
    1: ['marco', 'ramos', 'palos', 'rocas'],
    2: ['trapos', 'marcos', 'platos', 'padres'],
    3: ['actores', 'maestro', 'ratones', 'piedras'],
    4: ['personas', 'hermanos', 'camiones', 'caballos'],
    5: ['estrellas', 'historias', 'canciones'],
  },
}; // prettier-ignore

/**
 * The letters of a word in a fixed pseudo-random order (same input, same output), never the word
 * itself. Works on code points, so "camión" keeps its "ó".
 */
export function shuffleLetters(word: string): string {
  const letters = [...word];
  let seed = [...word].reduce((h, c) => (h * 31 + c.codePointAt(0)!) >>> 0, 7);
  for (let attempt = 0; attempt < 5; attempt++) {
    for (let i = letters.length - 1; i > 0; i--) {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      const j = seed % (i + 1);
      [letters[i], letters[j]] = [letters[j]!, letters[i]!];
    }
    if (letters.join('') !== word) break;
  }
  return letters.join('');
}

/** Every letter-group source word of a language, all stages. */
export function allGroupSources(language: 'en' | 'es'): string[] {
  return Object.values(LETTER_GROUP_SOURCES[language]).flat();
}
