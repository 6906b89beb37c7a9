import { duplicateWordChecks } from './duplicate-words.ts';
import { lintKeys } from './keys.ts';
import { letterGroupChecks } from './letter-groups.ts';
import { levelChecks } from './levels.ts';
import { solvabilityChecks } from './solvable.ts';
import { flaggedWordChecks } from './flagged.ts';
import type { AddProblem, LintInput, Problem } from './types.ts';

export type { FlaggedCount, GroupWords, LintContent, LintInput, Problem, ProblemKind } from './types.ts';
export { flaggedCountsOf, groupWordsOf } from './group-words.ts';

/**
 * Every check `argus-words lint` and the panel's health dashboard run (one implementation, two
 * front ends); see each file for what it finds. Active rows only, except the duplicates.
 */
export async function lintInput(
  input: LintInput,
  pause: (() => Promise<void>) | null = null,
): Promise<Problem[]> {
  const problems: Problem[] = [];
  const add: AddProblem = (kind, entity, id, message) => problems.push({ kind, entity, id, message });
  levelChecks(input, add);
  await solvabilityChecks(input, add, pause);
  letterGroupChecks(input, add);
  duplicateWordChecks(input, add);
  flaggedWordChecks(input, add);
  problems.push(...lintKeys(input));
  return problems;
}
