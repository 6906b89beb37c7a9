import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import type { AnyEntity } from '#shared/entities/index.ts';
import type { Connection } from '../connection.ts';
import { CliError, UsageError } from '../context.ts';
import { chosenFields, filtersFromAssignments } from '../entities/field-values.ts';
import { csvRows, jsonArrayItems, jsonLines } from '#shared/record-text.ts';

export interface ExportOptions {
  filter?: string[];
  fields?: string;
  format?: string;
  out?: string;
  /** Shortcut for `--filter languageId=N`, where the list has that filter. */
  language?: number;
}

/** Records formatted per write: big enough to be cheap, small enough to stream. */
const BATCH = 1000;

function formatOf(entity: AnyEntity, options: ExportOptions, json: boolean): string {
  const allowed = ['csv', 'json', 'jsonl', ...(entity.name === 'word' ? ['txt'] : [])];
  const fromFile = /\.(csv|jsonl|json|txt)$/i.exec(options.out ?? '')?.[1];
  const fallback = json ? 'json' : entity.name === 'word' ? 'txt' : 'csv';
  const format = (options.format ?? fromFile ?? fallback).toLowerCase();
  if (!allowed.includes(format))
    throw new UsageError(`Unknown format "${format}": use ${allowed.join(', ')}`);
  return format;
}

/**
 * `TABLE export`: every record the filters match, streamed from the API's export (keyset-paged on
 * the server) and written as it arrives, so a table never sits whole in memory: csv (a header line,
 * then a row per record), json (an array), jsonl (an object a line) or, for words, txt (the letters,
 * one a line: what `words import` reads back).
 */
export async function exportAction(
  entity: AnyEntity,
  options: ExportOptions,
  conn: Connection,
): Promise<void> {
  await conn.requireLogin();
  const format = formatOf(entity, options, conn.out.json);
  const fields = chosenFields(entity, options.fields);
  const filters = filtersFromAssignments(entity, options.filter ?? []);
  if (options.language !== undefined) {
    if (!entity.filters.some((f) => f.field === 'languageId')) {
      throw new UsageError(`${entity.labelPlural} have no language filter: drop --language`);
    }
    // An unknown language is a mistake to report, not an empty export.
    await conn.api.resource('language').get(options.language);
    filters.languageId = options.language;
  }
  const target = options.out ? createWriteStream(options.out, { flags: 'w' }) : conn.ctx.stdout;
  if (options.out) {
    await Promise.race([
      once(target, 'open'),
      once(target, 'error').then(([error]) => {
        throw new CliError(`Cannot write ${options.out}: ${(error as Error).message}`);
      }),
    ]);
  }
  const write = async (text: string) => {
    if (text && !target.write(text)) await once(target, 'drain');
  };
  const render = (records: Array<Record<string, unknown>>, first: boolean): string => {
    switch (format) {
      case 'csv':
        return csvRows(fields, records);
      case 'jsonl':
        return jsonLines(fields, records);
      case 'txt':
        return records.map((r) => `${String(r.letters)}\n`).join('');
      default:
        return jsonArrayItems(fields, records, first);
    }
  };

  let count = 0;
  let batch: Array<Record<string, unknown>> = [];
  const flush = async () => {
    await write(render(batch, count === batch.length));
    batch = [];
  };
  if (format === 'csv') await write(csvRows(fields, [], true));
  if (format === 'json') await write('[');
  for await (const record of conn.api.resource(entity.name).exportAll({ filters })) {
    batch.push(record);
    count += 1;
    if (batch.length === BATCH) await flush();
  }
  await flush();
  if (format === 'json') await write(count === 0 ? ']\n' : '\n]\n');
  if (options.out) {
    (target as NodeJS.WritableStream & { end(): void }).end();
    await finished(target as NodeJS.WritableStream);
  }
  conn.out.note(
    `${count} ${entity.labelPlural.toLowerCase()} exported${options.out ? ` to ${options.out}` : ''}.`,
  );
}
