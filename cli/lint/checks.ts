import { parseCheckCondition } from '#shared/check-condition.ts';
import { groupName, levelSolvability } from '#shared/solvability.ts';
import { normalizeWord } from '#shared/words.ts';
import { lintKeys } from './keys.ts';
import type { LintContent, Problem, ProblemKind } from './types.ts';

export type { LintContent, Problem, ProblemKind };

/**
 * The checks a content manager runs before a release (active rows only: inactive ones are not
 * played): levels whose letter groups cannot meet their check condition, conditions that are not
 * understood, letter groups without words, levels without letter groups, active rows referring
 * to inactive ones, and words that are the same once normalised; then the natural keys (keys.ts):
 * stages, languages and letter groups stored twice, and letter groups whose length is not their
 * stage's letter count.
 */
export function lintContent(content: LintContent): Problem[] {
  const problems: Problem[] = [];
  const add = (kind: ProblemKind, entity: Problem['entity'], id: number, message: string) =>
    problems.push({ kind, entity, id, message });
  const inactive = <T extends { id: number; isActive: boolean }>(rows: T[]) =>
    new Set(rows.filter((r) => !r.isActive).map((r) => r.id));
  const inactiveLanguages = inactive(content.languages);
  const inactiveStages = inactive(content.stages);
  const words = new Map(content.words.map((w) => [w.id, w]));
  const groups = new Map(content.letterGroups.map((g) => [g.id, g]));
  const activeWordsOf = (groupId: number) =>
    (content.wordsOfGroup.get(groupId) ?? []).map((id) => words.get(id)).filter((w) => w?.isActive === true);

  for (const level of content.levels.filter((l) => l.isActive)) {
    const name = `level ${level.id} (language ${level.languageId}, stage ${level.stageId}, number ${level.number})`;
    if (inactiveLanguages.has(level.languageId))
      add('inactive-reference', 'level', level.id, `${name} is in inactive language ${level.languageId}`);
    if (inactiveStages.has(level.stageId))
      add('inactive-reference', 'level', level.id, `${name} is in inactive stage ${level.stageId}`);
    const { unknown } = parseCheckCondition(level.checkCondition);
    if (unknown.length > 0) {
      add(
        'condition-not-understood',
        'level',
        level.id,
        `${name}: check condition "${level.checkCondition}" has parts that are not understood: ${unknown.join(', ')}`,
      );
    }
    const linked = content.letterGroupLevels.filter((link) => link.levelId === level.id);
    if (linked.length === 0)
      add('level-without-letter-groups', 'level', level.id, `${name} has no letter groups`);
    // One implementation with the content API's solvability endpoints (shared/solvability.ts).
    const linkedGroups = linked.flatMap((link) => {
      const group = groups.get(link.letterGroupId);
      if (!group) return [];
      const linkedWords = (content.wordsOfGroup.get(group.id) ?? []).flatMap((id) => words.get(id) ?? []);
      return [{ ...group, words: linkedWords }];
    });
    for (const result of levelSolvability(level, linkedGroups).groups) {
      if (!result.isActive) {
        add(
          'inactive-reference',
          'level',
          level.id,
          `${name} uses inactive letter group ${result.letterGroupId}`,
        );
        continue;
      }
      if (result.words === 0 || result.verdict === 'solvable') continue; // empty: reported once, as an empty letter group
      add(
        'unsatisfiable-level',
        'level',
        level.id,
        `${name}: letter group ${result.letterGroupId} "${result.letters}" cannot meet "${level.checkCondition}": ` +
          result.reason.slice(groupName({ id: result.letterGroupId, letters: result.letters }).length + 2),
      );
    }
  }

  for (const group of content.letterGroups.filter((g) => g.isActive)) {
    const name = `letter group ${group.id} "${group.letters}"`;
    if (inactiveLanguages.has(group.languageId))
      add(
        'inactive-reference',
        'letter-group',
        group.id,
        `${name} is in inactive language ${group.languageId}`,
      );
    if (inactiveStages.has(group.stageId))
      add('inactive-reference', 'letter-group', group.id, `${name} is in inactive stage ${group.stageId}`);
    const linkedWords = (content.wordsOfGroup.get(group.id) ?? []).map((id) => words.get(id));
    const inactiveWords = linkedWords.filter((w) => w !== undefined && !w.isActive);
    if (inactiveWords.length > 0) {
      add(
        'inactive-reference',
        'letter-group',
        group.id,
        `${name} is linked to inactive ${inactiveWords.length === 1 ? 'word' : 'words'} ${inactiveWords.map((w) => w!.id).join(', ')}`,
      );
    }
    if (activeWordsOf(group.id).length === 0)
      add('empty-letter-group', 'letter-group', group.id, `${name} has no active words`);
  }

  const seen = new Map<string, number>();
  for (const word of content.words) {
    const normalized = normalizeWord(word.letters);
    const form = `${word.languageId}:${normalized?.ok ? normalized.word : word.letters.trim().toLowerCase()}`;
    const first = seen.get(form);
    if (first === undefined) seen.set(form, word.id);
    else
      add(
        'duplicate-word',
        'word',
        word.id,
        `word ${word.id} "${word.letters}" duplicates word ${first} in language ${word.languageId}`,
      );
  }
  problems.push(...lintKeys(content));
  return problems;
}
