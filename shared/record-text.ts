import { stringify } from 'csv-stringify/sync';

/**
 * Records as text for files, the same for the API's export and the CLI: CSV (RFC 4180 quoting,
 * objects as JSON, null as an empty cell), JSON Lines and the items of a JSON array, each record
 * with the given fields only, in their order.
 */
type Row = Readonly<Record<string, unknown>>;

const csvCell = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

const pick = (fields: readonly string[], record: Row) =>
  Object.fromEntries(fields.map((field) => [field, record[field] ?? null]));

/** CSV lines of the records' `fields`, with the header line when asked. */
export function csvRows(fields: readonly string[], records: readonly Row[], header = false): string {
  const rows = records.map((record) => fields.map((field) => csvCell(record[field])));
  return stringify(header ? [[...fields], ...rows] : rows);
}

/** One JSON object a line. */
export function jsonLines(fields: readonly string[], records: readonly Row[]): string {
  return records.map((record) => `${JSON.stringify(pick(fields, record))}\n`).join('');
}

/** Items of a JSON array written in pieces: `first` says no item was written before these. */
export function jsonArrayItems(fields: readonly string[], records: readonly Row[], first: boolean): string {
  return records
    .map((record, i) => `${first && i === 0 ? '\n  ' : ',\n  '}${JSON.stringify(pick(fields, record))}`)
    .join('');
}
