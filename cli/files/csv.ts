import { Readable } from 'node:stream';
import { CsvError, parse, type Options } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { CliError } from '../context.ts';

/**
 * CSV as spreadsheets save it, read by csv-parse: comma separated, or semicolon when the first line
 * has more of them (a spreadsheet in a comma-decimal locale), fields optionally in double quotes
 * with `""` for a quote, line breaks inside quotes, CRLF, LF or CR line ends, a BOM skipped. Each
 * record keeps the line it starts on, so import errors can point at it.
 */

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  cells: string[];
}

/** `;` when the first line has more semicolons than commas, else `,`. */
export function separatorOf(firstLine: string): ',' | ';' {
  return count(firstLine, ';') > count(firstLine, ',') ? ';' : ',';
}

function optionsFor(firstLine: string): Options {
  return {
    delimiter: separatorOf(firstLine),
    bom: true,
    info: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    record_delimiter: ['\r\n', '\n', '\r'],
  };
}

const firstLineOf = (text: string) => text.replace(/^\uFEFF/, '').split(/\r?\n|\r/, 1)[0] ?? '';

/** csv-parse reports the line a record ends on; a record spanning lines started that many earlier. */
function recordOf(item: { record: string[]; info: { lines: number } }): CsvRecord {
  const breaks = item.record.reduce((n, cell) => n + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  return { line: item.info.lines - breaks, cells: item.record };
}

/** A csv-parse error as one line naming the line of the file. */
export function csvProblem(error: unknown): CliError | unknown {
  if (!(error instanceof CsvError)) return error;
  const line = (error as CsvError & { lines?: number }).lines;
  const what =
    error.code === 'CSV_QUOTE_NOT_CLOSED'
      ? 'a quoted field is never closed'
      : error.message.replace(/\.$/, '');
  return new CliError(`line ${line ?? '?'}: ${what}`);
}

/** The whole text at once (the dictionary and level files of `words import` / `levels import`). */
export function parseCsv(text: string): CsvRecord[] {
  try {
    const items = parseSync(text, optionsFor(firstLineOf(text))) as unknown as Array<{
      record: string[];
      info: { lines: number };
    }>;
    return items.map(recordOf).filter((r) => r.cells.length > 1 || r.cells[0]!.trim() !== '');
  } catch (error) {
    throw csvProblem(error);
  }
}

/**
 * Records as the text arrives (a file never sits whole in memory). The separator is chosen from the
 * first line, read before the parser starts.
 */
export async function* csvRecords(chunks: AsyncIterable<string>): AsyncGenerator<CsvRecord> {
  const iterator = chunks[Symbol.asyncIterator]();
  let head = '';
  let done = false;
  while (!/[\r\n]/.test(head) && !done) {
    const next = await iterator.next();
    if (next.done) done = true;
    else head += next.value;
  }
  async function* all(): AsyncGenerator<string> {
    if (head) yield head;
    while (!done) {
      const next = await iterator.next();
      if (next.done) break;
      yield next.value;
    }
  }
  const parser = Readable.from(all()).pipe(parse(optionsFor(firstLineOf(head))));
  try {
    for await (const item of parser) {
      const record = recordOf(item as { record: string[]; info: { lines: number } });
      if (record.cells.length > 1 || record.cells[0]!.trim() !== '') yield record;
    }
  } catch (error) {
    throw csvProblem(error);
  }
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

/** One cell for a CSV line: quoted when it holds a separator, a quote or a line break. */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\n`;
}
