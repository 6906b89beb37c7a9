import { parseCheckCondition, type CheckConditionPart } from './check-condition.ts';
import { checkSatisfiable, wordSatisfies } from './check-condition-words.ts';
import { groupLetters } from './words.ts';

/**
 * Whether a level can be finished with the words of its letter groups: the one implementation
 * behind `argus-words lint`, the content API's solvability endpoints and the panel's workbench.
 * Pure and dependency-free (the browser may use it too).
 *
 * The words of a letter group are its linked words (letter-group-words) that are active and of the
 * level's language: the words the game accepts for it. A letter group is judged on its own (a player
 * plays one at a time); inactive letter groups are not played, so they are left out.
 *
 * Required letter and position: the SPEC names `requiredLetterPosition` without saying what it
 * means. We read it as "which letter of the letter group is the required one", counted from 1,
 * with 0 meaning "not fixed": with `sameCharStart` (required letter 'first') every word must start
 * with that letter, with `sameCharEnd` end with it; at 0 any one letter will do, as long as all the
 * words share it.
 */

export type SolvabilityVerdict = 'solvable' | 'too-few-words' | 'unsolvable';

export const SOLVABILITY_VERDICTS: readonly SolvabilityVerdict[] = [
  'solvable',
  'too-few-words',
  'unsolvable',
];

/** Words shown as a sample. */
export const SAMPLE_SIZE = 20;

export interface SolvabilityLevel {
  languageId: number;
  checkCondition: string;
  requiredLetterPosition?: number;
}

export interface SolvabilityWord {
  letters: string;
  isActive: boolean;
  languageId: number;
  /** An open dictionary finding (issue 46): the level is also judged without such words. */
  flagged?: boolean;
}

export interface SolvabilityGroup {
  id: number;
  letters: string;
  isActive: boolean;
  /** Its linked words, whatever their state and language (filtered here). */
  words: readonly SolvabilityWord[];
}

export interface GroupSolvability {
  letterGroupId: number;
  letters: string;
  isActive: boolean;
  /** Null for an inactive letter group (not played, not judged). */
  verdict: SolvabilityVerdict | null;
  reason: string;
  /** Active linked words of the level's language. */
  words: number;
  /** Those that meet the per-word rules (letters, required letter). */
  usable: number;
  /** The most that can be entered together (see `checkSatisfiable`). */
  available: number;
  required: number;
  /** The required letter this group gives the level, when the position fixes one. */
  requiredLetter: string | null;
}

export interface LevelSolvability {
  verdict: SolvabilityVerdict;
  reason: string;
  /** Distinct usable words over the active letter groups. */
  count: number;
  /** Up to {@link SAMPLE_SIZE} of them, alphabetically. */
  sample: string[];
  /** Words the condition requires. */
  required: number;
  /** Parts of the condition that are not understood (ignored here; `lint` reports them). */
  unknown: string[];
  groups: GroupSolvability[];
  /**
   * Issue 46: when some of its usable words are flagged by the dictionary, how many, and the level
   * judged without them — a solvable level whose verdict here is not is only solvable with
   * flagged words. Absent when none is flagged.
   */
  flagged?: { words: number; sample: string[]; verdict: SolvabilityVerdict; reason: string };
}

/** Whether a level can be finished only with words the dictionary flagged. */
export const onlyWithFlagged = (answer: Pick<LevelSolvability, 'verdict' | 'flagged'>): boolean =>
  answer.verdict === 'solvable' && answer.flagged !== undefined && answer.flagged.verdict !== 'solvable';

/** How reasons name a letter group: `letter group 5 "pto"`; the detail follows `: `. */
export const groupName = (group: { id: number; letters: string }) =>
  `letter group ${group.id} "${group.letters}"`;

const RANK: Record<SolvabilityVerdict, number> = { solvable: 0, 'too-few-words': 1, unsolvable: 2 };
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The letter the position fixes for a group: undefined when not fixed, null when out of range. */
export function requiredLetterOf(
  parts: readonly CheckConditionPart[],
  position: number | undefined,
  letters: string,
): string | null | undefined {
  const ruled = parts.some((p) => p.kind === 'sameCharStart' || p.kind === 'sameCharEnd');
  if (!ruled || !position || position < 1) return undefined;
  return groupLetters(letters)[position - 1] ?? null;
}

/** One letter group's verdict, and its usable words. */
export function groupSolvability(
  level: SolvabilityLevel,
  parts: readonly CheckConditionPart[],
  group: SolvabilityGroup,
): { result: GroupSolvability; usable: string[] } {
  const words = [
    ...new Set(
      group.words.filter((w) => w.isActive && w.languageId === level.languageId).map((w) => w.letters),
    ),
  ];
  const letter = requiredLetterOf(parts, level.requiredLetterPosition, group.letters);
  const base = {
    letterGroupId: group.id,
    letters: group.letters,
    isActive: group.isActive,
    words: words.length,
    requiredLetter: letter ?? null,
  };
  const name = groupName(group);
  if (!group.isActive) {
    const result = {
      ...base,
      verdict: null,
      reason: `${name} is inactive: not played`,
      usable: 0,
      available: 0,
      required: 0,
    };
    return { result, usable: [] };
  }
  const context = letter ? { requiredLetter: letter } : {};
  const usable = letter === null ? [] : words.filter((w) => wordSatisfies(w, parts, context));
  // `usable`: distinct words that each meet the per-word parts (checked just above).
  const check = checkSatisfiable(usable, parts, context, true);
  const counts = { usable: usable.length, available: check.available, required: check.required };
  let verdict: SolvabilityVerdict = 'solvable';
  let reason = `${name}: ${plural(check.available, 'usable word')}, ${check.required} needed`;
  if (letter === null) {
    verdict = 'unsolvable';
    const length = groupLetters(group.letters).length;
    reason = `${name}: it has ${plural(length, 'letter')}, so no letter at required position ${level.requiredLetterPosition}`;
  } else if (words.length === 0) {
    verdict = 'unsolvable';
    reason = `${name}: no active words of the level's language are linked to it`;
  } else if (usable.length === 0) verdict = 'unsolvable';
  else if (!check.satisfiable) verdict = 'too-few-words';
  return { result: { ...base, ...counts, verdict, reason }, usable };
}

/**
 * The level's verdict from its letter groups' results (in link order; `linked` of them were
 * linked): the worst of the active ones' (unsolvable when it has none), with that group's reason.
 * A letter group's result depends only on it and the level's language, condition and position,
 * so judging every level at once (the `solvable` filter) shares one result among the levels.
 */
export function levelVerdict(
  results: readonly GroupSolvability[],
): Pick<LevelSolvability, 'verdict' | 'reason'> {
  const judged = results.filter((r) => r.verdict !== null);
  if (judged.length === 0) {
    const reason =
      results.length === 0
        ? 'No letter group is linked to this level: link one (Letter Group-Levels) so players have letters to play'
        : 'Every letter group linked to this level is inactive: players have no letters to play';
    return { verdict: 'unsolvable', reason };
  }
  const worst = judged.reduce((a, b) => (RANK[b.verdict!] > RANK[a.verdict!] ? b : a));
  if (worst.verdict !== 'solvable') return { verdict: worst.verdict!, reason: worst.reason };
  const tightest = judged.reduce((a, b) => (b.available < a.available ? b : a));
  const reason =
    judged.length === 1
      ? tightest.reason
      : `All ${judged.length} active letter groups can meet it; the tightest, ${tightest.reason}`;
  return { verdict: 'solvable', reason };
}

/**
 * The level's verdict ({@link levelVerdict}); the count and sample of usable words over all of its
 * letter groups.
 */
export function levelSolvability(
  level: SolvabilityLevel,
  groups: readonly SolvabilityGroup[],
  sampleSize = SAMPLE_SIZE,
): LevelSolvability {
  const { parts, unknown } = parseCheckCondition(level.checkCondition);
  const all = new Set<string>();
  const results = groups.map((group) => {
    const { result, usable } = groupSolvability(level, parts, group);
    for (const word of usable) all.add(word);
    return result;
  });
  const required = checkSatisfiable([], parts).required;
  const sample = [...all].sort().slice(0, sampleSize);
  const answer: LevelSolvability = {
    count: all.size,
    sample,
    required,
    unknown,
    groups: results,
    ...levelVerdict(results),
  };
  const flaggedWords = new Set<string>();
  for (const group of groups)
    for (const word of group.words)
      if (word.flagged && word.isActive && all.has(word.letters)) flaggedWords.add(word.letters);
  if (flaggedWords.size > 0) {
    const unflagged = groups.map((g) => ({ ...g, words: g.words.filter((w) => !w.flagged) }));
    const without = levelSolvability(level, unflagged, 0);
    answer.flagged = {
      words: flaggedWords.size,
      sample: [...flaggedWords].sort().slice(0, sampleSize),
      verdict: without.verdict,
      reason: without.reason,
    };
  }
  return answer;
}
