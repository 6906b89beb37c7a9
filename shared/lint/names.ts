import type { LintInput } from './types.ts';

/**
 * How the checks name what a row refers to: a language by its name, a stage by its number (what
 * the panel's lists and the CLI's `--stage` use), never by their ids. A row missing from the input
 * (lint of one language, a stage deleted meanwhile) falls back to its id, marked as such.
 */
export interface Names {
  language(id: number): string;
  stage(id: number): string;
}

export function namesOf(input: Pick<LintInput, 'languages' | 'stages'>): Names {
  const languages = new Map(input.languages.map((l) => [l.id, l.language]));
  const stages = new Map(input.stages.map((s) => [s.id, s.number]));
  return {
    language: (id) => languages.get(id) ?? `language id ${id}`,
    stage: (id) => {
      const number = stages.get(id);
      return number === undefined ? `stage id ${id}` : `stage ${number}`;
    },
  };
}

/** `level 12 (English, stage 931, number 1)`: how a level is named in every message about it. */
export const levelName = (level: LintInput['levels'][number], names: Names): string =>
  `level ${level.id} (${names.language(level.languageId)}, ${names.stage(level.stageId)}, number ${level.number})`;
