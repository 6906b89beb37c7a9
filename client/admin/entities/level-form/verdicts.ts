import type { SolvabilityVerdict } from '#shared/solvability.ts';

/** How the panel shows a verdict (the workbench and the list's Solvable column). */
export const VERDICT_TEXT: Record<SolvabilityVerdict, string> = {
  solvable: 'Solvable',
  'too-few-words': 'Too few words',
  unsolvable: 'Unsolvable',
};

/** In the list's narrow Solvable column (the full text follows for screen readers and the tooltip). */
export const VERDICT_SHORT: Record<SolvabilityVerdict, string> = {
  solvable: 'Yes',
  'too-few-words': 'Few',
  unsolvable: 'No',
};

export const VERDICT_CLASS: Record<SolvabilityVerdict, string> = {
  solvable: 'text-bg-success',
  'too-few-words': 'text-bg-warning',
  unsolvable: 'text-bg-danger',
};

/** The id the list's Solvable links jump to. */
export const WORKBENCH_ID = 'workbench';
