import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Word-like strings for the large data set: real words first (the demo lists the server ships),
 * then syllables put together per language, so substring filters such as `tion`, `ñ`, `ß` or `ст`
 * hit some rows and `qxz` hits none. Deterministic: the same scale gives the same rows.
 */

/** mulberry32: a small seeded PRNG, good enough to spread test data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;

interface Phonology {
  onsets: string[];
  nuclei: string[];
  codas: string[];
  suffixes: string[];
}

const split = (s: string) => s.split(' ').map((x) => (x === '_' ? '' : x));

const PHONOLOGY: Record<LanguageKey, Phonology> = {
  en: {
    onsets: split(
      '_ b c d f g h j k l m n p r s t v w y z bl br ch cl cr dr fl fr gl gr pl pr sh sl sp st str th tr wh',
    ),
    nuclei: split('a e i o u ai ea ee ie oo ou y'),
    codas: split('_ _ _ n r s t l m nd st ck ng rt x'),
    suffixes: split('tion ing ness er ed ly ment able ist ous'),
  },
  es: {
    onsets: split('_ b c d f g j l ll m n ñ p qu r rr s t v z ch br tr pl'),
    nuclei: split('a e i o u á é í ó ú ia ue io ü'),
    codas: split('_ _ _ n s r l'),
    suffixes: split('ción mente ado ero ña ito'),
  },
  de: {
    onsets: split('_ b d f g h k l m n p r s t w z sch st sp pf kr gr br'),
    nuclei: split('a e i o u ä ö ü ei au eu ie'),
    codas: split('_ _ n r ß s t ch ng ck l'),
    suffixes: split('ung heit keit lich chen ßen'),
  },
  ru: {
    onsets: split('_ б в г д ж з к л м н п р с т ф х ц ч ш щ ст пр кр'),
    nuclei: split('а е и о у ы э ю я ё'),
    codas: split('_ _ н р с т л й к'),
    suffixes: split('ость ние ский ка'),
  },
};

export type LanguageKey = 'en' | 'es' | 'de' | 'ru';

/** Id order is the insertion order (1…4); the share of words and players of each. */
export const LANGUAGES: ReadonlyArray<{ key: LanguageKey; name: string; share: number }> = [
  { key: 'en', name: 'English', share: 0.7 },
  { key: 'es', name: 'Español', share: 0.1 },
  { key: 'de', name: 'Deutsch', share: 0.1 },
  { key: 'ru', name: 'Русский', share: 0.1 },
];

const MIN_LETTERS = 3;
const MAX_LETTERS = 12;

function seedWords(key: LanguageKey): string[] {
  const file = { en: 'english-words.txt', es: 'spanish-words.txt' }[key as 'en' | 'es'];
  if (!file) return [];
  const text = readFileSync(path.join(import.meta.dirname, '../../../server/seed/data', file), 'utf8');
  return text.split('\n').filter((line) => line && !line.startsWith('#'));
}

function syllableWord(random: () => number, p: Phonology): string {
  const syllables = 1 + Math.floor(random() * 4);
  let word = '';
  for (let i = 0; i < syllables; i++)
    word += pick(random, p.onsets) + pick(random, p.nuclei) + pick(random, p.codas);
  if (random() < 0.15) word += pick(random, p.suffixes);
  return word;
}

/** `count` distinct words of 3–12 letters (code points) of one language. */
export function generateWords(key: LanguageKey, count: number, seed: number): string[] {
  const random = prng(seed);
  const phonology = PHONOLOGY[key];
  const words = new Set<string>();
  for (const word of seedWords(key)) {
    if (words.size >= count) break;
    const letters = [...word].length;
    if (letters >= MIN_LETTERS && letters <= MAX_LETTERS) words.add(word);
  }
  let misses = 0;
  while (words.size < count) {
    const word = syllableWord(random, phonology);
    const letters = [...word].length;
    if (letters < MIN_LETTERS || letters > MAX_LETTERS || words.has(word)) {
      // The syllable space of a language is large but finite: a long run of misses means it is spent.
      if (++misses > 5_000_000) throw new Error(`Cannot make ${count} distinct ${key} words`);
      continue;
    }
    words.add(word);
  }
  return [...words];
}

/** The letters a language's words use, for padding letter groups. */
export function alphabet(words: readonly string[]): string[] {
  const letters = new Set<string>();
  for (const word of words.slice(0, 5_000)) for (const letter of word) letters.add(letter);
  return [...letters].sort();
}
