import { groupName, levelSolvability } from '../solvability.ts';
import { levelName, linksByLevel } from './levels.ts';
import type { AddProblem, LintInput } from './types.ts';

/**
 * Active levels whose active letter groups cannot meet their check condition with their active
 * words. The verdict is shared/solvability.ts, the same one the content API's solvability endpoints
 * and the panel's workbench give (one implementation). A group without active words is reported
 * once, as an empty letter group; an inactive one by levels.ts. `pause` lets a server yield every
 * 50 levels.
 */
export async function solvabilityChecks(
  input: LintInput,
  add: AddProblem,
  pause: (() => Promise<void>) | null = null,
): Promise<void> {
  const groups = new Map(input.letterGroups.map((g) => [g.id, g]));
  const linksOf = linksByLevel(input);
  let done = 0;
  for (const level of input.levels) {
    if (!level.isActive) continue;
    if (pause && ++done % 50 === 0) await pause();
    const linked = (linksOf.get(level.id) ?? []).flatMap((groupId) => {
      const group = groups.get(groupId);
      if (!group?.isActive) return [];
      const active = input.groupWords.get(group.id)?.activeWords ?? [];
      if (active.length === 0) return []; // reported once, as an empty letter group
      return [{ ...group, words: active.map((w) => ({ ...w, isActive: true })) }];
    });
    for (const result of levelSolvability(level, linked, 0).groups) {
      if (result.verdict === null || result.verdict === 'solvable') continue;
      // The reason names the group first (`letter group 5 "pto": …`); the message names it itself.
      const name = groupName({ id: result.letterGroupId, letters: result.letters });
      const detail = result.reason.slice(name.length + 2);
      add(
        'unsatisfiable-level',
        'level',
        level.id,
        `${levelName(level)}: ${name} cannot meet "${level.checkCondition}": ${detail}`,
      );
    }
  }
}
