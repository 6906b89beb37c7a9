import type { AnyEntity, FilterDescription } from '#shared/entities/index.ts';
import { SOLVABLE_CHOICES, SOLVABLE_FILTER } from '#shared/solvability-request.ts';

/**
 * Filters a list has beyond its fields' (SPEC §2): computed by the API, not stored. Levels take
 * `solvable=yes|no` (issue 13). They live in the URL and the filter bar like the others.
 */
const EXTRA_FILTERS: Partial<Record<string, readonly FilterDescription[]>> = {
  level: [{ field: SOLVABLE_FILTER, kind: 'choice', label: 'Solvable', choices: SOLVABLE_CHOICES }],
};

/** The list's filters: its description's, then the computed ones. */
export function listFilters(entity: AnyEntity): readonly FilterDescription[] {
  const extra = EXTRA_FILTERS[entity.name];
  return extra ? [...entity.filters, ...extra] : entity.filters;
}
