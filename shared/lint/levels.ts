import { parseCheckCondition } from '../check-condition.ts';
import { groupName } from '../solvability.ts';
import { inactiveIds } from './group-words.ts';
import { levelName, namesOf } from './names.ts';
import type { AddProblem, LintInput } from './types.ts';

/** Each level's linked letter-group ids, in the order of the links. */
export function linksByLevel(input: LintInput): Map<number, number[]> {
  const linksOf = new Map<number, number[]>();
  for (const link of input.letterGroupLevels) {
    const list = linksOf.get(link.levelId) ?? [];
    list.push(link.letterGroupId);
    linksOf.set(link.levelId, list);
  }
  return linksOf;
}

/**
 * Active levels: in an inactive language or stage, with a check condition that is not understood,
 * without letter groups, or using an inactive letter group. (Whether a level can be solved is
 * solvable.ts, kept apart.)
 */
export function levelChecks(input: LintInput, add: AddProblem): void {
  const inactiveLanguages = inactiveIds(input.languages);
  const inactiveStages = inactiveIds(input.stages);
  const groups = new Map(input.letterGroups.map((g) => [g.id, g]));
  const linksOf = linksByLevel(input);
  const names = namesOf(input);
  for (const level of input.levels.filter((l) => l.isActive)) {
    const name = levelName(level, names);
    if (inactiveLanguages.has(level.languageId))
      add(
        'inactive-reference',
        'level',
        level.id,
        `${name} is in inactive language ${names.language(level.languageId)}`,
      );
    if (inactiveStages.has(level.stageId))
      add('inactive-reference', 'level', level.id, `${name} is in inactive ${names.stage(level.stageId)}`);
    const { unknown } = parseCheckCondition(level.checkCondition);
    if (unknown.length > 0) {
      add(
        'condition-not-understood',
        'level',
        level.id,
        `${name}: check condition "${level.checkCondition}" has parts that are not understood: ${unknown.join(', ')}`,
      );
    }
    const linked = linksOf.get(level.id) ?? [];
    if (linked.length === 0)
      add('level-without-letter-groups', 'level', level.id, `${name} has no letter groups`);
    for (const groupId of linked) {
      const group = groups.get(groupId);
      if (group && !group.isActive)
        add('inactive-reference', 'level', level.id, `${name} uses inactive ${groupName(group)}`);
    }
  }
}
