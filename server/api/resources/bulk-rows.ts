import { entityByName, fieldNames, type AnyEntity } from '#shared/entities/index.ts';
import { parseEntityInput } from '#shared/entities/input.ts';
import type { FieldErrors } from '#shared/entities/input.ts';
import { FIELD_MESSAGES } from '#shared/entities/messages.ts';
import { INT_MAX } from '#shared/entities/schemas.ts';
import type { Tx } from './integrity.ts';
import { fromRow, toColumns, type Values } from './rows.ts';

/** Bound parameters per statement, well under SQLite's (32,766) and PostgreSQL's (65,535) limits. */
export const MAX_PARAMETERS = 20_000;

/** A bulk row before validation: the id it names (if any) and its body, references resolved to ids. */
export type PreparedRow =
  | { ok: true; id: number | undefined; body: Values }
  | { ok: false; reason: string; fieldErrors?: FieldErrors };

const plain = (value: unknown): value is Values =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads what a bulk row says besides its fields: `id` (the row to update, instead of a natural-key
 * match), and references written as the referenced row's fields instead of its id —
 * `"languageId": { "language": "English" }`, `"stageId": { "number": 3 }` — each looked up once
 * per request, in one query per referenced table and field set. A reference that matches no row,
 * or several, rejects the row with a message saying which.
 */
export async function prepareRows(
  tx: Tx,
  entity: AnyEntity,
  rows: readonly unknown[],
): Promise<PreparedRow[]> {
  const names = fieldNames(entity);
  const prepared: PreparedRow[] = [];
  const wanted = new Map<string, Lookup>();
  const pending: Array<{ index: number; field: string; key: string }> = [];
  const label = entity.label.toLowerCase();
  for (const [index, row] of rows.entries()) {
    if (!plain(row)) {
      prepared[index] = { ok: false, reason: `The ${label} must be a JSON object`, fieldErrors: {} };
      continue;
    }
    const { id: rawId, ...body } = row;
    let id: number | undefined;
    if (rawId !== undefined && rawId !== null) {
      if (!Number.isInteger(rawId) || (rawId as number) < 1 || (rawId as number) > INT_MAX) {
        const reason = FIELD_MESSAGES.anId;
        prepared[index] = {
          ok: false,
          reason: `Invalid ${label}: id ${reason}`,
          fieldErrors: { id: [reason] },
        };
        continue;
      }
      id = rawId as number;
    }
    let failed: PreparedRow | undefined;
    for (const [key, value] of Object.entries(body)) {
      const name = names.get(key);
      const field = name === undefined ? undefined : entity.fields[name];
      if (!field || field.kind !== 'fk' || !field.references || !plain(value)) continue;
      const target = entityByName(field.references);
      const parsed = parseEntityInput(target, 'update', value);
      const keys = parsed.ok ? Object.keys(parsed.value as Values).sort() : [];
      if (!parsed.ok || keys.length === 0) {
        const why = parsed.ok
          ? `must name fields of ${target.label.toLowerCase()}`
          : `names the ${target.label.toLowerCase()} wrongly: ${parsed.message.replace(/^Invalid [^:]*: /, '')}`;
        failed = { ok: false, reason: `Invalid ${label}: ${key} ${why}`, fieldErrors: { [name!]: [why] } };
        break;
      }
      const values = Object.fromEntries(keys.map((k) => [k, (parsed.value as Values)[k]]));
      const lookupKey = `${field.references}:${keys.join(',')}`;
      const lookup = wanted.get(lookupKey) ?? { target, fields: keys, tuples: new Map() };
      wanted.set(lookupKey, lookup);
      const tuple = JSON.stringify(keys.map((k) => values[k]));
      lookup.tuples.set(tuple, lookup.tuples.get(tuple) ?? []);
      pending.push({ index, field: key, key: `${lookupKey}|${tuple}` });
      body[key] = { lookupKey, tuple, values };
    }
    prepared[index] = failed ?? { ok: true, id, body };
  }
  const found = new Map<string, number[]>();
  for (const [lookupKey, lookup] of wanted) {
    for (const [tuple, ids] of await findTuples(tx, lookup)) found.set(`${lookupKey}|${tuple}`, ids);
  }
  for (const { index, field, key } of pending) {
    const row = prepared[index]!;
    if (!row.ok) continue;
    const ref = row.body[field] as { values: Values };
    const ids = found.get(key) ?? [];
    if (ids.length === 1) {
      row.body[field] = ids[0];
      continue;
    }
    const name = names.get(field)!;
    const target = entityByName(entity.fields[name]!.references!);
    const what = Object.entries(ref.values)
      .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
      .join(' and ');
    const why =
      ids.length === 0
        ? `no ${target.label.toLowerCase()} has ${what}`
        : `${ids.length} ${target.labelPlural.toLowerCase()} have ${what}: give the id`;
    prepared[index] = {
      ok: false,
      reason: `Invalid ${label}: ${field} ${why}`,
      fieldErrors: { [name]: [why] },
    };
  }
  return prepared;
}

interface Lookup {
  target: AnyEntity;
  fields: string[];
  /** JSON of the values, in `fields` order → ids of the rows holding them. */
  tuples: Map<string, number[]>;
}

/** The ids of the target rows holding each tuple, one IN list per field, chunked. */
async function findTuples(tx: Tx, { target, fields, tuples }: Lookup): Promise<Map<string, number[]>> {
  const all = [...tuples.keys()].map((json) => JSON.parse(json) as unknown[]);
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / fields.length));
  for (let start = 0; start < all.length; start += size) {
    const chunk = all.slice(start, start + size);
    let query = tx.db.selectFrom(target.table).select(['id', ...fields]);
    fields.forEach((field, i) => {
      const values = [...new Set(chunk.map((tuple) => JSON.stringify(tuple[i])))].map(
        (json) => toColumns(target, tx.dialect, { [field]: JSON.parse(json) as unknown })[field],
      );
      query = query.where(field, 'in', values);
    });
    for (const row of await query.execute()) {
      const record = fromRow(target, row);
      const ids = tuples.get(JSON.stringify(fields.map((f) => record[f])));
      ids?.push(record.id as number);
    }
  }
  return tuples;
}

/** `items` in runs of `size` (the last one shorter). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}
