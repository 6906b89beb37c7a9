import { groupName } from '../solvability.ts';
import { inactiveIds } from './group-words.ts';
import { namesOf } from './names.ts';
import type { AddProblem, LintInput } from './types.ts';

/** Active letter groups in an inactive language or stage, linked to inactive words, or without active words. */
export function letterGroupChecks(input: LintInput, add: AddProblem): void {
  const inactiveLanguages = inactiveIds(input.languages);
  const inactiveStages = inactiveIds(input.stages);
  const names = namesOf(input);
  for (const group of input.letterGroups.filter((g) => g.isActive)) {
    const name = groupName(group);
    if (inactiveLanguages.has(group.languageId))
      add(
        'inactive-reference',
        'letter-group',
        group.id,
        `${name} is in inactive language ${names.language(group.languageId)}`,
      );
    if (inactiveStages.has(group.stageId))
      add(
        'inactive-reference',
        'letter-group',
        group.id,
        `${name} is in inactive ${names.stage(group.stageId)}`,
      );
    const words = input.groupWords.get(group.id) ?? { activeWords: [], inactiveIds: [] };
    if (words.inactiveIds.length > 0) {
      add(
        'inactive-reference',
        'letter-group',
        group.id,
        `${name} is linked to inactive ${words.inactiveIds.length === 1 ? 'word' : 'words'} ${words.inactiveIds.join(', ')}`,
      );
    }
    if (words.activeWords.length === 0)
      add('empty-letter-group', 'letter-group', group.id, `${name} has no active words`);
  }
}
