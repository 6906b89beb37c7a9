import type { FindingList, HealthFindingKind, HealthFindings } from '#shared/health.ts';
import { lintInput, type LintInput, type Problem, type ProblemKind } from '#shared/lint/index.ts';
import { SOLVABLE_FILTER } from '#shared/solvability-request.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { loadLintInput } from './content.ts';
import { flaggedByLanguage } from '#shared/lint/flagged.ts';
import { nextTurn } from '../next-turn.ts';
import { keptUntilChanged } from './kept-run.ts';

const SAMPLES = 5;
/** A message past this length (a group linked to hundreds of inactive words) is cut. */
const MESSAGE_MAX = 240;
const cut = (message: string) =>
  message.length > MESSAGE_MAX ? `${message.slice(0, MESSAGE_MAX - 1)}…` : message;

/** The panel list that shows the row a problem is about (existing list filters only). */
function listOf(problem: Problem, input: LintInput): FindingList {
  const { id } = problem;
  // An unsolvable level's form: its workbench says why, and tries other letter groups.
  if (problem.kind === 'unsatisfiable-level' || problem.kind === 'flagged-only-level')
    return { entity: 'level', filters: {}, id };
  // Issue 46: the language's flagged words, by its most frequent flag.
  if (problem.kind === 'flagged-words') {
    const counts = [...(flaggedByLanguage(input).get(id) ?? new Map<string, number>())];
    const top = counts.sort((a, b) => b[1] - a[1])[0]?.[0];
    return { entity: 'word', filters: { languageId: String(id), ...(top ? { flags: top } : {}) } };
  }
  switch (problem.entity) {
    case 'level':
      return { entity: 'letter-group-level', filters: { levelId: String(id) } };
    case 'letter-group': {
      const group = input.letterGroups.find((g) => g.id === id);
      return {
        entity: 'letter-group',
        filters: group
          ? { letters: group.letters, languageId: String(group.languageId), stageId: String(group.stageId) }
          : {},
      };
    }
    case 'word': {
      const word = input.words.find((w) => w.id === id);
      return {
        entity: 'word',
        filters: word ? { letters: word.letters, languageId: String(word.languageId) } : {},
      };
    }
    case 'stage': {
      const stage = input.stages.find((s) => s.id === id);
      return { entity: 'stage', filters: stage ? { number: String(stage.number) } : {} };
    }
    case 'language': {
      const language = input.languages.find((l) => l.id === id);
      return { entity: 'language', filters: language ? { language: language.language } : {} };
    }
  }
}

/** Kinds a list filter shows in full: the level list's own `solvable` filter (same verdicts as lint). */
const ALL_OF_KIND: Partial<Record<ProblemKind, FindingList>> = {
  'unsatisfiable-level': { entity: 'level', filters: { [SOLVABLE_FILTER]: 'no' } },
};

/** Problems grouped by kind: rows counted once, the first few (lowest ids) as samples. */
export function summarise(problems: Problem[], input: LintInput): HealthFindingKind[] {
  const kinds = new Map<ProblemKind, Map<string, Problem>>();
  for (const problem of problems) {
    const rows = kinds.get(problem.kind) ?? new Map<string, Problem>();
    const key = `${problem.entity}:${problem.id}`;
    if (!rows.has(key)) rows.set(key, problem);
    kinds.set(problem.kind, rows);
  }
  return [...kinds].map(([kind, rows]) => ({
    kind,
    count: rows.size,
    samples: [...rows.values()]
      .sort((a, b) => a.id - b.id)
      .slice(0, SAMPLES)
      .map((p) => ({ entity: p.entity, id: p.id, message: cut(p.message), list: listOf(p, input) })),
    ...(ALL_OF_KIND[kind] ? { all: ALL_OF_KIND[kind] } : {}),
  }));
}

/**
 * The lint findings, kept until the content changes (`version`): see kept-run.ts. The checks yield
 * to other requests every 50 levels.
 */
export function createFindings(database: DatabaseHandle, clock: () => number) {
  const kept = keptUntilChanged(async () => {
    const input = await loadLintInput(database);
    return summarise(await lintInput(input, nextTurn), input);
  }, clock);
  return async function findings(version: string): Promise<HealthFindings | null> {
    const answer = await kept(version);
    return answer && { computedAt: answer.computedAt, stale: answer.stale, kinds: answer.value };
  };
}
