/**
 * Dictionary quality (issue 46): what a reference dictionary says of a word, and what a content
 * manager decided about it. Types and pure helpers shared by the server, the panel and the CLI.
 *
 * - `unknown`: the language's dictionary does not know the word.
 * - `proper-noun`: it knows the word only capitalised ("Paris"), so the lower-case word is a name.
 * - `offensive`: the word is on the language's offensive-word list (the bundled list, plus the
 *   operator's own).
 * - `alphabet`: the word is not written in the language's alphabet (the existing write check): it
 *   would be refused, so it is never stored as a flag.
 *
 * A word with no verdict is known. A stored word's `flags` hold its open findings: a word a content
 * manager accepted or excluded has none (the decision is kept on the word, above the dictionary).
 */

export const WORD_FLAGS = ['unknown', 'proper-noun', 'offensive'] as const;
export type WordFlag = (typeof WORD_FLAGS)[number];

export const VERDICTS = [...WORD_FLAGS, 'alphabet'] as const;
export type Verdict = (typeof VERDICTS)[number];

export const DECISIONS = ['accepted', 'excluded'] as const;
export type Decision = (typeof DECISIONS)[number];

/** The most words one check or one bulk decision takes. */
export const MAX_CHECK_WORDS = 5000;
export const MAX_REASON_LENGTH = 300;

/** Flags as stored and sent: space-separated, in {@link WORD_FLAGS} order; '' for none. */
export function flagsText(flags: Iterable<string>): string {
  const set = new Set(flags);
  return WORD_FLAGS.filter((flag) => set.has(flag)).join(' ');
}

/** The flags of a stored `flags` text. */
export function parseFlags(text: string | null | undefined): WordFlag[] {
  if (!text) return [];
  const set = new Set(text.split(' '));
  return WORD_FLAGS.filter((flag) => set.has(flag));
}

export const isWordFlag = (value: string): value is WordFlag =>
  (WORD_FLAGS as readonly string[]).includes(value);

/** Where a language's dictionary comes from, as the server describes it. */
export interface DictionaryInfo {
  /** `dictionary-en 4.0.0 (MIT AND BSD)` or the folder's `.dic` path. */
  source: string;
  /** The language code its bundled offensive list was chosen by (`en`), if any. */
  code: string | null;
  /** Words on its offensive list (bundled and the operator's). */
  offensiveWords: number;
  /** German capitalises every noun: a word known only capitalised is known, not a proper noun. */
  nounsCapitalised: boolean;
}

export interface WordCheck {
  /** The word as sent. */
  word: string;
  /** The word as it would be stored (trimmed, lower case, NFC); null when it is no word at all. */
  letters: string | null;
  verdicts: Verdict[];
  /** The stored word's decision, which outranks the dictionary (its findings are then dropped). */
  decision: Decision | null;
  reason: string | null;
  /** Why the word is refused (`alphabet`), as a write would say it. */
  message?: string;
}

export type VerdictCounts = Record<Verdict | 'known', number>;

export interface CheckResponse {
  languageId: number;
  language: string;
  /** Null: the language has no dictionary, so only its alphabet is checked. */
  dictionary: DictionaryInfo | null;
  results: WordCheck[];
  counts: VerdictCounts;
}

export const emptyVerdictCounts = (): VerdictCounts => ({
  known: 0,
  unknown: 0,
  'proper-noun': 0,
  offensive: 0,
  alphabet: 0,
});

/** Adds one result to counts: each verdict once, `known` when it has none. */
export function countVerdicts(counts: VerdictCounts, verdicts: readonly Verdict[]): void {
  if (verdicts.length === 0) counts.known++;
  for (const verdict of verdicts) counts[verdict]++;
}

/** One line for counts: `12 known, 3 unknown, 1 proper-noun`. Zero counts are left out. */
export function verdictSummary(counts: VerdictCounts): string {
  const parts = (['known', ...VERDICTS] as const)
    .filter((name) => counts[name] > 0)
    .map((name) => `${counts[name]} ${name}`);
  return parts.length === 0 ? 'no words' : parts.join(', ');
}

export interface DecisionRequest {
  languageId: number;
  /** Words (as stored, or as typed: they are normalised). */
  words: string[];
  decision: Decision | null;
  reason: string;
}

export interface DecisionResult {
  word: string;
  id?: number;
  status: 'decided' | 'unchanged' | 'rejected';
  message?: string;
}

export interface DecisionResponse {
  counts: { decided: number; unchanged: number; rejected: number };
  results: DecisionResult[];
}

export interface LanguageDictionary {
  languageId: number;
  language: string;
  dictionary: DictionaryInfo | null;
  /** Active words with an open finding, by flag. */
  flagged: Record<WordFlag, number>;
  decided: Record<Decision, number>;
  /** When this language's words were last checked against the current dictionary; null: never. */
  checkedAt: string | null;
  /** The words are being checked again (the dictionary changed) in the background. */
  checking: boolean;
}

/** Each language's positions in `words`, languages in first-seen order: words are judged a language at a time. */
export function positionsByLanguage(words: ReadonlyArray<{ languageId: number }>): Map<number, number[]> {
  const byLanguage = new Map<number, number[]>();
  words.forEach((word, i) => {
    const list = byLanguage.get(word.languageId);
    if (list) list.push(i);
    else byLanguage.set(word.languageId, [i]);
  });
  return byLanguage;
}
