import type { AnyEntity, FilterDescription } from '#shared/entities/index.ts';
import { SOLVABLE_CHOICES, SOLVABLE_FILTER } from '#shared/solvability-request.ts';
import { linkJobsPath } from '#client/admin/links/paths.ts';

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

/** A screen that works on every row a list's filters match, opened from that list's tools. */
export interface ListScreenLink {
  href: string;
  label: string;
}

/**
 * Screens beyond the list for the rows its filters name: letter groups open the link builder for
 * all of them (a background job, issue 13).
 */
const EXTRA_SCREENS: Partial<Record<string, (filters: Record<string, string>) => ListScreenLink>> = {
  'letter-group': (filters) => ({
    href: linkJobsPath(filters),
    label: 'Build links for these letter groups',
  }),
};

export function listScreens(entity: AnyEntity, filters: Record<string, string>): ListScreenLink[] {
  const used = Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== ''));
  const screen = EXTRA_SCREENS[entity.name];
  return screen ? [screen(used)] : [];
}
