import { FINDINGS_LISTED, type Finding, type Findings } from '#shared/releases/api.ts';
import { levelChecks } from '#shared/lint/levels.ts';
import { levelName, namesOf } from '#shared/lint/names.ts';
import { severityOf } from '#shared/lint/severity.ts';
import type { LintInput, Problem } from '#shared/lint/index.ts';
import { createJudge } from '../solvability/compute-all.ts';
import type { LanguageDraft } from './snapshot.ts';

/**
 * What stands between a draft and the players (issue 45), for one language: the lint checks of
 * its active levels whose severity is error (shared/lint/severity.ts: an inactive stage or letter
 * group, a condition the game cannot read, no letter group), links to rows that do not exist, and
 * every active level's solvability, judged as the workbench judges it (server/api/solvability's
 * createJudge over shared/solvability.ts) on exactly the content the release would hold.
 */
const LEVELS_A_SLICE = 250;

export async function gateFindings(draft: LanguageDraft, pause: () => Promise<void>): Promise<Finding[]> {
  const input: LintInput = {
    languages: [{ id: draft.language.id, isActive: draft.language.isActive, language: draft.language.name }],
    stages: [...draft.stages.values()].map(({ id, isActive, number, letterCount }) => ({
      id,
      isActive,
      number,
      letterCount,
    })),
    levels: draft.levels.map((level) => ({
      id: level.id,
      isActive: true,
      number: level.number,
      languageId: draft.language.id,
      stageId: level.stageId,
      checkCondition: level.checkCondition,
      requiredLetterPosition: level.requiredLetterPosition,
    })),
    letterGroups: [...draft.groups.values()],
    letterGroupLevels: draft.levels.flatMap((level, n) =>
      level.links.map((link, m) => ({
        id: n * 10_000 + m,
        letterGroupId: link.letterGroupId,
        levelId: level.id,
      })),
    ),
    groupWords: new Map(),
    words: [],
  };
  const findings: Finding[] = [];
  const add = (problem: Problem) => {
    if (severityOf(problem) === 'error') findings.push(problem);
  };
  // A few hundred levels at a time: the checks of a large language held the loop for 20 ms.
  for (let at = 0; at < input.levels.length; at += LEVELS_A_SLICE) {
    const levels = input.levels.slice(at, at + LEVELS_A_SLICE);
    const ids = new Set(levels.map((level) => level.id));
    const letterGroupLevels = input.letterGroupLevels.filter((link) => ids.has(link.levelId));
    levelChecks({ ...input, levels, letterGroupLevels }, (kind, entity, id, message) =>
      add({ kind, entity, id, message }),
    );
    await pause();
  }

  await pause();

  const names = namesOf(input);
  for (const [n, level] of draft.levels.entries()) {
    // input.levels is draft.levels, mapped: the same level at the same place.
    const name = levelName(input.levels[n]!, names);
    if (n % 500 === 499) await pause();
    if (!draft.stages.has(level.stageId))
      findings.push({
        kind: 'missing-reference',
        entity: 'level',
        id: level.id,
        message: `${name} is in a stage that does not exist (stage id ${level.stageId})`,
      });
    for (const link of level.links)
      if (draft.missingGroups.has(link.letterGroupId))
        findings.push({
          kind: 'missing-reference',
          entity: 'level',
          id: level.id,
          message: `${name} is linked to letter group ${link.letterGroupId}, which does not exist`,
        });
  }
  await pause();

  // Solvability: each linked letter group judged once per kind of level, with its active words.
  const links = new Map(
    draft.levels.map((level) => [level.id, level.links.map((link) => link.letterGroupId)]),
  );
  const judging = createJudge(
    input.levels as Array<LintInput['levels'][number] & { requiredLetterPosition: number }>,
    links,
    draft.groups,
  );
  // One object per word, shared by every group it is in (a large language links a million).
  const wordOf = new Map<number, { letters: string; isActive: true; languageId: number }>();
  const word = (id: number) => {
    let found = wordOf.get(id);
    if (!found)
      wordOf.set(
        id,
        (found = { letters: draft.words.get(id)!, isActive: true, languageId: draft.language.id }),
      );
    return found;
  };
  for (const groupId of judging.linkedIds()) {
    const words = (draft.groupWords.get(groupId) ?? []).map(word);
    judging.judge(groupId, words);
    await pause();
  }
  const verdicts = await judging.verdicts(pause);
  for (const level of input.levels) {
    if ((links.get(level.id) ?? []).length === 0) continue; // no letter group: reported above
    const answer = verdicts.get(level.id);
    if (!answer || answer.verdict === 'solvable') continue;
    findings.push({
      kind: 'unsolvable-level',
      entity: 'level',
      id: level.id,
      message: `${levelName(level, names)} cannot be finished: ${answer.reason}`,
    });
  }
  return findings;
}

/** Findings as answered: the count, and the first ones by kind and row. */
export function findingsOf(all: readonly Finding[]): Findings {
  // Plain comparisons: thousands of findings sorted with localeCompare held the loop for 100 ms.
  const sorted = [...all].sort((a, b) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.id - b.id));
  return { total: all.length, listed: sorted.slice(0, FINDINGS_LISTED) };
}
