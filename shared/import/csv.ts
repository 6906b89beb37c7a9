import { CsvError, parse, type Options } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { ImportError } from './errors.ts';

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

// No `info` (a copied object per record made parsing several times slower) and empty lines kept:
// each record's line is counted here, from the records and the line breaks inside their cells.
function optionsFor(firstLine: string): Options {
  return {
    delimiter: separatorOf(firstLine),
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    record_delimiter: ['\r\n', '\n', '\r'],
  };
}

/** Numbers records by the line they start on, and drops empty lines. */
class LineCounter {
  private next = 1;

  take(cells: string[]): CsvRecord | null {
    const line = this.next;
    this.next += 1;
    for (const cell of cells) {
      if (cell.includes('\n') || cell.includes('\r')) this.next += cell.match(/\r\n|\r|\n/g)!.length;
    }
    return cells.length > 1 || cells[0]!.trim() !== '' ? { line, cells } : null;
  }
}

const firstLineOf = (text: string) => text.replace(/^\uFEFF/, '').split(/\r?\n|\r/, 1)[0] ?? '';

/** A csv-parse error as one line naming the line of the file. */
export function csvProblem(error: unknown): ImportError | unknown {
  if (!(error instanceof CsvError)) return error;
  const line = (error as CsvError & { lines?: number }).lines;
  const what =
    error.code === 'CSV_QUOTE_NOT_CLOSED'
      ? 'a quoted field is never closed'
      : error.message.replace(/\.$/, '');
  return new ImportError(`line ${line ?? '?'}: ${what}`);
}

/** The whole text at once (the dictionary and level files of `words import` / `levels import`). */
export function parseCsv(text: string): CsvRecord[] {
  try {
    const counter = new LineCounter();
    return (parseSync(text, optionsFor(firstLineOf(text))) as string[][]).flatMap(
      (cells) => counter.take(cells) ?? [],
    );
  } catch (error) {
    throw csvProblem(error);
  }
}

/**
 * Records as the text arrives, a batch at a time (a file never sits whole in memory; one await per
 * batch, not per record). The separator is chosen from the first line, read before parsing starts.
 */
export async function* csvRecords(chunks: AsyncIterable<string>): AsyncGenerator<CsvRecord[]> {
  const iterator = chunks[Symbol.asyncIterator]();
  let head = '';
  let done = false;
  while (!/[\r\n]/.test(head) && !done) {
    const next = await iterator.next();
    if (next.done) done = true;
    else head += next.value;
  }
  const parser = parse(optionsFor(firstLineOf(head)));
  const counter = new LineCounter();
  let failure: unknown;
  parser.on('error', (error) => (failure ??= error));
  // Pulled, not pushed: the next text is given to the parser only once the records so far are taken.
  const take = (): CsvRecord[] => {
    const batch: CsvRecord[] = [];
    let cells: string[] | null;
    while ((cells = parser.read() as string[] | null) !== null) {
      const record = counter.take(cells);
      if (record) batch.push(record);
    }
    if (failure !== undefined) throw csvProblem(failure);
    return batch;
  };
  const ended = new Promise<void>((resolve) => parser.once('end', resolve));
  if (head) parser.write(head);
  while (!done) {
    const batch = take();
    if (batch.length > 0) yield batch;
    const next = await iterator.next();
    if (next.done) break;
    parser.write(next.value);
  }
  parser.end();
  const closing = new Promise<void>((resolve) => parser.once('error', () => resolve()));
  parser.on('readable', () => undefined);
  while (true) {
    const batch = take();
    if (batch.length > 0) yield batch;
    const finished = await Promise.race([
      ended.then(() => true),
      closing.then(() => true),
      new Promise<false>((resolve) => parser.once('readable', () => resolve(false))),
    ]);
    if (finished) break;
  }
  const last = take();
  if (last.length > 0) yield last;
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
