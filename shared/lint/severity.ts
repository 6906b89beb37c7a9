import type { Problem } from './types.ts';

export type Severity = 'error' | 'warning';

/**
 * How bad a finding is for players (issue 45): an error stops a release (publishing refuses it
 * unless an administrator forces it, with a reason), a warning is shown and goes out. Errors are
 * what a player would meet: a level that cannot be finished, whose condition the game cannot read,
 * with no letters to play, or that points at a language, stage or letter group that is switched
 * off. A letter group's own problems (linked to a deactivated word, empty, in an inactive stage)
 * are warnings: a release leaves inactive rows out, so players never see them, and deactivating a
 * word is an everyday edit that must not need an administrator's force.
 */
export function severityOf(problem: Pick<Problem, 'kind' | 'entity'>): Severity {
  switch (problem.kind) {
    case 'unsatisfiable-level':
    case 'condition-not-understood':
    case 'level-without-letter-groups':
      return 'error';
    case 'inactive-reference':
      return problem.entity === 'level' ? 'error' : 'warning';
    default:
      return 'warning';
  }
}
