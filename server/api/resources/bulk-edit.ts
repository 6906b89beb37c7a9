import type { AnyEntity } from '#shared/entities/index.ts';
import {
  emptyEditResponse,
  EDIT_SAMPLE_SIZE,
  MAX_LISTED_REFUSALS,
  type BulkEditResponse,
  type BulkUpdateRequest,
} from '#shared/entities/bulk-edit.ts';
import { parseEntityInput } from '#shared/entities/input.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { changedFields, recordChanges, type ChangeContext } from '../audit/record.ts';
import { badRequest, isRowRefusal, Refusal } from '../http/errors.ts';
import { authorizeWrites, rowRefusal } from '../access/write-gate.ts';
import { assertNaturalKeyFree, assertReferencesExist, type Tx } from './integrity.ts';
import { assertLanguageAlphabet } from './language-alphabet.ts';
import { keysetChunks, listQueries } from './list-query.ts';
import { fromRow, toColumns, type Values } from './rows.ts';
import { parseSearchQuery, type SearchFilter } from './search-query.ts';
import { deleteRecord } from './writes.ts';
import { limited, listLanguages, outsideOfReach, refuseOutside, type OutsideRows } from '../access/guard.ts';
import { looseDb } from './rows.ts';

/** Rows read, checked and written per transaction: small enough that SQLite, which writes on the
 * event loop, holds it for tens of milliseconds at a time, never seconds. */
const CHUNK = 500;

type Transaction = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
/** By ids, or by the list's filters (for an account limited to some languages, among its rows). */
type Targets = { ids: number[] } | { filters: SearchFilter[]; languages?: readonly number[] };

/** Thrown to roll a dry run's chunk back once its results are known. */
class RollBack extends Error {}

/** A refusal met after some chunks were committed: it must not say that nothing was changed. */
function partlyDone(error: Refusal, changed: number): Refusal {
  const message = error.message.replace('; nothing was changed', '');
  return new Refusal(
    error.status,
    `${message}. ${changed} rows changed before this one were kept (see the history); the rest were not changed`,
  );
}

/** The rows a bulk edit names: by ids, or by the list's filters (an empty `where` needs `allRows`). */
export function editTargets(
  entity: AnyEntity,
  body: { ids?: number[]; where?: Record<string, string | number | boolean>; allRows?: boolean },
): Targets {
  const what = `Invalid bulk edit of ${entity.labelPlural.toLowerCase()}`;
  if (body.ids && body.where) throw badRequest(`${what}: name the rows by ids or by where, not both`);
  if (body.ids) return { ids: [...new Set(body.ids)].sort((a, b) => a - b) };
  if (!body.where) throw badRequest(`${what}: name the rows, by ids or by where`);
  const strings = Object.fromEntries(Object.entries(body.where).map(([k, v]) => [k, String(v)]));
  for (const paging of ['page', 'size', 'sort', 'ids']) {
    if (paging in strings) throw badRequest(`${what}: where takes filters, not ${paging}`);
  }
  const { filters } = parseSearchQuery(entity, strings);
  if (filters.length === 0 && body.allRows !== true) {
    throw badRequest(
      `${what}: where names no condition, so every row would change; send allRows: true to mean it`,
    );
  }
  return { filters };
}

/** The target ids a chunk at a time, in id order. */
async function* idChunks(
  database: DatabaseHandle,
  entity: AnyEntity,
  targets: Targets,
): AsyncGenerator<number[]> {
  if ('ids' in targets) {
    for (let at = 0; at < targets.ids.length; at += CHUNK) yield targets.ids.slice(at, at + CHUNK);
    return;
  }
  const { filters, languages } = targets;
  const list = listQueries(
    database,
    { ...entity, order: 'asc' },
    { page: 0, size: CHUNK, filters, ...(languages ? { languages } : {}) },
  );
  for await (const rows of keysetChunks(list, CHUNK)) yield rows.map((row) => Number(row.id));
}

/**
 * An account limited to some languages: targets by filter are the rows of its languages (as its
 * list shows them); targets by ids, and the values set, must all be within them, or the whole
 * edit is refused before anything is written, naming the rows outside (issue 33). The edit runs a
 * chunk per transaction, so this cannot be left to the write gate each chunk passes.
 */
async function assertTargetsWithinReach(
  database: DatabaseHandle,
  entity: AnyEntity,
  targets: Targets,
  ctx: ChangeContext,
  values: Values = {},
): Promise<void> {
  if (!limited(ctx.actor, entity)) return;
  const db = looseDb(database);
  // By filters: the rows of the list the account sees (a filter naming another language is a 403).
  if ('filters' in targets) targets.languages = await listLanguages(db, ctx.actor, entity, targets.filters);
  const outside: OutsideRows = new Map();
  for await (const ids of idChunks(database, entity, targets)) {
    const rows = await db.selectFrom(entity.table).selectAll().where('id', 'in', ids).execute();
    const records = rows.map((row) => fromRow(entity, row));
    // As they are, and as the edit would leave them.
    await outsideOfReach(db, ctx.actor, entity, records, outside);
    await outsideOfReach(
      db,
      ctx.actor,
      entity,
      records.map((row) => ({ ...row, ...values })),
      outside,
    );
  }
  await refuseOutside(db, ctx.actor, entity, outside, 'write');
}

interface Tally extends BulkEditResponse {
  /** Counts a refused row and lists it with its reason. */
  refuse(id: number, reason: string): void;
}

/**
 * Runs `edit` on every target row, a chunk per transaction (a dry run rolls each back once its
 * results are known). A refused row is listed with its reason and the others go on.
 */
async function editAll(
  database: DatabaseHandle,
  transaction: Transaction,
  entity: AnyEntity,
  targets: Targets,
  dryRun: boolean,
  edit: (tx: Tx, rows: Values[], tally: Tally) => Promise<void>,
): Promise<BulkEditResponse> {
  const response = emptyEditResponse(dryRun);
  const tally: Tally = Object.assign(response, {
    refuse(id: number, reason: string) {
      response.refused += 1;
      if (response.refusals.length < MAX_LISTED_REFUSALS) response.refusals.push({ id, reason });
    },
  });
  for await (const ids of idChunks(database, entity, targets)) {
    try {
      await transaction(async (tx) => {
        const rows = (
          await tx.db.selectFrom(entity.table).selectAll().where('id', 'in', ids).orderBy('id').execute()
        ).map((row) => fromRow(entity, row));
        const found = new Set(rows.map((row) => row.id as number));
        for (const id of ids) if (!found.has(id)) tally.refuse(id, `${entity.label} ${id} not found`);
        tally.matched += rows.length;
        await edit(tx, rows, tally);
        if (dryRun) throw new RollBack();
      });
    } catch (error) {
      if (error instanceof RollBack) continue;
      // Earlier chunks are committed (each recorded in the history): the answer says so.
      if (error instanceof Refusal && !dryRun && tally.changed > 0) throw partlyDone(error, tally.changed);
      throw error;
    }
  }
  const { refuse: _refuse, ...answer } = tally;
  return answer;
}

/** Sets the same fields on every target row: one UPDATE per chunk, one audit entry per changed row. */
export async function bulkUpdate(
  database: DatabaseHandle,
  transaction: Transaction,
  entity: AnyEntity,
  request: BulkUpdateRequest,
  ctx: ChangeContext,
): Promise<BulkEditResponse> {
  const parsed = parseEntityInput(entity, 'update', request.set);
  if (!parsed.ok) throw badRequest(parsed.message, parsed.fieldErrors);
  const values = parsed.value as Values;
  if (Object.keys(values).length === 0) {
    throw badRequest(
      `Invalid bulk edit of ${entity.labelPlural.toLowerCase()}: set names no field to change`,
    );
  }
  const targets = editTargets(entity, request);
  await assertTargetsWithinReach(database, entity, targets, ctx, values);
  const keyChanges = entity.naturalKey?.some((name) => name in values) ?? false;
  const updated = entity.timestamps?.updated;
  const stamp = updated ? { [updated]: ctx.now } : {};
  return editAll(database, transaction, entity, targets, request.dryRun ?? false, async (tx, rows, tally) => {
    if (rows.length > 0) await assertReferencesExist(tx, entity, values);
    const changed: Array<{ before: Values; after: Values }> = [];
    for (const row of rows) {
      if (Object.keys(changedFields(row, values).after).length === 0) {
        tally.unchanged += 1;
        continue;
      }
      const after = { ...row, ...values, ...stamp };
      const refusal = rowRefusal(ctx.actor, { entity, before: row, after });
      if (refusal) {
        tally.refuse(row.id as number, refusal.message);
        continue;
      }
      changed.push({ before: row, after });
    }
    // Every row of the chunk through the write gate before the first is written.
    await authorizeWrites(
      tx,
      ctx.actor,
      changed.map(({ before, after }) => ({ entity, before, after })),
    );
    if (keyChanges) {
      // A natural key must stay unique: each row is checked and written on its own.
      const written: typeof changed = [];
      for (const { before, after } of changed) {
        try {
          await assertNaturalKeyFree(tx, entity, after, before.id as number);
          await assertLanguageAlphabet(tx, entity, after);
        } catch (error) {
          if (!isRowRefusal(error)) throw error;
          tally.refuse(before.id as number, error.message);
          continue;
        }
        await tx.db
          .updateTable(entity.table)
          .set(toColumns(entity, tx.dialect, { ...values, ...stamp }))
          .where('id', '=', before.id as number)
          .execute();
        written.push({ before, after });
      }
      changed.splice(0, changed.length, ...written);
    } else if (changed.length > 0) {
      await tx.db
        .updateTable(entity.table)
        .set(toColumns(entity, tx.dialect, { ...values, ...stamp }))
        .where(
          'id',
          'in',
          changed.map((c) => c.before.id as number),
        )
        .execute();
    }
    await recordChanges(
      tx,
      ctx,
      changed.map(({ before, after }) => ({
        entity,
        entityId: before.id as number,
        action: 'update' as const,
        ...changedFields(before, after),
      })),
    );
    tally.changed += changed.length;
    for (const { before } of changed.slice(0, EDIT_SAMPLE_SIZE - tally.sample.length)) {
      const diff = changedFields(before, values);
      tally.sample.push({
        id: before.id as number,
        changes: Object.fromEntries(
          Object.keys(diff.after).map((f) => [f, { from: diff.before[f], to: diff.after[f] }]),
        ),
      });
    }
  });
}

/** Deletes every target row; a row still in use is refused with what uses it, the others go. */
export async function bulkDelete(
  database: DatabaseHandle,
  transaction: Transaction,
  entity: AnyEntity,
  request: {
    ids?: number[];
    where?: Record<string, string | number | boolean>;
    allRows?: boolean;
    dryRun?: boolean;
  },
  ctx: ChangeContext,
): Promise<BulkEditResponse> {
  const targets = editTargets(entity, request);
  await assertTargetsWithinReach(database, entity, targets, ctx);
  return editAll(database, transaction, entity, targets, request.dryRun ?? false, async (tx, rows, tally) => {
    for (const row of rows) {
      try {
        if (!(await deleteRecord(tx, entity, row, ctx))) {
          tally.unchanged += 1;
          continue;
        }
      } catch (error) {
        if (!isRowRefusal(error)) throw error;
        tally.refuse(row.id as number, error.message);
        continue;
      }
      tally.changed += 1;
      if (tally.sample.length < EDIT_SAMPLE_SIZE) {
        const fields = Object.keys(entity.fields).filter((f) => f !== 'id');
        tally.sample.push({
          id: row.id as number,
          changes: Object.fromEntries(fields.map((f) => [f, { from: row[f], to: null }])),
        });
      }
    }
  });
}
