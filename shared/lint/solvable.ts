import { groupName, levelSolvability, onlyWithFlagged } from '../solvability.ts';
import { linksByLevel } from './levels.ts';
import { levelName, namesOf } from './names.ts';
import type { AddProblem, LintInput } from './types.ts';

/**
 * Active levels whose active letter groups cannot meet their check condition with their active
 * words. The verdict is shared/solvability.ts, the same one the content API's solvability endpoints,
 * the level list's `solvable` filter and the panel's workbench give (one implementation), so the
 * dashboard's "Unsolvable levels" are exactly the levels that filter lists. A group without active
 * words makes its levels unsolvable too (and is reported as an empty letter group besides); a level
 * whose linked groups are all inactive is unsolvable (levels.ts names the inactive links); a level
 * with no group at all is left to levels.ts. `pause` lets a server yield every 50 levels.
 */
export async function solvabilityChecks(
  input: LintInput,
  add: AddProblem,
  pause: (() => Promise<void>) | null = null,
): Promise<void> {
  const groups = new Map(input.letterGroups.map((g) => [g.id, g]));
  const linksOf = linksByLevel(input);
  const names = namesOf(input);
  let done = 0;
  for (const level of input.levels) {
    if (!level.isActive) continue;
    if (pause && ++done % 50 === 0) await pause();
    const linked = (linksOf.get(level.id) ?? []).flatMap((groupId) => {
      const group = groups.get(groupId);
      if (!group) return [];
      const active = input.groupWords.get(group.id)?.activeWords ?? [];
      return [{ ...group, words: active.map((w) => ({ ...w, isActive: true })) }];
    });
    if (linked.length === 0) continue; // no letter group: levels.ts reports it
    const answer = levelSolvability(level, linked, 0);
    if (onlyWithFlagged(answer))
      add(
        'flagged-only-level',
        'level',
        level.id,
        `${levelName(level, names)}: only solvable with words the dictionary flagged (${answer.flagged!.words}); without them, ${answer.flagged!.reason}`,
      );
    if (answer.groups.every((g) => g.verdict === null)) {
      add('unsatisfiable-level', 'level', level.id, `${levelName(level, names)}: ${answer.reason}`);
      continue;
    }
    for (const result of answer.groups) {
      if (result.verdict === null || result.verdict === 'solvable') continue;
      // The reason names the group first (`letter group 5 "pto": …`); the message names it itself.
      const name = groupName({ id: result.letterGroupId, letters: result.letters });
      const detail = result.reason.slice(name.length + 2);
      add(
        'unsatisfiable-level',
        'level',
        level.id,
        `${levelName(level, names)}: ${name} cannot meet "${level.checkCondition}": ${detail}`,
      );
    }
  }
}
