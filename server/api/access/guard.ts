import { entityByResource, type AnyEntity } from '#shared/entities/index.ts';
import { entityRefusal, isAdministrator, languageRefusal, type Access } from '#shared/permissions.ts';
import type { Actor } from '../auth/context.ts';
import type { Step } from '../http/call.ts';
import { ApiError } from '../http/errors.ts';
import type { LooseDb, Values } from '../resources/rows.ts';
import type { SearchFilter } from '../resources/search-query.ts';
import { languageNames } from './language-names.ts';
import { languagesOfRows } from './row-languages.ts';

/**
 * Every check of an account's (or token's) reach (shared/permissions.ts) the content API makes.
 * Administrators pass each at once, without a read. A refusal is a 403 naming what is allowed;
 * a write refused is refused whole (its transaction rolls back).
 */

/** Rows named in a refusal at most; the rest are counted. */
const MAX_LISTED = 20;

export const who = (actor: Actor) => (actor.token ? 'Your token' : 'Your account');

const forbidden = (message: string) => new ApiError(403, message);

export function assertEntityAccess(actor: Actor, entity: AnyEntity, access: Access): void {
  const refusal = entityRefusal(actor.reach, entity, access, who(actor));
  if (refusal) throw forbidden(refusal);
}

/** A route step: 403 unless the actor may read (or write) the entity at all. */
export const allowEntity =
  (entity: AnyEntity, access: Access): Step =>
  (ctx) => {
    assertEntityAccess(ctx.actor!, entity, access);
  };

/** Whether the actor is limited to some languages on this entity's rows. */
export const limited = (actor: Actor, entity: AnyEntity) =>
  actor.reach.languages !== null && entity.language !== undefined;

/**
 * What a list, export or bulk edit of the actor is limited to: its languages, and for the audit
 * log of an editor or viewer the content tables (nothing: all of it). A filter that names a
 * language outside them is refused rather than answered empty.
 */
export async function listScope(
  db: LooseDb,
  actor: Actor,
  entity: AnyEntity,
  filters: readonly SearchFilter[],
): Promise<{ languages?: readonly number[]; contentOnly?: boolean }> {
  const { languages } = actor.reach;
  const audited = entity.language !== undefined && 'audited' in entity.language;
  const contentOnly = audited && !isAdministrator(actor.reach) ? { contentOnly: true } : {};
  if (languages === null || !entity.language) return contentOnly;
  const field = 'self' in entity.language ? 'id' : 'field' in entity.language ? entity.language.field : null;
  const named = filters.find((filter) => filter.field === field && !languages.includes(Number(filter.value)));
  if (named)
    throw forbidden(languageRefusal(actor.reach, entity, 'read', await languageNames(db), who(actor)));
  return { ...contentOnly, languages };
}

/** The languages a link job or bulk edit of the actor is limited to (undefined: all). */
export async function listLanguages(
  db: LooseDb,
  actor: Actor,
  entity: AnyEntity,
  filters: readonly SearchFilter[],
): Promise<readonly number[] | undefined> {
  return (await listScope(db, actor, entity, filters)).languages;
}

/** An audit entry read alone by an editor or viewer: only about a table it may read (403 otherwise). */
export function assertAuditedReadable(actor: Actor, entity: AnyEntity, record: Values): void {
  if (!entity.language || !('audited' in entity.language) || isAdministrator(actor.reach)) return;
  const about = entityByResource(String(record.entity));
  if (!about || about.access !== 'content')
    throw forbidden(
      `${who(actor)} may not see the history of ${String(record.entity)}: only administrators may`,
    );
}

const sharedRefusal = (actor: Actor, entity: AnyEntity) =>
  `${who(actor)} may not change ${entity.labelPlural.toLowerCase()}: they are shared by every language, and it is limited to some; nothing was changed`;

/** Row name ("word 17", "new row 2") → the languages outside the actor's reach it belongs to. */
export type OutsideRows = Map<string, Set<number>>;

/** The rows (records, or values about to be written) outside the actor's languages, added to `into`. */
export async function outsideOfReach(
  db: LooseDb,
  actor: Actor,
  entity: AnyEntity,
  rows: readonly Values[],
  into: OutsideRows = new Map(),
  access: Access = 'write',
): Promise<OutsideRows> {
  const languages = actor.reach.languages;
  if (languages === null || !entity.language || rows.length === 0) return into;
  if ('shared' in entity.language) {
    // Every language's rows: any account may read them; one limited to some may not change them.
    if (access === 'write') throw forbidden(sharedRefusal(actor, entity));
    return into;
  }
  const sets = await languagesOfRows(db, entity, rows);
  rows.forEach((row, i) => {
    const foreign = [...sets[i]!].filter((id) => !languages.includes(id));
    if (foreign.length === 0) return;
    const name =
      row.id === undefined ? `new row ${i + 1}` : `${entity.label.toLowerCase()} ${String(row.id)}`;
    const known = into.get(name) ?? new Set<number>();
    for (const id of foreign) known.add(id);
    into.set(name, known);
  });
  return into;
}

/**
 * Why a request touching `outside` is refused: what the actor may reach, then the rows as the
 * request named them ("word 17", "row 3") — never their languages, which would tell an account
 * about rows it may not see.
 */
export async function outsideMessage(
  db: LooseDb,
  actor: Actor,
  entity: AnyEntity,
  outside: OutsideRows,
  access: Access,
): Promise<string> {
  const base = languageRefusal(actor.reach, entity, access, await languageNames(db), who(actor));
  const listed = [...outside.keys()].slice(0, MAX_LISTED);
  const more = outside.size > MAX_LISTED ? ` and ${outside.size - MAX_LISTED} more` : '';
  const rowsWord = outside.size === 1 ? 'row is' : 'rows are';
  const outcome = access === 'write' ? '; nothing was changed' : '';
  return `${base}${outcome}. ${outside.size} ${rowsWord} outside it: ${listed.join(', ')}${more}`;
}

/** 403 naming the rows outside the actor's reach, if there are any. */
export async function refuseOutside(
  db: LooseDb,
  actor: Actor,
  entity: AnyEntity,
  outside: OutsideRows,
  access: Access,
): Promise<void> {
  if (outside.size === 0) return;
  throw forbidden(await outsideMessage(db, actor, entity, outside, access));
}

/** 403 naming the rows (records, or values about to be written) outside the actor's languages. */
export async function assertRowsWithinReach(
  db: LooseDb,
  actor: Actor,
  entity: AnyEntity,
  rows: readonly Values[],
  access: Access,
): Promise<void> {
  await refuseOutside(
    db,
    actor,
    entity,
    await outsideOfReach(db, actor, entity, rows, new Map(), access),
    access,
  );
}
