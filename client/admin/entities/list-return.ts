import type { AnyEntity } from '#shared/entities/index.ts';
import { listPath } from './paths.ts';
import { listSearch, readListState } from './list/url-state.ts';

/**
 * The way back from a form to the list it was opened from. The list's query rides in the form's
 * URL (`…/update/87?back=hint%3Dcat%26page%3D7`), so it survives a reload and a server render;
 * Save, Cancel and Delete return there, and the list then marks the record just saved.
 */
export const BACK_PARAM = 'back';

/** A form's URL remembering the list query it was opened from ('' or '?…'). */
export function formHref(path: string, listQuery: string): string {
  const query = listQuery.replace(/^\?/, '');
  return query ? `${path}?${new URLSearchParams({ [BACK_PARAM]: query }).toString()}` : path;
}

/**
 * The list a form returns to: the remembered page, size and filters, read back through the list's
 * own URL rules, so nothing but a list query of this entity can come out of it.
 */
export function returnPath(entity: AnyEntity, formSearch: string): string {
  const back = new URLSearchParams(formSearch).get(BACK_PARAM) ?? '';
  return listPath(entity.name) + listSearch(entity, readListState(entity, new URLSearchParams(back)));
}

/** What a form hands to the list it returns to (navigation state). */
export interface Arrival {
  /** The record just created or updated, marked in the list. */
  savedId: number | null;
}

export function arrivalOf(state: unknown): Arrival {
  const saved = (state as { savedId?: unknown } | null)?.savedId;
  return { savedId: typeof saved === 'number' && Number.isInteger(saved) ? saved : null };
}
