/**
 * A level's check condition (SPEC §5): the rule the words a player enters must meet, stored as parts
 * joined by '::', e.g. `words::10::sameCharStart` or `words::5::letters::6+`. Composed from the level
 * form's helper inputs, parsed back when a level is edited, and described in plain words. The panel's
 * level form, the CLI `levels import` and the seed all compose through {@link composeCheckCondition};
 * what each part requires of the words, and whether a set of words can meet a condition, is in
 * `check-condition-words.ts`.
 */

export type RequiredLetter = 'first' | 'last' | '';

export interface CheckConditionInputs {
  numberOfWords: number;
  requiredLetterFlag: boolean;
  requiredLetter: RequiredLetter;
  endIsStart: boolean;
  numberOfLetters: number;
  lettersAtLeast: boolean;
}

/** The level form's defaults: no condition at all. */
export const EMPTY_CHECK_CONDITION_INPUTS: Readonly<CheckConditionInputs> = Object.freeze({
  numberOfWords: 0,
  requiredLetterFlag: false,
  requiredLetter: '',
  endIsStart: false,
  numberOfLetters: 0,
  lettersAtLeast: false,
});

/** One part of a condition. */
export type CheckConditionPart =
  /** at least `count` words */
  | { kind: 'words'; count: number }
  /** every word starts with the same letter (the required letter) */
  | { kind: 'sameCharStart' }
  /** every word ends with the same letter (the required letter) */
  | { kind: 'sameCharEnd' }
  /** every word starts with the last letter of the word before it (a chain) */
  | { kind: 'endIsStart' }
  /** every word has exactly `count` letters, or at least `count` when `atLeast` */
  | { kind: 'letters'; count: number; atLeast: boolean };

export const CHECK_CONDITION_SEPARATOR = '::';

/**
 * SPEC §5, exactly: 'words::{n}' when numberOfWords > 0; 'sameCharStart' when a required letter is
 * flagged and is 'first'; when flagged and 'last': 'endIsStart' if endIsStart is set, else
 * 'sameCharEnd'; 'letters::{n}' (with '+' if lettersAtLeast) when numberOfLetters > 0 and no required
 * letter is flagged. Counts are whole numbers; fractions are truncated, negatives count as 0.
 */
export function composeCheckCondition(inputs: CheckConditionInputs): string {
  return checkConditionParts(inputs).map(formatPart).join(CHECK_CONDITION_SEPARATOR);
}

/** The parts {@link composeCheckCondition} writes for these inputs, in its order. */
export function checkConditionParts(inputs: CheckConditionInputs): CheckConditionPart[] {
  const parts: CheckConditionPart[] = [];
  const words = wholeNumber(inputs.numberOfWords);
  const letters = wholeNumber(inputs.numberOfLetters);
  if (words > 0) parts.push({ kind: 'words', count: words });
  if (inputs.requiredLetterFlag && inputs.requiredLetter === 'first') parts.push({ kind: 'sameCharStart' });
  if (inputs.requiredLetterFlag && inputs.requiredLetter === 'last') {
    parts.push({ kind: inputs.endIsStart ? 'endIsStart' : 'sameCharEnd' });
  }
  if (letters > 0 && !inputs.requiredLetterFlag) {
    parts.push({ kind: 'letters', count: letters, atLeast: inputs.lettersAtLeast });
  }
  return parts;
}

export function formatPart(part: CheckConditionPart): string {
  switch (part.kind) {
    case 'words':
      return `words::${part.count}`;
    case 'letters':
      return `letters::${part.count}${part.atLeast ? '+' : ''}`;
    default:
      return part.kind;
  }
}

/**
 * The inputs that matter for {@link composeCheckCondition}: what the form would show after saving and
 * reloading these inputs. Inputs the rule ignores are reset to their defaults (endIsStart unless the
 * required letter is 'last', letters when a required letter is flagged, …).
 */
export function canonicalCheckConditionInputs(inputs: CheckConditionInputs): CheckConditionInputs {
  return parseCheckCondition(composeCheckCondition(inputs)).inputs;
}

export interface ParsedCheckCondition {
  /** The form's helper inputs; composing them gives the condition, in canonical order, less `unknown`. */
  inputs: CheckConditionInputs;
  /** The parts understood, in the order written. */
  parts: CheckConditionPart[];
  /**
   * Parts that are not understood or that the form cannot express, as written (trimmed): unknown
   * words, counts that are not positive whole numbers, a second part of a kind already seen, a
   * second required-letter rule, or `letters::` together with a required-letter rule. Empty when the
   * whole condition is valid. Callers decide: the panel shows them, `lint` reports them.
   */
  unknown: string[];
}

/**
 * The inverse of {@link composeCheckCondition}, tolerant of whitespace around parts, of letter case
 * in the keywords, of empty parts (`words::5::`) and of any order. Never throws: whatever it cannot
 * use is returned in `unknown`, so `parse(compose(x)).inputs` equals
 * {@link canonicalCheckConditionInputs}(x) with `unknown` empty for every x.
 */
export function parseCheckCondition(condition: string): ParsedCheckCondition {
  const tokens = condition
    .split(CHECK_CONDITION_SEPARATOR)
    .map((t) => t.trim())
    .filter((t) => t !== '');
  const inputs: CheckConditionInputs = { ...EMPTY_CHECK_CONDITION_INPUTS };
  const parts: CheckConditionPart[] = [];
  const written: string[] = [];
  const unknown: string[] = [];

  for (let i = 0; i < tokens.length; i++) {
    let raw = tokens[i]!;
    const keyword = raw.toLowerCase();
    let part: CheckConditionPart | null = null;
    if (keyword === 'words' || keyword === 'letters') {
      // The count is the next token, unless that is a keyword of its own (then the count is missing).
      const value = tokens[i + 1];
      const match = value === undefined ? null : /^(\d{1,6})\s*(\+?)$/.exec(value);
      if (value !== undefined && !KEYWORDS.has(value.toLowerCase())) {
        raw = `${raw}${CHECK_CONDITION_SEPARATOR}${value}`;
        i++;
      }
      const count = match ? Number(match[1]) : 0;
      const atLeast = match?.[2] === '+';
      if (count > 0 && keyword === 'words' && !atLeast) part = { kind: 'words', count };
      if (count > 0 && keyword === 'letters') part = { kind: 'letters', count, atLeast };
    } else if (keyword === 'samecharstart') part = { kind: 'sameCharStart' };
    else if (keyword === 'samecharend') part = { kind: 'sameCharEnd' };
    else if (keyword === 'endisstart') part = { kind: 'endIsStart' };

    if (part === null || parts.some((p) => group(p) === group(part))) {
      unknown.push(raw);
      continue;
    }
    // The form drops letters::n when a required letter is flagged: keep the rule, report the letters.
    const letters = parts.findIndex((p) => p.kind === 'letters');
    if (part.kind === 'letters' && parts.some((p) => group(p) === 'requiredLetter')) {
      unknown.push(raw);
      continue;
    }
    if (group(part) === 'requiredLetter' && letters >= 0) {
      unknown.push(written[letters]!);
      parts.splice(letters, 1);
      written.splice(letters, 1);
    }
    parts.push(part);
    written.push(raw);
  }
  for (const part of parts) applyPart(inputs, part);
  return { inputs, parts, unknown };
}

const KEYWORDS = new Set(['words', 'letters', 'samecharstart', 'samecharend', 'endisstart']);

/** Parts of one group exclude each other: one count of words, one letters rule, one letter rule. */
function group(part: CheckConditionPart): 'words' | 'letters' | 'requiredLetter' {
  return part.kind === 'words' || part.kind === 'letters' ? part.kind : 'requiredLetter';
}

function applyPart(inputs: CheckConditionInputs, part: CheckConditionPart): void {
  switch (part.kind) {
    case 'words':
      inputs.numberOfWords = part.count;
      break;
    case 'letters':
      inputs.numberOfLetters = part.count;
      inputs.lettersAtLeast = part.atLeast;
      break;
    case 'sameCharStart':
      Object.assign(inputs, { requiredLetterFlag: true, requiredLetter: 'first' });
      break;
    case 'sameCharEnd':
      Object.assign(inputs, { requiredLetterFlag: true, requiredLetter: 'last' });
      break;
    case 'endIsStart':
      Object.assign(inputs, { requiredLetterFlag: true, requiredLetter: 'last', endIsStart: true });
      break;
  }
}

/**
 * A plain-language sentence for a condition, e.g. "at least 10 words; each starts with the same
 * letter". Parts that are not understood are quoted at the end.
 */
export function describeCheckCondition(condition: string): string {
  const { parts, unknown } = parseCheckCondition(condition);
  const phrases = parts.map(describePart);
  if (!parts.some((p) => p.kind === 'words') && parts.length > 0) phrases.unshift('any number of words');
  if (unknown.length > 0) phrases.push(`not understood: ${unknown.map((u) => `"${u}"`).join(', ')}`);
  return phrases.length === 0 ? 'no condition: any valid word counts' : phrases.join('; ');
}

function describePart(part: CheckConditionPart): string {
  switch (part.kind) {
    case 'words':
      return `at least ${part.count} ${part.count === 1 ? 'word' : 'words'}`;
    case 'sameCharStart':
      return 'each starts with the same letter';
    case 'sameCharEnd':
      return 'each ends with the same letter';
    case 'endIsStart':
      return 'each starts with the last letter of the word before it';
    case 'letters':
      return `each has ${part.atLeast ? 'at least ' : 'exactly '}${part.count} ${part.count === 1 ? 'letter' : 'letters'}`;
  }
}

function wholeNumber(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.trunc(value) : 0;
}
