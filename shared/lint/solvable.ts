import { checkSatisfiable } from '../check-condition-words.ts';
import { levelName } from './levels.ts';
import type { AddProblem, LintInput } from './types.ts';

/**
 * Active levels whose active letter groups cannot meet their check condition with their active
 * words (the rule itself is shared/check-condition-words.ts; a group without words is reported
 * once, as an empty letter group). `pause` lets a server yield every 50 levels.
 */
export async function solvabilityChecks(
  input: LintInput,
  add: AddProblem,
  pause: (() => Promise<void>) | null = null,
): Promise<void> {
  const groups = new Map(input.letterGroups.map((g) => [g.id, g]));
  const linksOf = new Map<number, number[]>();
  for (const link of input.letterGroupLevels) {
    const list = linksOf.get(link.levelId) ?? [];
    list.push(link.letterGroupId);
    linksOf.set(link.levelId, list);
  }
  let done = 0;
  for (const level of input.levels) {
    if (!level.isActive) continue;
    if (pause && ++done % 50 === 0) await pause();
    for (const groupId of linksOf.get(level.id) ?? []) {
      const group = groups.get(groupId);
      if (!group?.isActive) continue;
      const buildable = input.groupWords.get(group.id)?.activeLetters ?? [];
      if (buildable.length === 0) continue; // reported once, as an empty letter group
      const result = checkSatisfiable(buildable, level.checkCondition);
      if (!result.satisfiable) {
        add(
          'unsatisfiable-level',
          'level',
          level.id,
          `${levelName(level)}: letter group ${group.id} "${group.letters}" cannot meet "${level.checkCondition}": ` +
            `${result.available} usable ${result.available === 1 ? 'word' : 'words'}, ${result.required} needed`,
        );
      }
    }
  }
}
