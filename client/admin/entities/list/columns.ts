import type { AnyEntity } from '#shared/entities/index.ts';
import { PANEL_PATH } from '#shared/panel-paths.ts';

/**
 * The columns a user hid, per table, in a cookie (`aw-cols-level=hint,time`): the server reads it
 * too, so the first paint already leaves them out (no layout shift after hydration).
 */
const cookieName = (entity: AnyEntity) => `aw-cols-${entity.name}`;

/** The hidden columns named in a Cookie header (only columns the list has). */
export function readHidden(entity: AnyEntity, cookieHeader: string | null): string[] {
  const name = cookieName(entity);
  const raw = (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  if (!raw) return [];
  const fields = new Set(entity.columns.map((column) => column.field));
  return decodeURIComponent(raw)
    .split(',')
    .filter((field) => fields.has(field));
}

/** Remembers the hidden columns for a year, for the panel's paths only. */
export function writeHidden(entity: AnyEntity, hidden: readonly string[]): void {
  const value = encodeURIComponent(hidden.join(','));
  const age = hidden.length > 0 ? 365 * 24 * 3600 : 0;
  document.cookie = `${cookieName(entity)}=${value}; Path=${PANEL_PATH}; Max-Age=${age}; SameSite=Lax`;
}
