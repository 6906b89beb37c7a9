import { Readable } from 'node:stream';
import type { AnyEntity } from '#shared/entities/index.ts';
import { csvRows, jsonArrayItems, jsonLines } from '#shared/record-text.ts';
import type { ApiAnswer } from '../http/call.ts';
import { badRequest } from '../http/errors.ts';
import type { Values } from './rows.ts';
import { parseSearchQuery, type SearchFilter, type SearchSort } from './search-query.ts';

export const EXPORT_FORMATS = ['csv', 'json', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportRequest {
  format: ExportFormat;
  /** Fields written, in this order (all of the entity's by default). */
  fields: string[];
  filters: SearchFilter[];
  /** The list's sort (`sort=field[:desc]`, as the search takes it); absent: id order. */
  sort?: SearchSort;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
};

/**
 * `?format=csv|json|jsonl&fields=a,b&sort=field:desc&<filter>=…` of `{resource}/cms/export`: the
 * list's filters and sort, as the search takes them, and no pages (an export holds every matching row).
 */
export function parseExportQuery(entity: AnyEntity, query: Record<string, unknown>): ExportRequest {
  const { format = 'json', fields, ...rest } = query;
  const what = `Invalid export of ${entity.labelPlural.toLowerCase()}`;
  if (typeof format !== 'string' || !(EXPORT_FORMATS as readonly string[]).includes(format)) {
    const message = `format must be one of: ${EXPORT_FORMATS.join(', ')}`;
    throw badRequest(`${what}: ${message}`, { format: [message] });
  }
  for (const paging of ['page', 'size']) {
    if (paging in rest) {
      const message = 'is not taken: an export holds every matching row';
      throw badRequest(`${what}: ${paging} ${message}`, { [paging]: [message] });
    }
  }
  const known = Object.keys(entity.fields);
  let chosen = known;
  if (fields !== undefined) {
    chosen = typeof fields === 'string' ? fields.split(',').map((f) => f.trim()) : [];
    const unknown = chosen.filter((f) => !known.includes(f));
    if (chosen.length === 0 || unknown.length > 0 || new Set(chosen).size !== chosen.length) {
      const message = `must name fields of ${entity.labelPlural} once each, from: ${known.join(', ')}`;
      throw badRequest(`${what}: fields ${message}`, { fields: [message] });
    }
  }
  const { filters, sort } = parseSearchQuery(entity, rest);
  if ('ids' in rest) {
    const message = 'is not taken: an export holds every row the filters match';
    throw badRequest(`${what}: ids ${message}`, { ids: [message] });
  }
  return { format: format as ExportFormat, fields: chosen, filters, ...(sort ? { sort } : {}) };
}

/**
 * The export as a stream: chunks are read as the client takes them, a quarter megabyte ahead so
 * the next chunk is read while the last one is written (a slow client holds that much in memory,
 * never the table). Once the first byte is out the status cannot change: a failure then
 * cuts the response short, which the client sees as an incomplete download, never a whole one.
 */
export function exportAnswer(
  entity: AnyEntity,
  request: ExportRequest,
  chunks: AsyncIterable<Values[]>,
): ApiAnswer {
  const { format, fields } = request;
  async function* text(): AsyncGenerator<string> {
    let written = 0;
    if (format === 'csv') yield csvRows(fields, [], true);
    if (format === 'json') yield '[';
    for await (const records of chunks) {
      if (format === 'csv') yield csvRows(fields, records);
      else if (format === 'jsonl') yield jsonLines(fields, records);
      else yield jsonArrayItems(fields, records, written === 0);
      written += records.length;
    }
    if (format === 'json') yield written === 0 ? ']\n' : '\n]\n';
  }
  return {
    status: 200,
    headers: {
      'Content-Type': CONTENT_TYPES[format],
      'Content-Disposition': `attachment; filename="${entity.resource}.${format}"`,
    },
    stream: Readable.from(text(), { objectMode: false, highWaterMark: 256 * 1024 }),
  };
}
