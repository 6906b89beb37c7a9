import type { AnyEntity } from '#shared/entities/index.ts';
import { entityApi, type Row } from '../entity-api.ts';
import type { FormValue, FormValues } from './form-values.ts';

/** Someone saved the record since this form loaded it (a 412 on save or delete, issue 12). */
export interface Conflict {
  action: 'save' | 'delete';
  /** The record as stored now, and its version (what an overwrite sends as If-Match). */
  theirs: Row;
  version: string | null;
  /** From the audit log; null when it holds nothing (or the backend keeps none). */
  changedBy: { username: string; at: string } | null;
  /** The fields they changed: their value beside the one in this form. */
  fields: Array<{ name: string; label: string; theirs: string; yours: string }>;
}

/** A form value as a person reads it in the comparison. */
export function shown(value: FormValue | undefined): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value === undefined || value === '' ? '(empty)' : value;
}

function shownBody(value: unknown): string {
  if (value === null || value === undefined) return '(empty)';
  return shown(typeof value === 'boolean' ? value : String(value));
}

/** When, in the reader's own locale and time zone. */
export function shownTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

async function lastChange(entity: AnyEntity, id: number): Promise<Conflict['changedBy']> {
  try {
    const page = await entityApi('audit-entry').search({
      filters: { entity: entity.resource, entityId: id },
      size: 1,
    });
    const entry = page.items[0];
    if (!entry || typeof entry.username !== 'string' || typeof entry.at !== 'string') return null;
    return { username: entry.username, at: entry.at };
  } catch {
    return null; // the comparison matters more than the name
  }
}

/**
 * Reads the record as it is now and who changed it last, and compares: every editable field whose
 * stored value differs from the one this form started from (`start`), with the input beside it.
 */
export async function loadConflict(
  entity: AnyEntity,
  id: number,
  action: Conflict['action'],
  forms: {
    start: FormValues;
    values: FormValues;
    /** What this form sends for `values` (a level's composed check condition, say). */
    body: Record<string, unknown>;
    initialOf(record: Row): FormValues;
  },
): Promise<Conflict> {
  const [{ record: theirs, version }, changedBy] = await Promise.all([
    entityApi(entity.name).getVersioned(id),
    lastChange(entity, id),
  ]);
  const stored = forms.initialOf(theirs);
  // The record's own fields (a form's helper inputs are covered by the field they compose).
  const fields = Object.entries(entity.fields)
    .filter(([name, field]) => !field.readOnly && name in stored && stored[name] !== forms.start[name])
    .map(([name, field]) => ({
      name,
      label: field.label,
      theirs: shown(stored[name]),
      yours: name in forms.body ? shownBody(forms.body[name]) : shown(forms.values[name]),
    }));
  return { action, theirs, version, changedBy, fields };
}

/**
 * Their record with this form's own edits on top, where they did not touch the same field: a
 * reload takes theirs and loses none of the input that does not collide.
 */
export function mergedValues(stored: FormValues, start: FormValues, values: FormValues): FormValues {
  const merged = { ...stored };
  for (const [name, value] of Object.entries(values)) {
    const mine = value !== start[name];
    const theirs = stored[name] !== start[name];
    if (mine && !theirs) merged[name] = value;
  }
  return merged;
}
