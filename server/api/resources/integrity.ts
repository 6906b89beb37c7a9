import { sql } from 'kysely';
import { foreignKeysOf, referrersOf, type AnyEntity } from '#shared/entities/index.ts';
import { invalid } from '#shared/entities/input.ts';
import { duplicateKeyMessage } from '#shared/entities/natural-key.ts';
import type { Dialect } from '../../db/database.ts';
import { badRequest, conflict } from '../http/errors.ts';
import { toColumns, type LooseDb, type Values } from './rows.ts';
import { textEqualsIgnoringCase } from './text-match.ts';
import type { WordFlagger } from './word-flags.ts';

/** A unit of work: the transaction, its dialect, and which referenced rows are known to exist. */
export interface Tx {
  db: LooseDb;
  dialect: Dialect;
  /** Table → id → exists; bulk requests check the same language or letter group many times. */
  known: Map<string, Map<number, boolean>>;
  /** Run once the transaction has committed (never after a rollback, e.g. a dry run). */
  committed?: Array<() => void>;
  /** Computes new or changed words' dictionary flags (issue 46); absent: no dictionaries. */
  wordFlags?: WordFlagger;
}

const count = (n: number, entity: AnyEntity) =>
  `${n} ${(n === 1 ? entity.label : entity.labelPlural).toLowerCase()}`;

function list(parts: string[]): string {
  return parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** What the unit of work knows of `table`'s ids: exists or not. */
export function knownIds(tx: Tx, table: string): Map<number, boolean> {
  let ids = tx.known.get(table);
  if (!ids) tx.known.set(table, (ids = new Map()));
  return ids;
}

/**
 * 400 naming the field and the row when a foreign key in `values` points at a row known to be
 * missing; false when one is not known either way (assertReferencesExist then looks it up).
 * Synchronous: a bulk write looks up all its rows' references beforehand.
 */
export function assertKnownReferencesExist(tx: Tx, entity: AnyEntity, values: Values): boolean {
  let errors: Map<string, string[]> | null = null;
  for (const { name, target } of foreignKeysOf(entity)) {
    const id = values[name];
    if (typeof id !== 'number') continue;
    const exists = tx.known.get(target.table)?.get(id);
    if (exists === undefined) return false;
    if (exists) continue;
    errors ??= new Map();
    errors.set(name, [`refers to ${target.label.toLowerCase()} ${id}, which does not exist`]);
  }
  if (errors) {
    const { message, fieldErrors } = invalid(entity.label.toLowerCase(), errors);
    throw badRequest(message, fieldErrors);
  }
  return true;
}

/** Every foreign key in `values` points at an existing row, else 400 naming the field and the row. */
export async function assertReferencesExist(tx: Tx, entity: AnyEntity, values: Values): Promise<void> {
  for (const { name, target } of foreignKeysOf(entity)) {
    const id = values[name];
    if (typeof id !== 'number') continue;
    const ids = knownIds(tx, target.table);
    if (ids.has(id)) continue;
    const row = await tx.db.selectFrom(target.table).select('id').where('id', '=', id).executeTakeFirst();
    ids.set(id, row !== undefined);
  }
  assertKnownReferencesExist(tx, entity, values);
}

/** The row holding these natural-key values (all of them must be given), if any. */
export async function findByNaturalKey(
  tx: Tx,
  entity: AnyEntity,
  values: Values,
  exceptId?: number,
): Promise<Values | undefined> {
  const key = entity.naturalKey;
  if (!key || key.some((name) => values[name] === undefined || values[name] === null)) return undefined;
  const columns = toColumns(entity, tx.dialect, Object.fromEntries(key.map((name) => [name, values[name]])));
  let query = tx.db.selectFrom(entity.table).selectAll();
  for (const name of key) {
    // "english" finds "English": the same folding on both dialects, for every alphabet.
    const value = columns[name];
    if (entity.fields[name]?.foldCase && typeof value === 'string') {
      query = query.where(textEqualsIgnoringCase(tx.dialect, name, value));
    } else query = query.where(name, '=', value);
  }
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return query.limit(1).executeTakeFirst();
}

/** 409 when another row already has these natural-key values. */
export async function assertNaturalKeyFree(
  tx: Tx,
  entity: AnyEntity,
  values: Values,
  exceptId?: number,
): Promise<void> {
  const holder = await findByNaturalKey(tx, entity, values, exceptId);
  if (!holder) return;
  throw conflict(duplicateKeyMessage(entity, values, holder));
}

/** What still refers to the row, as `3 letter-group words` per referring table; empty when nothing. */
export async function referenceCounts(tx: Tx, entity: AnyEntity, id: number): Promise<string[]> {
  const uses: string[] = [];
  for (const { entity: referrer, field } of referrersOf(entity.name)) {
    const row = await tx.db
      .selectFrom(referrer.table)
      .select(sql<number>`count(*)`.as('n'))
      .where(field, '=', id)
      .executeTakeFirst();
    const n = Number(row?.n ?? 0);
    if (n > 0) uses.push(count(n, referrer));
  }
  return uses;
}

/** 409 naming what still refers to the row, and how many: nothing is orphaned. */
export async function assertNotReferenced(tx: Tx, entity: AnyEntity, id: number): Promise<void> {
  const uses = await referenceCounts(tx, entity, id);
  if (uses.length > 0) {
    throw conflict(`${entity.label} ${id} is still used by ${list(uses)}; delete or change those first`);
  }
}

/** The next free number among rows sharing the `within` values (1 for the first). */
export async function nextInSequence(tx: Tx, entity: AnyEntity, values: Values): Promise<number> {
  const sequence = entity.sequence!;
  let query = tx.db.selectFrom(entity.table).select(sql<number>`max(${sql.ref(sequence.field)})`.as('top'));
  for (const name of sequence.within) query = query.where(name, '=', values[name] as number);
  const row = await query.executeTakeFirst();
  return Number(row?.top ?? 0) + 1;
}
