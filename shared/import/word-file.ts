import { normalizeWord } from '#shared/words.ts';
import { ImportError } from './errors.ts';
import { parseCsv } from './csv.ts';

export type FileFormat = 'txt' | 'csv' | 'json';

export interface WordFile {
  /** Valid words, each once, in file order, with the isActive of their row when the file has one. */
  words: Array<{ line: number; text: string; word: string; isActive?: boolean }>;
  rejected: Array<{ line: number; text: string; reason: string }>;
  /** Valid rows repeating a word met earlier in the file (skipped). */
  duplicates: number;
  /** Those rows, in file order, each with the line that holds the word first: said, never silently dropped. */
  repeats: WordRepeat[];
}

/** A line skipped because an earlier line holds the same word (once normalised). */
export interface WordRepeat {
  line: number;
  text: string;
  firstLine: number;
}

/** How a skipped repeat is reported to a person: `duplicate of line 3`. */
export const repeatReason = (repeat: WordRepeat): string => `duplicate of line ${repeat.firstLine}`;

/** The format named by `--format`, else by the file's extension, else one word per line. */
export function formatOf(
  file: string,
  given: string | undefined,
  allowed: readonly FileFormat[],
): FileFormat {
  const format = (given ?? /\.(txt|csv|json)$/i.exec(file)?.[1] ?? allowed[0]!).toLowerCase();
  if (!(allowed as readonly string[]).includes(format)) {
    throw new ImportError(`Unknown format "${format}": use ${allowed.join(', ')}`);
  }
  return format as FileFormat;
}

/**
 * The words of a dictionary file: `txt` one word per line (blank lines and `#` comments skipped);
 * `csv` the column headed `letters` or `word` (else the first column, with no header); `json` an
 * array of strings or of objects with `letters` (or `word`), where "line" is the item's position.
 * Every word goes through `normalizeWord`, so the stored form is the one the API would store.
 */
export function readWordFile(text: string, format: FileFormat): WordFile {
  const reader = wordReader();
  for (const row of rawLines(text, format)) reader.add(row);
  return reader.result;
}

/**
 * The same, a slice of lines at a time with a turn of the event loop between slices: a server
 * reading a 350,000-word list keeps answering other requests meanwhile.
 */
export async function readWordFileSliced(
  text: string,
  format: FileFormat,
  slice = 10_000,
): Promise<WordFile> {
  const reader = wordReader();
  const rows = rawLines(text, format);
  for (let at = 0; at < rows.length; at += slice) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    for (let i = at; i < Math.min(at + slice, rows.length); i++) reader.add(rows[i]!);
  }
  return reader.result;
}

function wordReader() {
  const result: WordFile = { words: [], rejected: [], duplicates: 0, repeats: [] };
  // Word → the line that holds it first.
  const seen = new Map<string, number>();
  // Plain property reads, no rest/spread of the line: this runs once per line of a 350,000-line list.
  const add = ({ line, text, active }: RawLine) => {
    const normalized = normalizeWord(text);
    if (normalized === null) return;
    const isActive = activeOf(active);
    if (!normalized.ok) result.rejected.push({ line, text, reason: normalized.reason });
    else if (isActive === 'invalid')
      result.rejected.push({
        line,
        text,
        reason: `isActive must be true or false, not ${JSON.stringify(active)}`,
      });
    else if (seen.has(normalized.word)) {
      result.duplicates++;
      result.repeats.push({ line, text, firstLine: seen.get(normalized.word)! });
    } else {
      seen.set(normalized.word, line);
      const word = normalized.word;
      result.words.push(isActive === undefined ? { line, text, word } : { line, text, word, isActive });
    }
  };
  return { result, add };
}

/** An isActive cell or JSON value: undefined when absent or empty. */
function activeOf(value: unknown): boolean | undefined | 'invalid' {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'boolean') return value;
  const known = { true: true, yes: true, '1': true, false: false, no: false, '0': false } as Record<
    string,
    boolean
  >;
  return known[String(value).trim().toLowerCase()] ?? 'invalid';
}

type RawLine = { line: number; text: string; active?: unknown };

function rawLines(text: string, format: FileFormat): RawLine[] {
  switch (format) {
    case 'txt':
      return text
        .replace(/^\uFEFF/, '')
        .split(/\r?\n/)
        .map((line, index) => ({ line: index + 1, text: line }));
    case 'csv': {
      const records = parseCsv(text);
      const header = records[0]?.cells.map((cell) => cell.trim().toLowerCase()) ?? [];
      const named = header.findIndex((cell) => cell === 'letters' || cell === 'word');
      const column = Math.max(0, named);
      const active = named >= 0 ? header.indexOf('isactive') : -1;
      return records.slice(named >= 0 ? 1 : 0).map((record) => ({
        line: record.line,
        text: record.cells[column] ?? '',
        ...(active >= 0 ? { active: record.cells[active] } : {}),
      }));
    }
    case 'json': {
      const items = parseJsonArray(text);
      return items.map((item, index) => ({
        line: index + 1,
        text: wordOfItem(item),
        ...(typeof item === 'object' && item !== null
          ? { active: (item as { isActive?: unknown }).isActive }
          : {}),
      }));
    }
  }
}

function wordOfItem(item: unknown): string {
  if (typeof item === 'string') return item;
  if (typeof item === 'object' && item !== null) {
    const value = (item as Record<string, unknown>).letters ?? (item as Record<string, unknown>).word;
    if (typeof value === 'string') return value;
  }
  // Not a word at all: normalizeWord rejects it with a reason naming what it is.
  return JSON.stringify(item) ?? String(item);
}

export function parseJsonArray(text: string): unknown[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ImportError(`The file is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(data)) throw new ImportError('The JSON file must hold an array');
  return data;
}
