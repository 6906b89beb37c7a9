import { checkSatisfiable } from '#shared/check-condition-words.ts';
import {
  EMPTY_CHECK_CONDITION_INPUTS,
  composeCheckCondition,
  type CheckConditionInputs,
} from '#shared/check-condition.ts';
import type { SeedStage } from './content.ts';
import type { PlannedGroup } from './groups.ts';

/**
 * Demo levels: per language and stage, one level of each kind of check condition (SPEC §5), with
 * counts that grow with the stage. Each level is linked to up to three letter groups of its stage
 * and language whose buildable words can actually meet its condition.
 */

export interface PlannedLevel {
  language: 'en' | 'es';
  stageNumber: number;
  number: number;
  hint: string;
  assignment: string;
  time: number;
  requiredLetterFlag: boolean;
  requiredLetter: string;
  checkCondition: string;
  isChill: boolean;
  /** Letters of the linked groups; the first is marked `used`. */
  groups: string[];
}

interface LevelKind {
  inputs: (stage: SeedStage, words: number) => Partial<CheckConditionInputs>;
  /** Number of words asked for, by stage index (0–4) and language. */
  words: Record<'en' | 'es', readonly number[]>;
  time: number;
  isChill: boolean;
  text: Record<
    'en' | 'es',
    (n: number, stage: SeedStage, letters: number) => { assignment: string; hint: string }
  >;
}

const exactLetters = (stage: SeedStage) => (stage.letterCount <= 6 ? 4 : 5);
const minLetters = (stage: SeedStage) => Math.max(4, stage.letterCount - 2);

const KINDS: readonly LevelKind[] = [
  {
    inputs: (_s, n) => ({ numberOfWords: n }),
    words: { en: [10, 15, 20, 25, 30], es: [4, 5, 6, 8, 8] },
    time: 60,
    isChill: false,
    text: {
      en: (n) => ({
        assignment: `Find ${n} words.`,
        hint: 'Short words count too: three letters is enough.',
      }),
      es: (n) => ({ assignment: `Encuentra ${n} palabras.`, hint: 'Los plurales también cuentan.' }),
    },
  },
  {
    inputs: (s, n) => ({ numberOfWords: n, numberOfLetters: exactLetters(s) }),
    words: { en: [6, 10, 12, 15, 20], es: [2, 3, 4, 4, 3] },
    time: 60,
    isChill: false,
    text: {
      en: (n, _s, l) => ({
        assignment: `Find ${n} words of exactly ${l} letters.`,
        hint: 'Try swapping one letter.',
      }),
      es: (n, _s, l) => ({
        assignment: `Encuentra ${n} palabras de exactamente ${l} letras.`,
        hint: 'Prueba a cambiar una sola letra.',
      }),
    },
  },
  {
    inputs: (s, n) => ({ numberOfWords: n, numberOfLetters: minLetters(s), lettersAtLeast: true }),
    words: { en: [4, 6, 8, 10, 12], es: [2, 2, 2, 3, 3] },
    time: 90,
    isChill: false,
    text: {
      en: (n, _s, l) => ({
        assignment: `Find ${n} words with at least ${l} letters.`,
        hint: 'Add an ending: -s, -ed, -er.',
      }),
      es: (n, _s, l) => ({
        assignment: `Encuentra ${n} palabras de al menos ${l} letras.`,
        hint: 'Piensa en plurales largos.',
      }),
    },
  },
  {
    inputs: (_s, n) => ({ numberOfWords: n, requiredLetterFlag: true, requiredLetter: 'first' }),
    words: { en: [5, 8, 10, 12, 15], es: [2, 3, 3, 4, 4] },
    time: 60,
    isChill: false,
    text: {
      en: (n) => ({
        assignment: `Find ${n} words that start with the same letter.`,
        hint: 'Pick a letter many words start with, like s, p or t.',
      }),
      es: (n) => ({
        assignment: `Encuentra ${n} palabras que empiecen por la misma letra.`,
        hint: 'Elige una letra con la que empiecen muchas palabras.',
      }),
    },
  },
  {
    inputs: (_s, n) => ({ numberOfWords: n, requiredLetterFlag: true, requiredLetter: 'last' }),
    words: { en: [5, 8, 10, 12, 15], es: [2, 3, 4, 4, 5] },
    time: 60,
    isChill: false,
    text: {
      en: (n) => ({
        assignment: `Find ${n} words that end with the same letter.`,
        hint: 'Plurals all end in s.',
      }),
      es: (n) => ({
        assignment: `Encuentra ${n} palabras que terminen en la misma letra.`,
        hint: 'Los plurales terminan en s.',
      }),
    },
  },
  {
    inputs: (_s, n) => ({
      numberOfWords: n,
      requiredLetterFlag: true,
      requiredLetter: 'last',
      endIsStart: true,
    }),
    words: { en: [4, 6, 8, 10, 12], es: [2, 2, 3, 3, 3] },
    time: 90,
    isChill: false,
    text: {
      en: (n) => ({
        assignment: `Chain ${n} words: each starts with the last letter of the word before.`,
        hint: 'End on a letter that many words start with.',
      }),
      es: (n) => ({
        assignment: `Encadena ${n} palabras: cada una empieza por la última letra de la anterior.`,
        hint: 'Termina en una letra por la que empiecen muchas palabras.',
      }),
    },
  },
  {
    // Chill: no count, no clock pressure; one word that uses every letter of the group.
    inputs: (s) => ({ numberOfLetters: s.letterCount }),
    words: { en: [1, 1, 1, 1, 1], es: [1, 1, 1, 1, 1] },
    time: 180,
    isChill: true,
    text: {
      en: (_n, s) => ({
        assignment: `Find a word that uses all ${s.letterCount} letters.`,
        hint: 'Take your time: this level is a chill one.',
      }),
      es: (_n, s) => ({
        assignment: `Encuentra una palabra con las ${s.letterCount} letras.`,
        hint: 'Sin prisa: este nivel es tranquilo.',
      }),
    },
  },
  {
    // Chill: any words starting with one letter, as many as the player likes.
    inputs: () => ({ requiredLetterFlag: true, requiredLetter: 'first' }),
    words: { en: [1, 1, 1, 1, 1], es: [1, 1, 1, 1, 1] },
    time: 240,
    isChill: true,
    text: {
      en: () => ({
        assignment: 'Find as many words as you can that start with the same letter.',
        hint: 'No hurry: every word counts.',
      }),
      es: () => ({
        assignment: 'Encuentra todas las palabras que puedas que empiecen por la misma letra.',
        hint: 'Sin prisa: cada palabra cuenta.',
      }),
    },
  },
];

export const LEVELS_PER_STAGE = KINDS.length;

/**
 * The levels of one language and stage, numbered across the language (stage 1 has levels 1–8,
 * stage 2 levels 9–16, …). Throws when a level has no group that can meet it: the data set is
 * fixed, so that is a bug in this file, caught by the seed test.
 */
export function planLevels(
  language: 'en' | 'es',
  stage: SeedStage,
  groups: readonly PlannedGroup[],
): PlannedLevel[] {
  const stageIndex = stage.number - 1;
  return KINDS.map((kind, index) => {
    const words = kind.words[language][stageIndex]!;
    const inputs: CheckConditionInputs = { ...EMPTY_CHECK_CONDITION_INPUTS, ...kind.inputs(stage, words) };
    const checkCondition = composeCheckCondition(inputs);
    const number = stageIndex * LEVELS_PER_STAGE + index + 1;
    // Rotate the starting group so levels of one stage spread over its groups.
    const rotated = groups.map((_, i) => groups[(i + index) % groups.length]!);
    const linked = rotated.filter((g) => checkSatisfiable(g.words, checkCondition).satisfiable).slice(0, 3);
    if (linked.length === 0) {
      throw new Error(
        `Demo level ${language} #${number} (${checkCondition}) has no letter group that can meet it`,
      );
    }
    const letters = inputs.lettersAtLeast ? minLetters(stage) : exactLetters(stage);
    return {
      language,
      stageNumber: stage.number,
      number,
      ...kind.text[language](words, stage, letters),
      time: kind.time,
      requiredLetterFlag: inputs.requiredLetterFlag,
      requiredLetter: inputs.requiredLetterFlag ? inputs.requiredLetter : '',
      checkCondition,
      isChill: kind.isChill,
      groups: linked.map((g) => g.letters),
    };
  });
}
