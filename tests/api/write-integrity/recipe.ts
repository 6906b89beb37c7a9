import type { AnyEntity } from '#shared/entities/index.ts';
import type { RowRecipe } from './values.ts';
import type { Caller } from './world.ts';

/** The vocabulary of the write-integrity property: what is generated, and what is sent. */

export type Kind =
  | 'create'
  | 'update'
  | 'delete'
  | 'bulk'
  | 'bulk-update'
  | 'bulk-delete'
  | 'undo'
  | 'revert'
  | 'restore'
  | 'link-job'
  | 'link-apply'
  | 'solvability'
  | 'team'
  | 'auth'
  | 'dictionary'
  | 'release';

export interface Recipe {
  kind: Kind;
  caller: number;
  entity: number;
  rows: RowRecipe[];
  picks: number[];
  dryRun: boolean;
  /** none; the caller's own new change set; another account's. */
  changeSet: 'none' | 'own' | 'foreign';
  variant: number;
}

/** A request ready to send, with what the oracle needs to judge its answer. */
export interface Planned {
  kind: Kind;
  caller: Caller;
  method: string;
  path: string;
  body?: string;
  headers: Record<string, string>;
  entity?: AnyEntity;
  dryRun: boolean;
  foreignChangeSet: boolean;
  /** Ids the request names, by position (bulk rows with an id; bulk-edit ids). */
  namedIds: Array<number | undefined>;
}

export const pick = <T>(items: readonly T[], n: number): T | undefined =>
  items[n % Math.max(1, items.length)];
