import { ENTITY_SCREENS } from '../entities/routes.tsx';
import { editPath } from '../entities/paths.ts';

/**
 * What the history screens need to know of the tables, without the entity descriptions (their zod
 * schemas would double the screens' JavaScript): the light route table's names and labels. The
 * values are named by ../entities/value-names.ts, whose loader brings the descriptions only then.
 */

/** The audited resources (`words`, `letter-groups`, …): each entity's name plus an s. */
export const RESOURCES: readonly string[] = ENTITY_SCREENS.map((screen) => `${screen.name}s`);
export const ACTIONS = ['create', 'update', 'delete'] as const;
/** An entry's action as its heading says it: `Updated Word 12`. */
export const PAST: Record<string, string> = { create: 'Created', update: 'Updated', delete: 'Deleted' };

const screenOf = (resource: string) => ENTITY_SCREENS.find((screen) => `${screen.name}s` === resource);

/** `Word 12`, and the form it is edited in. */
export function recordOf(resource: string, id: number): { name: string; href: string | null } {
  const screen = screenOf(resource);
  if (!screen) return { name: `${resource} ${id}`, href: null };
  return { name: `${screen.label} ${id}`, href: editPath(screen.name, id) };
}

/** `2025-01-15 10:00:00 UTC`: the same on the server and in the browser (no time-zone mismatch). */
export function when(iso: unknown): string {
  const date = new Date(String(iso));
  if (Number.isNaN(date.getTime())) return String(iso);
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** Whole number ≥ 1 from a URL parameter, or null (absent) / NaN (malformed). */
export function positiveParam(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  return /^\d{1,9}$/.test(raw.trim()) && Number(raw) >= 1 ? Number(raw) : Number.NaN;
}
