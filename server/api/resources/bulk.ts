import { fieldNames, foreignKeysOf, type AnyEntity } from '#shared/entities/index.ts';
import { parseEntityInput } from '#shared/entities/input.ts';
import { naturalKeyOf } from '#shared/entities/natural-key.ts';
import type { BulkResponse, BulkRowResult } from '#shared/entities/bulk.ts';
import { changedFields, recordChanges, type ChangeContext } from '../audit/record.ts';
import { authorizeWrites, type PlannedWrite } from '../access/write-gate.ts';
import { isRowRefusal } from '../http/errors.ts';
import { assertKnownReferencesExist, assertReferencesExist, knownIds, type Tx } from './integrity.ts';
import { assertLanguageAlphabet, checksAlphabet } from './language-alphabet.ts';
import { chunks, MAX_PARAMETERS, prepareRows } from './bulk-rows.ts';
import { insertRows } from './insert-rows.ts';
import { fromRow, toColumns, type Values } from './rows.ts';
import { readsByTuple, rowsByTuple } from './tuple-rows.ts';
import { textEqualsIgnoringCase } from './text-match.ts';
import { createRecord, newRecordValues, updateRecord } from './writes.ts';
import { askWordFlags, assertWordLinkable, flagNewWords, type AskedFlags } from './word-flags.ts';

/**
 * Upserts rows in the caller's transaction: a row naming its `id` updates that row, any other
 * matching an existing row on the entity's natural key updates it with the fields it gives (or is
 * `unchanged`), any other is created (where the API creates rows of the entity; else it is
 * rejected). Updated rows answer their changes field by field, `from → to`. A row that fails
 * validation or the integrity checks is `rejected` with the reason; the others still apply.
 *
 * Same results (and audit entries, in row order) as one create/update per row, in a handful of
 * statements: the referenced ids and the rows matching the batch's natural keys are read up front,
 * and new rows are inserted together (an update, or a row matching a pending one, inserts them first
 * so the writes keep the rows' order). Rows without a complete key (a level without a number takes
 * the next one in its sequence) are created one by one. A `dryRun` (rolled back by the caller) skips
 * the audit entries of the rows it inserts together, inserts new rows only where a later row of the
 * batch needs them stored, and answers created rows without an id.
 */
export async function bulkUpsert(
  tx: Tx,
  entity: AnyEntity,
  rows: readonly unknown[],
  ctx: ChangeContext,
  dryRun = false,
  slices?: { rows: number; pause: () => Promise<void> },
): Promise<Omit<BulkResponse, 'dryRun'>> {
  if (slices && rows.length > slices.rows) {
    // The same results, a slice of rows after another in the caller's transaction.
    const counts = { created: 0, updated: 0, unchanged: 0, rejected: 0 };
    const results: BulkRowResult[] = [];
    for (let start = 0; start < rows.length; start += slices.rows) {
      if (start > 0) await slices.pause();
      // A dry run may leave out only the last slice's writes: later slices read the earlier ones.
      const last = start + slices.rows >= rows.length;
      const part = await bulkUpsert(tx, entity, rows.slice(start, start + slices.rows), ctx, dryRun && last);
      for (const status of Object.keys(counts) as Array<keyof typeof counts>)
        counts[status] += part.counts[status];
      for (const result of part.results) {
        // The part's own objects: renumbered in place rather than copied (a link job: 1.4M rows).
        result.index += start;
        results.push(result);
      }
    }
    return { counts, results };
  }
  const results: BulkRowResult[] = [];
  const inputs = new Map<number, { id: number | undefined; values: Values }>();
  const reject = (index: number, reason: string, fieldErrors?: Record<string, string[]>) => {
    results[index] = { index, status: 'rejected', reason, ...(fieldErrors ? { fieldErrors } : {}) };
  };
  const prepared = await prepareRows(tx, entity, rows);
  const byId = await rowsById(
    tx,
    entity,
    prepared.flatMap((row) => (row.ok && row.id !== undefined ? [row.id] : [])),
  );
  // Rows are judged against the rows as stored before the request: a second row naming the same
  // id would be judged against values the first one replaced, so it is refused, not half applied.
  const firstRowOf = new Map<number, number>();
  for (const [index, row] of prepared.entries()) {
    if (!row.ok) {
      reject(index, row.reason, row.fieldErrors);
      continue;
    }
    if (row.id !== undefined) {
      const first = firstRowOf.get(row.id);
      if (first !== undefined) {
        reject(
          index,
          `Row ${index + 1} names ${entity.label.toLowerCase()} ${row.id} again (row ${first + 1} does too): send each row once`,
        );
        continue;
      }
      firstRowOf.set(row.id, index);
    }
    // A row naming its id, or of a table the API does not create rows in, gives only what changes.
    const mode = row.id !== undefined || !entity.operations.create ? 'update' : 'create';
    const stored = row.id === undefined ? undefined : byId.get(row.id);
    const parsed = parseEntityInput(entity, mode, stored ? changedOnly(entity, stored, row.body) : row.body);
    if (parsed.ok) inputs.set(index, { id: row.id, values: parsed.value as Values });
    else reject(index, parsed.message, parsed.fieldErrors);
  }
  // The words, judged while the rows are matched, checked and written (issue 46; word-flags.ts).
  const asked = askWordFlags(tx, entity, inputs);
  const all = [...inputs.values()];
  await loadReferences(
    tx,
    entity,
    all.map((input) => input.values),
  );
  const stored = await rowsByKey(
    tx,
    entity,
    all.filter((input) => input.id === undefined).map((input) => input.values),
  );
  const pending = new Map<string, { index: number; values: Values }>();
  const label = entity.label.toLowerCase();
  // The write gate sees every row up front, so a refusal names them all (each write passes it
  // again, exactly, as it happens: a row may match one created earlier in the same request).
  await authorizeWrites(tx, ctx.actor, plannedWrites(entity, inputs, byId, stored));

  const flush = async () => {
    if (pending.size === 0) return;
    await authorizeWrites(
      tx,
      ctx.actor,
      [...pending.values()].map(({ index, values }) => ({
        entity,
        before: null,
        after: values,
        name: `row ${index + 1}`,
      })),
    );
    const created = await insertAll(tx, entity, [...pending.values()], asked);
    for (const [key, { index }] of pending) {
      const record = created.get(key)!;
      stored.set(key, record);
      results[index] = { index, status: 'created', id: record.id as number, ...flagsOf(record) };
    }
    // A dry run is rolled back: the audit entries of its new rows would be written for nothing
    // (a large share of a big import's dry run), and no result depends on them.
    if (!dryRun)
      await recordChanges(
        tx,
        ctx,
        [...pending.keys()].map((key) => {
          const after = created.get(key)!;
          return { entity, entityId: after.id as number, action: 'create' as const, before: null, after };
        }),
      );
    pending.clear();
  };
  /** Updates a stored row with the row's fields (or finds nothing to change). */
  const update = async (index: number, match: Values, input: Values) => {
    const changes = changedFields(match, input);
    const names = Object.keys(changes.after);
    if (names.length === 0) {
      // The usual row of a file imported again: nothing to write, no key moves.
      byId.set(match.id as number, match);
      results[index] = { index, status: 'unchanged', id: match.id as number };
      return;
    }
    await flush();
    const { record, changed } = await updateRecord(tx, entity, match, input, ctx);
    byId.set(record.id as number, record);
    const oldKey = naturalKeyOf(entity, match);
    if (oldKey !== null) stored.delete(oldKey);
    const newKey = naturalKeyOf(entity, record);
    if (newKey !== null) stored.set(newKey, record);
    results[index] = {
      index,
      status: changed ? 'updated' : 'unchanged',
      id: record.id as number,
      ...(changed ? flagsOf(record) : {}),
      ...(changed
        ? {
            changes: Object.fromEntries(
              names.map((n) => [n, { from: changes.before[n], to: changes.after[n] }]),
            ),
          }
        : {}),
    };
  };

  for (const [index, { id, values: input }] of inputs) {
    const key = id === undefined ? naturalKeyOf(entity, input) : null;
    try {
      if (id !== undefined) {
        const match = byId.get(id);
        if (match) await update(index, match, input);
        else reject(index, `${entity.label} ${id} does not exist (leave id empty to create a ${label})`);
        continue;
      }
      if (key !== null && pending.has(key)) await flush();
      const match = key === null ? undefined : stored.get(key);
      if (match) {
        await update(index, match, input);
      } else if (!entity.operations.create) {
        const by = (entity.naturalKey ?? []).join(' and ');
        reject(
          index,
          `No ${label} has this ${by}, and ${entity.labelPlural.toLowerCase()} are not created through the API`,
        );
      } else if (key !== null) {
        const values = newRecordValues(entity, input, ctx.now);
        // The rows' references were looked up together above (loadReferences).
        if (!assertKnownReferencesExist(tx, entity, values)) await assertReferencesExist(tx, entity, values);
        if (checksAlphabet(entity)) await assertLanguageAlphabet(tx, entity, values);
        await assertWordLinkable(tx, entity, values);
        pending.set(key, { index, values });
      } else {
        await flush();
        const record = await createRecord(tx, entity, input, ctx);
        results[index] = { index, status: 'created', id: record.id as number, ...flagsOf(record) };
      }
    } catch (error) {
      if (!isRowRefusal(error)) throw error;
      reject(index, error.message, error.fieldErrors);
    }
  }
  // A dry run's last new rows are not stored: no later row needs them, and the transaction is
  // rolled back anyway (half the cost of a dry run of a new word list). Words are still judged,
  // so the preview says what each would be flagged as.
  if (dryRun) {
    const last = [...pending.values()];
    await flagNewWords(
      tx,
      entity,
      last.map((p) => p.values),
      { flags: asked, indexes: last.map((p) => p.index) },
    );
    for (const { index, values } of last) results[index] = { index, status: 'created', ...flagsOf(values) };
  } else await flush();
  const counts = { created: 0, updated: 0, unchanged: 0, rejected: 0 };
  // A dry run writes nothing: the ids of the rows it inserted meanwhile are gone with its rollback.
  const made = new Set(results.flatMap((r) => (dryRun && r.status === 'created' ? [r.id] : [])));
  for (const result of results) {
    counts[result.status]++;
    if (made.has(result.id)) delete result.id;
  }
  return { counts, results };
}

/** A word's dictionary flags (issue 46) for its result: what the import previews show. */
const flagsOf = (row: Values): { flags?: string } =>
  typeof row.flags === 'string' && row.flags !== '' ? { flags: row.flags } : {};

/** Each parsed row as the write it will be: the stored row it matches (by id or key) and after. */
function plannedWrites(
  entity: AnyEntity,
  inputs: ReadonlyMap<number, { id: number | undefined; values: Values }>,
  byId: ReadonlyMap<number, Values>,
  byKey: ReadonlyMap<string, Values>,
): PlannedWrite[] {
  const planned: PlannedWrite[] = [];
  for (const [index, { id, values }] of inputs) {
    const key = id === undefined ? naturalKeyOf(entity, values) : null;
    const before = id !== undefined ? byId.get(id) : key === null ? undefined : byKey.get(key);
    // A row naming a missing id is rejected as such; nothing to authorize.
    if (id !== undefined && !before) continue;
    const name = `row ${index + 1}${id === undefined ? '' : ` (${entity.label.toLowerCase()} ${id})`}`;
    planned.push({ entity, before: before ?? null, after: { ...before, ...values }, name });
  }
  return planned;
}

/**
 * The fields of a row naming its id that differ from the stored row: a value sent back as it was
 * read is not validated again (an older row may hold what today's rules refuse), nor written.
 */
function changedOnly(entity: AnyEntity, stored: Values, body: Values): Values {
  const names = fieldNames(entity);
  const changed: Values = {};
  for (const [key, value] of Object.entries(body)) {
    const name = names.get(key) ?? key;
    if (!(name in stored) || JSON.stringify(stored[name]) !== JSON.stringify(value)) changed[key] = value;
  }
  return changed;
}

/** Stored rows (as records) with these ids, by id. */
async function rowsById(tx: Tx, entity: AnyEntity, ids: readonly number[]): Promise<Map<number, Values>> {
  const found = new Map<number, Values>();
  for (const chunk of chunks([...new Set(ids)], MAX_PARAMETERS)) {
    for (const row of await tx.db.selectFrom(entity.table).selectAll().where('id', 'in', chunk).execute()) {
      const record = fromRow(entity, row);
      found.set(record.id as number, record);
    }
  }
  return found;
}

/** Fills `tx.known` for every id the rows refer to, one query per referenced table. */
async function loadReferences(tx: Tx, entity: AnyEntity, inputs: readonly Values[]): Promise<void> {
  for (const { name, target } of foreignKeysOf(entity)) {
    const known = knownIds(tx, target.table);
    const ids = new Set<number>();
    for (const input of inputs) {
      const id = input[name];
      if (typeof id === 'number' && !known.has(id)) ids.add(id);
    }
    for (const chunk of chunks([...ids], MAX_PARAMETERS)) {
      const found = await tx.db.selectFrom(target.table).select('id').where('id', 'in', chunk).execute();
      const existing = new Set(found.map((row) => Number(row.id)));
      for (const id of chunk) known.set(id, existing.has(id));
    }
  }
}

/** Stored rows (as records) whose natural key one of the inputs has, by key. */
async function rowsByKey(tx: Tx, entity: AnyEntity, inputs: readonly Values[]): Promise<Map<string, Values>> {
  const found = new Map<string, Values>();
  const key = entity.naturalKey;
  const keyed = inputs.filter((input) => naturalKeyOf(entity, input) !== null);
  if (!key || keyed.length === 0) return found;
  if (readsByTuple(entity, tx.dialect)) return rowsByTuple(tx, entity, keyed);
  // One IN list per key column, chunked on the most varied one; exact tuples are checked here.
  // Each part's distinct values (objects compared as JSON), kept as values: no JSON round trip.
  const distinct = key.map((name) => {
    const values = new Map<unknown, unknown>();
    for (const input of keyed) {
      const value = input[name];
      values.set(typeof value === 'object' && value !== null ? JSON.stringify(value) : value, value);
    }
    return [...values.values()];
  });
  const widest = distinct.reduce((best, values, i) => (values.length > distinct[best]!.length ? i : best), 0);
  const others = distinct.reduce((sum, values, i) => (i === widest ? sum : sum + values.length), 0);
  for (const chunk of chunks(distinct[widest]!, Math.max(1, MAX_PARAMETERS - others))) {
    let query = tx.db.selectFrom(entity.table).selectAll();
    key.forEach((name, i) => {
      const values = (i === widest ? chunk : distinct[i]!).map(
        (value) => toColumns(entity, tx.dialect, { [name]: value })[name],
      );
      // A case-folded part ("english" finds "English") is matched value by value.
      if (entity.fields[name]?.foldCase) {
        const texts = values.filter((v): v is string => typeof v === 'string');
        query = query.where((eb) => eb.or(texts.map((v) => textEqualsIgnoringCase(tx.dialect, name, v))));
      } else query = query.where(name, 'in', values);
    });
    for (const row of await query.execute()) {
      const record = fromRow(entity, row);
      found.set(naturalKeyOf(entity, record)!, record);
    }
  }
  return found;
}

/** Inserts new rows a few hundred per statement; answers the stored records by natural key. */
async function insertAll(
  tx: Tx,
  entity: AnyEntity,
  entries: ReadonlyArray<{ index: number; values: Values }>,
  asked: AskedFlags | null,
): Promise<Map<string, Values>> {
  const created = new Map<string, Values>();
  const rows = entries.map((entry) => entry.values);
  await flagNewWords(tx, entity, rows, { flags: asked, indexes: entries.map((entry) => entry.index) });
  const perRow = Math.max(1, Object.keys(rows[0] ?? {}).length);
  for (const chunk of chunks(rows, Math.floor(MAX_PARAMETERS / perRow))) {
    const inserted = await insertRows(
      tx,
      entity.table,
      chunk.map((values) => toColumns(entity, tx.dialect, values)),
      true,
    );
    // RETURNING order is not guaranteed: match the rows back on their (unique) natural key.
    for (const row of inserted) {
      const record = fromRow(entity, row);
      created.set(naturalKeyOf(entity, record)!, record);
    }
  }
  return created;
}
