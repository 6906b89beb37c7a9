import type { AnyEntity } from './entities/index.ts';

/**
 * What a panel account or an API token may do (issue 33). The content API enforces it; the panel
 * and the CLI read the same rules to offer only what will be allowed and to say why not.
 *
 * - administrator: everything, accounts and tokens included;
 * - editor: the content tables (languages, stages, letter groups, words, levels and their links);
 * - viewer: the content tables, read only.
 *
 * - game (API tokens only, issue 45): the published releases the game reads, and nothing else.
 *
 * An editor or viewer may be limited to some languages: then only rows of those languages (and
 * links between such rows) are theirs to see and change. Players, their results and the audit log
 * are personal or cross-cutting data: administrators only.
 */
export const PERMISSION_SETS = ['administrator', 'editor', 'viewer', 'game'] as const;
export type PermissionSet = (typeof PERMISSION_SETS)[number];

/** What a panel account may be: a person, never the game. */
export const ACCOUNT_PERMISSION_SETS = ['administrator', 'editor', 'viewer'] as const;

/** A game token: reads releases (`releases/current/{languageId}`), nothing else. */
export const isGame = (reach: Reach) => reach.permissions === 'game';

export interface Reach {
  permissions: PermissionSet;
  /** Language ids; null: every language. Always null for an administrator. */
  languages: number[] | null;
}

export const FULL_REACH: Reach = { permissions: 'administrator', languages: null };

/** At most this many languages name one account's reach (a list, not a query). */
export const MAX_REACH_LANGUAGES = 50;

/** An administrator is never limited to languages: the limit would not hold for accounts and tokens. */
export function normalReach(permissions: PermissionSet, languages: number[] | null): Reach {
  if (permissions === 'administrator') return { permissions, languages: null };
  return { permissions, languages: languages && [...new Set(languages)].sort((a, b) => a - b) };
}

export const isAdministrator = (reach: Reach) => reach.permissions === 'administrator';

export function mayRead(reach: Reach, entity: AnyEntity): boolean {
  if (isGame(reach)) return false;
  return entity.access === 'content' || isAdministrator(reach);
}

export function mayWrite(reach: Reach, entity: AnyEntity): boolean {
  if (reach.permissions === 'viewer' || isGame(reach)) return false;
  return entity.access === 'content' || isAdministrator(reach);
}

/** Whether rows of this language are within reach. */
export function mayReachLanguage(reach: Reach, languageId: number): boolean {
  return reach.languages === null || reach.languages.includes(languageId);
}

/** Whether every one of `languages` is within reach (null: every language, which only an unlimited reach has). */
export function reachesLanguages(reach: Reach, languages: readonly number[] | null): boolean {
  if (reach.languages === null) return true;
  return languages !== null && languages.every((id) => reach.languages!.includes(id));
}

const RANK: Record<PermissionSet, number> = { game: -1, viewer: 0, editor: 1, administrator: 2 };

/** Whether `inner` reaches nothing `outer` does not (a token's reach against its creator's). */
export function reachWithin(inner: Reach, outer: Reach): boolean {
  if (RANK[inner.permissions] > RANK[outer.permissions]) return false;
  if (outer.languages === null) return true;
  return inner.languages !== null && inner.languages.every((id) => outer.languages!.includes(id));
}

/** "French and German", "French, German and Spanish". */
export function listOfNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** "administrator", "editor of French", "viewer of French and German". */
export function describeReach(reach: Reach, languageName: (id: number) => string): string {
  if (reach.languages === null) return reach.permissions;
  return `${reach.permissions} of ${listOfNames(reach.languages.map(languageName))}`;
}

export type Access = 'read' | 'write';

/** Why an account may not read or write an entity at all (null: it may). */
export function entityRefusal(
  reach: Reach,
  entity: AnyEntity,
  access: Access,
  who = 'Your account',
): string | null {
  const allowed = access === 'read' ? mayRead(reach, entity) : mayWrite(reach, entity);
  if (allowed) return null;
  const what = entity.labelPlural.toLowerCase();
  if (reach.permissions === 'viewer' && mayRead(reach, entity))
    return `${who} may view ${what} only: it has viewer permissions`;
  return `${who} may not ${access === 'read' ? 'see' : 'change'} ${what}: only administrators may`;
}

/** "Your account may edit French words only" (the words). */
export function languageRefusal(
  reach: Reach,
  entity: AnyEntity,
  access: Access,
  languageName: (id: number) => string,
  who = 'Your account',
): string {
  const names = listOfNames((reach.languages ?? []).map(languageName));
  return `${who} may ${access === 'read' ? 'see' : 'edit'} ${names} ${entity.labelPlural.toLowerCase()} only`;
}

/** What both reaches allow: the lower permission set, the languages both have (a token and its owner). */
export function narrowerReach(a: Reach, b: Reach): Reach {
  const permissions = RANK[a.permissions] <= RANK[b.permissions] ? a.permissions : b.permissions;
  if (permissions === 'administrator') return { permissions, languages: null };
  if (a.languages === null) return { permissions, languages: b.languages };
  if (b.languages === null) return { permissions, languages: a.languages };
  return { permissions, languages: a.languages.filter((id) => b.languages!.includes(id)) };
}
