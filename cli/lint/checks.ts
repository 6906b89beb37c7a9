import {
  flaggedCountsOf,
  groupWordsOf,
  lintInput,
  type LintContent,
  type Problem,
} from '#shared/lint/index.ts';

export type { LintContent, Problem, ProblemKind } from '#shared/lint/index.ts';

/**
 * The checks a content manager runs before a release, over the content the CLI read through the
 * API. The checks themselves live in shared/lint/ (the panel's health dashboard runs the same).
 */
export function lintContent(content: LintContent): Promise<Problem[]> {
  return lintInput({
    ...content,
    groupWords: groupWordsOf(content),
    flaggedWords: flaggedCountsOf(content.words),
  });
}
