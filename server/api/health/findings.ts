import type { FindingList, HealthFindingKind, HealthFindings } from '#shared/health-report.ts';
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

/** The content's rows by id: each problem's list and language are looked up, never searched for. */
function indexOf(input: LintInput) {
  const byId = <T extends { id: number }>(rows: readonly T[]) => new Map(rows.map((row) => [row.id, row]));
  return {
    levels: byId(input.levels),
    letterGroups: byId(input.letterGroups),
    words: byId(input.words),
    stages: byId(input.stages),
    languages: byId(input.languages),
    /** Each language's flagged words per flag (issue 46), counted once per run. */
    flagged: flaggedByLanguage(input),
  };
}
type ContentIndex = ReturnType<typeof indexOf>;

/** The panel list that shows the row a problem is about (existing list filters only). */
function listOf(problem: Problem, rows: ContentIndex): FindingList {
  const { id } = problem;
  // An unsolvable level's form: its workbench says why, and tries other letter groups.
  if (problem.kind === 'unsatisfiable-level' || problem.kind === 'flagged-only-level')
    return { entity: 'level', filters: {}, id };
  // Issue 46: the language's flagged words, by its most frequent flag.
  if (problem.kind === 'flagged-words') {
    const counts = [...(rows.flagged.get(id) ?? new Map<string, number>())];
    const top = counts.sort((a, b) => b[1] - a[1])[0]?.[0];
    return { entity: 'word', filters: { languageId: String(id), ...(top ? { flags: top } : {}) } };
  }
  switch (problem.entity) {
    case 'level':
      return { entity: 'letter-group-level', filters: { levelId: String(id) } };
    case 'letter-group': {
      const group = rows.letterGroups.get(id);
      return {
        entity: 'letter-group',
        filters: group
          ? { letters: group.letters, languageId: String(group.languageId), stageId: String(group.stageId) }
          : {},
      };
    }
    case 'word': {
      const word = rows.words.get(id);
      return {
        entity: 'word',
        filters: word ? { letters: word.letters, languageId: String(word.languageId) } : {},
      };
    }
    case 'stage': {
      const stage = rows.stages.get(id);
      return { entity: 'stage', filters: stage ? { number: String(stage.number) } : {} };
    }
    case 'language': {
      const language = rows.languages.get(id);
      return { entity: 'language', filters: language ? { language: language.language } : {} };
    }
  }
}

/** Kinds a list filter shows in full: the level list's own `solvable` filter (same verdicts as lint). */
const ALL_OF_KIND: Partial<Record<ProblemKind, FindingList>> = {
  'unsatisfiable-level': { entity: 'level', filters: { [SOLVABLE_FILTER]: 'no' } },
};

/**
 * The language of the row a problem is about; null for a stage, which every language shares; -1
 * (no language an account is limited to) for a row the input does not hold.
 */
function languageOf(problem: Problem, rows: ContentIndex): number | null {
  switch (problem.entity) {
    case 'language':
      return problem.id;
    case 'stage':
      return null;
    case 'level':
      return rows.levels.get(problem.id)?.languageId ?? -1;
    case 'letter-group':
      return rows.letterGroups.get(problem.id)?.languageId ?? -1;
    case 'word':
      return rows.words.get(problem.id)?.languageId ?? -1;
  }
}

/** Problems grouped by kind: rows counted once, the first few (lowest ids) as samples. */
export function summarise(problems: readonly Problem[], rows: ContentIndex): HealthFindingKind[] {
  const kinds = new Map<ProblemKind, Map<string, Problem>>();
  for (const problem of problems) {
    const found = kinds.get(problem.kind) ?? new Map<string, Problem>();
    const key = `${problem.entity}:${problem.id}`;
    if (!found.has(key)) found.set(key, problem);
    kinds.set(problem.kind, found);
  }
  return [...kinds].map(([kind, found]) => ({
    kind,
    count: found.size,
    samples: [...found.values()]
      .sort((a, b) => a.id - b.id)
      .slice(0, SAMPLES)
      .map((p) => ({ entity: p.entity, id: p.id, message: cut(p.message), list: listOf(p, rows) })),
    ...(ALL_OF_KIND[kind] ? { all: ALL_OF_KIND[kind] } : {}),
  }));
}

/** Summaries of disjoint sets of rows (one language's each) as one: counts add up, samples merge. */
function merged(parts: ReadonlyArray<readonly HealthFindingKind[]>): HealthFindingKind[] {
  const kinds = new Map<ProblemKind, HealthFindingKind>();
  for (const part of parts) {
    for (const kind of part) {
      const known = kinds.get(kind.kind);
      if (!known) kinds.set(kind.kind, { ...kind });
      else
        kinds.set(kind.kind, {
          ...known,
          count: known.count + kind.count,
          samples: [...known.samples, ...kind.samples].sort((a, b) => a.id - b.id).slice(0, SAMPLES),
        });
    }
  }
  return [...kinds.values()];
}

/**
 * The lint findings, kept until the content changes (`version`): see kept-run.ts. The checks yield
 * to other requests every 50 levels. With `languages` (an account limited to some, issue 43), only
 * the findings about rows of those languages (and stages, every language's): counts and samples
 * are theirs, not the whole content's. Each language's summary is kept (a few samples a kind), not
 * its problems.
 */
export function createFindings(database: DatabaseHandle, clock: () => number) {
  const kept = keptUntilChanged(async () => {
    const input = await loadLintInput(database);
    const problems = await lintInput(input, nextTurn);
    const rows = indexOf(input);
    const byLanguage = new Map<number | null, Problem[]>();
    for (const problem of problems) {
      const language = languageOf(problem, rows);
      const own = byLanguage.get(language);
      if (own) own.push(problem);
      else byLanguage.set(language, [problem]);
    }
    const perLanguage = new Map([...byLanguage].map(([language, own]) => [language, summarise(own, rows)]));
    return { all: summarise(problems, rows), perLanguage };
  }, clock);
  return async function findings(
    version: string,
    languages: readonly number[] | null = null,
  ): Promise<HealthFindings | null> {
    const answer = await kept(version);
    if (!answer) return null;
    const { all, perLanguage } = answer.value;
    const kinds =
      languages === null
        ? all
        : merged([null, ...languages].map((language) => perLanguage.get(language) ?? []));
    return { computedAt: answer.computedAt, stale: answer.stale, kinds };
  };
}
