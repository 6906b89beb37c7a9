import type { AnyEntity } from '#shared/entities/index.ts';
import { changedFields, recordChange, type ChangeContext } from '../audit/record.ts';
import { authorizeWrites, rowRefusal, type PlannedWrite } from '../access/write-gate.ts';
import { conflict } from '../http/errors.ts';
import {
  assertNaturalKeyFree,
  assertNotReferenced,
  assertReferencesExist,
  nextInSequence,
  type Tx,
} from './integrity.ts';
import { assertLanguageAlphabet } from './language-alphabet.ts';
import { fromRow, toColumns, type Values } from './rows.ts';
import { assertWordLinkable, flagChangedWord, flagNewWords } from './word-flags.ts';

/**
 * The three writes every resource (and every bulk row) goes through: integrity checks first, so a
 * client's mistake is a clear 400/409 rather than a constraint error, then the write gate with the
 * values about to be stored, then the write and its audit entry, in the caller's transaction.
 */

/** The gate for one row: its own rules (a 409 the caller may list as that row's), then the reach. */
export async function authorizeRow(tx: Tx, ctx: ChangeContext, write: PlannedWrite): Promise<void> {
  const refusal = rowRefusal(ctx.actor, write);
  if (refusal) throw refusal;
  await authorizeWrites(tx, ctx.actor, [write]);
}

export async function findById(
  tx: Tx,
  entity: AnyEntity,
  id: number,
  forUpdate = false,
): Promise<Values | undefined> {
  const query = tx.db.selectFrom(entity.table).selectAll().where('id', '=', id);
  const row = await (forUpdate ? query.forUpdate() : query).executeTakeFirst();
  return row && fromRow(entity, row);
}

/** The values a create stores: the input, defaults for what it leaves out, the server's timestamps. */
export function newRecordValues(entity: AnyEntity, input: Values, now: string): Values {
  const values: Values = {};
  for (const [name, field] of Object.entries(entity.fields)) {
    if (!field.readOnly) values[name] = input[name] ?? field.default;
  }
  if (entity.timestamps?.created) values[entity.timestamps.created] = now;
  if (entity.timestamps?.updated) values[entity.timestamps.updated] = now;
  return values;
}

export async function createRecord(
  tx: Tx,
  entity: AnyEntity,
  input: Values,
  ctx: ChangeContext,
): Promise<Values> {
  const values = newRecordValues(entity, input, ctx.now);
  const { sequence } = entity;
  if (sequence && values[sequence.field] === undefined) {
    values[sequence.field] = await nextInSequence(tx, entity, values);
  }
  await authorizeRow(tx, ctx, { entity, before: null, after: values });
  await assertReferencesExist(tx, entity, values);
  await assertWordLinkable(tx, entity, values);
  await assertLanguageAlphabet(tx, entity, values);
  await assertNaturalKeyFree(tx, entity, values);
  await flagNewWords(tx, entity, [values]);
  const row = await tx.db
    .insertInto(entity.table)
    .values(toColumns(entity, tx.dialect, values))
    .returningAll()
    .executeTakeFirstOrThrow();
  const record = fromRow(entity, row);
  await recordChange(tx, ctx, {
    entity,
    entityId: record.id as number,
    action: 'create',
    before: null,
    after: record,
  });
  return record;
}

/** Applies the given fields (the others keep their values). Nothing changes → no write, no audit entry. */
export async function updateRecord(
  tx: Tx,
  entity: AnyEntity,
  existing: Values,
  input: Values,
  ctx: ChangeContext,
): Promise<{ record: Values; changed: boolean }> {
  const id = existing.id as number;
  const changes = changedFields(existing, input).after;
  // Unchanged is an answer too: about a row the actor may change, or refused like a change.
  await authorizeRow(tx, ctx, { entity, before: existing, after: { ...existing, ...changes } });
  if (Object.keys(changes).length === 0) return { record: existing, changed: false };
  await assertReferencesExist(tx, entity, changes);
  await assertWordLinkable(tx, entity, changes);
  if ('letters' in changes || 'languageId' in changes) {
    await assertLanguageAlphabet(tx, entity, { ...existing, ...changes }, id);
  }
  if (entity.naturalKey?.some((name) => name in changes)) {
    await assertNaturalKeyFree(tx, entity, { ...existing, ...changes }, id);
  }
  await flagChangedWord(tx, entity, existing, changes);
  const updated = entity.timestamps?.updated;
  const row = await tx.db
    .updateTable(entity.table)
    .set(toColumns(entity, tx.dialect, { ...changes, ...(updated ? { [updated]: ctx.now } : {}) }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const record = fromRow(entity, row);
  await recordChange(tx, ctx, { entity, entityId: id, action: 'update', ...changedFields(existing, record) });
  return { record, changed: true };
}

/**
 * Soft for entities with a `deleted` timestamp (the row stays, readable, with `deletedAt` set;
 * deleting it again changes nothing); otherwise refused while other rows refer to it.
 */
export async function deleteRecord(
  tx: Tx,
  entity: AnyEntity,
  existing: Values,
  ctx: ChangeContext,
): Promise<boolean> {
  const id = existing.id as number;
  const deleted = entity.timestamps?.deleted;
  if (deleted) {
    if (entity.name === 'user' && id === ctx.actor.userId)
      throw conflict('You cannot delete your own account');
    const gone = existing[deleted] !== null;
    await authorizeRow(tx, ctx, {
      entity,
      before: existing,
      after: { ...existing, [deleted]: gone ? existing[deleted] : ctx.now },
    });
    // Deleted already: nothing to write, and nothing to count as changed.
    if (gone) return false;
    const updated = entity.timestamps?.updated;
    const row = await tx.db
      .updateTable(entity.table)
      .set({ [deleted]: ctx.now, ...(updated ? { [updated]: ctx.now } : {}) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordChange(tx, ctx, {
      entity,
      entityId: id,
      action: 'delete',
      ...changedFields(existing, fromRow(entity, row)),
    });
    return true;
  }
  await authorizeRow(tx, ctx, { entity, before: existing, after: null });
  await assertNotReferenced(tx, entity, id);
  await tx.db.deleteFrom(entity.table).where('id', '=', id).execute();
  await recordChange(tx, ctx, { entity, entityId: id, action: 'delete', before: existing, after: null });
  return true;
}
