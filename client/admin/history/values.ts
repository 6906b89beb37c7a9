import { entityByResource } from '#shared/entities/index.ts';
import { editPath } from '../entities/paths.ts';

/** A stored value as a person reads it: text as is, nothing as an em dash, the rest as JSON. */
export function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `Word 12`, and the form it is edited in (when the panel has one). */
export function recordOf(resource: string, id: number): { name: string; href: string | null } {
  const entity = entityByResource(resource);
  if (!entity) return { name: `${resource} ${id}`, href: null };
  return { name: `${entity.label} ${id}`, href: editPath(entity.name, id) };
}

/** A field's label from the description (`languageId` → `Language`), else its name. */
export function fieldLabel(resource: string, field: string): string {
  return entityByResource(resource)?.fields[field]?.label ?? field;
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
