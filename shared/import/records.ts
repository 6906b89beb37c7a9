import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { ImportError } from './errors.ts';
import { csvRecords, type CsvRecord } from './csv.ts';

/**
 * The rows of a table file, streamed: CSV (a header line naming the columns), a JSON array of
 * objects, or JSON Lines (one object a line) — by the extension, else by the first character. The
 * bytes must be UTF-8; a file is never read whole into memory.
 */

export type RecordFormat = 'csv' | 'json' | 'jsonl';
export const RECORD_FORMATS: readonly RecordFormat[] = ['csv', 'json', 'jsonl'];

/** Biggest file an import takes: far more than any word list or table export we know of. */
export const MAX_FILE_BYTES = 512 * 1024 * 1024;

export interface FileRecord {
  /** Line of the file where the row starts (for JSON, where its object starts). */
  line: number;
  /** Column → value: text for CSV, JSON values for JSON; or an error for a row that is not an object. */
  values: Record<string, unknown> | null;
}

export interface RecordFile {
  format: RecordFormat;
  /** CSV: the header's columns. JSON: null (each object names its own). */
  columns: string[] | null;
  /** The rows, a batch at a time (one await per batch: cheap for a 500,000-row file). */
  records: AsyncGenerator<FileRecord[]>;
}

/** The format named by `--format`, else by the extension, else by the first character. */
async function formatOf(file: string, given: string | undefined): Promise<RecordFormat> {
  const named = (given ?? /\.(csv|jsonl|ndjson|json)$/i.exec(file)?.[1])?.toLowerCase();
  if (named === 'ndjson') return 'jsonl';
  if (named !== undefined) {
    if (!(RECORD_FORMATS as readonly string[]).includes(named))
      throw new ImportError(`Unknown format "${named}": use ${RECORD_FORMATS.join(', ')}`);
    return named as RecordFormat;
  }
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(256), 0, 256, 0);
    const first = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart()[0];
    return first === '[' ? 'json' : first === '{' ? 'jsonl' : 'csv';
  } finally {
    await handle.close();
  }
}

/** The file's text, chunk by chunk; bytes that are not UTF-8 stop it with the line they are on. */
async function* utf8Text(file: string, label = file): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    let text: string;
    try {
      text = decoder.decode(chunk as Buffer, { stream: true });
    } catch {
      const bad = firstInvalidByte(chunk as Buffer);
      const at = line + (chunk as Buffer).subarray(0, bad).filter((byte) => byte === 10).length;
      throw new ImportError(`${label} is not UTF-8 text (line ${at}): save it as UTF-8 and try again`);
    }
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) line++;
    yield text;
  }
  try {
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch {
    throw new ImportError(`${label} is not UTF-8 text (it ends inside a character): save it as UTF-8`);
  }
}

/** A whole text (a word list) as UTF-8, or the same one-line refusal as a streamed file. */
export function decodeUtf8(bytes: Buffer, label: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const bad = firstInvalidByte(bytes);
    const at = 1 + bytes.subarray(0, bad).filter((byte) => byte === 10).length;
    throw new ImportError(`${label} is not UTF-8 text (line ${at}): save it as UTF-8 and try again`);
  }
}

/** Where decoding fails: the longest prefix that decodes (as a stream, so a cut character is fine). */
function firstInvalidByte(chunk: Buffer): number {
  let good = 0;
  let bad = chunk.length;
  while (bad - good > 1) {
    const mid = (good + bad) >> 1;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(chunk.subarray(0, mid), { stream: true });
      good = mid;
    } catch {
      bad = mid;
    }
  }
  return good;
}

/** `label` names the file in messages (the panel's upload is a temp file the admin never saw). */
export async function openRecordFile(file: string, given?: string, label = file): Promise<RecordFile> {
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
    throw new ImportError(
      `Cannot read ${label}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`,
    );
  });
  if (!info.isFile()) throw new ImportError(`Cannot read ${label}: not a file`);
  if (info.size > MAX_FILE_BYTES) {
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(n % (1024 * 1024) === 0 ? 0 : 1)} MB`;
    throw new ImportError(`${label} is too big (${mb(info.size)}; at most ${mb(MAX_FILE_BYTES)}): split it`);
  }
  const format = await formatOf(file, given);
  if (format !== 'csv') {
    const items =
      format === 'json'
        ? jsonArrayItems(utf8Text(file, label), label)
        : jsonLines(utf8Text(file, label), label);
    return { format, columns: null, records: objects(items, label) };
  }
  const rows = csvRecords(utf8Text(file, label));
  const first = await rows.next();
  const header = first.done ? undefined : first.value.shift();
  if (!header)
    throw new ImportError(`${label} is empty: a CSV file starts with a header line naming the columns`);
  const columns = header.cells.map((cell) => cell.trim());
  const valuesOf = ({ line, cells }: CsvRecord): FileRecord => {
    if (cells.length > columns.length) return { line, values: null };
    const values: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) values[columns[i]!] = cells[i] ?? '';
    return { line, values };
  };
  async function* records(): AsyncGenerator<FileRecord[]> {
    if (!first.done && first.value.length > 0) yield first.value.map(valuesOf);
    for await (const batch of rows) yield batch.map(valuesOf);
  }
  return { format, columns, records: records() };
}

async function* objects(
  items: AsyncGenerator<{ line: number; text: string }>,
  file: string,
): AsyncGenerator<FileRecord[]> {
  let batch: FileRecord[] = [];
  for await (const { line, text } of items) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new ImportError(`${file} line ${line}: not valid JSON (${(error as Error).message})`);
    }
    const object = typeof value === 'object' && value !== null && !Array.isArray(value);
    batch.push({ line, values: object ? (value as Record<string, unknown>) : null });
    if (batch.length >= 1000) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** JSON Lines: each non-blank line one item. */
async function* jsonLines(chunks: AsyncIterable<string>, file: string) {
  let rest = '';
  let line = 0;
  for await (const chunk of chunks) {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    for (const part of parts) {
      line++;
      if (part.trim()) yield { line, text: part };
    }
  }
  line++;
  if (rest.trim()) yield { line, text: rest };
  void file;
}

/**
 * The items of a top-level JSON array, each as its own text, found by tracking strings and nesting
 * as the text streams by (so the array never has to be parsed whole).
 */
async function* jsonArrayItems(chunks: AsyncIterable<string>, file: string) {
  let state: 'before' | 'items' | 'after' = 'before';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let item = '';
  let itemLine = 0;
  let line = 1;
  const shape = () => new ImportError(`${file} line ${line}: a JSON file must hold one array of objects`);
  for await (const chunk of chunks) {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (c === '\n') line++;
      if (state === 'before') {
        if (c === '[') state = 'items';
        else if (!/\s|\uFEFF/.test(c)) throw shape();
        continue;
      }
      if (state === 'after') {
        if (!/\s/.test(c)) throw shape();
        continue;
      }
      if (inString) {
        item += c;
        if (escaped) escaped = false;
        else if (c === '\\') escaped = true;
        else if (c === '"') inString = false;
        continue;
      }
      if (depth === 0 && (c === ',' || c === ']')) {
        if (item.trim()) yield { line: itemLine, text: item };
        else if (c === ',' || item !== '') throw shape();
        item = '';
        if (c === ']') state = 'after';
        continue;
      }
      if (item.trim() === '' && !/\s/.test(c)) itemLine = line;
      if (c === '"') inString = true;
      else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') depth--;
      item += c;
    }
  }
  if (state !== 'after') throw shape();
}
