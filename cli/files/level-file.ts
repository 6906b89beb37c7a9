import { composeCheckCondition, type RequiredLetter } from '#shared/check-condition.ts';
import { open } from 'node:fs/promises';
import { CliError } from '../context.ts';
import { typedValue } from '../entities/field-values.ts';
import { parseCsv, separatorOf } from '#shared/import/csv.ts';
import { parseJsonArray, type FileFormat } from '#shared/import/word-file.ts';

/**
 * Rows of `levels import`: a CSV with a header, or a JSON array of objects, with the level form's
 * fields and its check-condition helper inputs, composed by the same shared function as the panel
 * (`composeCheckCondition`), plus optional letter groups to link.
 */

export interface LevelLine {
  line: number;
  /** The level body to upsert on (language, stage, number). */
  level: Record<string, unknown>;
  letterGroups: number[];
}

export interface LevelFile {
  levels: LevelLine[];
  rejected: Array<{ line: number; reason: string }>;
}

type Kind = 'int' | 'bool' | 'text' | 'ids' | 'letter';
/** Column (case-insensitive) → how its cells are read. */
const COLUMNS: Record<string, Kind> = {
  stage: 'int',
  language: 'int',
  number: 'int',
  hint: 'text',
  assignment: 'text',
  time: 'int',
  isactive: 'bool',
  ischill: 'bool',
  numberofwords: 'int',
  requiredletter: 'letter',
  endisstart: 'bool',
  numberofletters: 'int',
  lettersatleast: 'bool',
  lettergroups: 'ids',
};
const ALIASES: Record<string, string> = {
  stageid: 'stage',
  idstage: 'stage',
  languageid: 'language',
  idlanguage: 'language',
  lettergroup: 'lettergroups',
};
const REQUIRED = ['stage', 'language', 'number'];
const KNOWN =
  'stage, language, number, hint, assignment, time, isActive, isChill, numberOfWords, requiredLetter (first/last), endIsStart, numberOfLetters, lettersAtLeast, letterGroups';

function column(name: string): string | null {
  const key = name.trim().toLowerCase();
  const canonical = ALIASES[key] ?? key;
  return canonical in COLUMNS ? canonical : null;
}

function cellValue(name: string, kind: Kind, raw: unknown): unknown {
  const text = typeof raw === 'string' ? raw.trim() : raw;
  if (text === '' || text === null || text === undefined) return undefined;
  switch (kind) {
    case 'int':
      return typedValue(name, { kind: 'int', label: name }, String(text));
    case 'bool':
      return typeof text === 'boolean' ? text : typedValue(name, { kind: 'bool', label: name }, String(text));
    case 'letter': {
      const letter = String(text).toLowerCase();
      if (letter !== 'first' && letter !== 'last')
        throw new CliError(`requiredLetter must be first or last, not "${String(text)}"`);
      return letter;
    }
    case 'ids': {
      const parts = Array.isArray(text)
        ? text.map(String)
        : String(text)
            .split(/[\s,;|]+/)
            .filter(Boolean);
      return parts.map((part) => typedValue('letterGroups', { kind: 'fk', label: name }, part) as number);
    }
    default:
      return String(raw);
  }
}

/** One row (column name → raw cell) → the level body and its links. Throws CliError for a bad row. */
function levelOf(cells: Record<string, unknown>): Omit<LevelLine, 'line'> {
  const values: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(cells)) {
    const key = column(name);
    if (key === null) throw new CliError(`unknown column "${name}"; the columns are ${KNOWN}`);
    values[key] = cellValue(name, COLUMNS[key]!, raw);
  }
  for (const name of REQUIRED) {
    if (values[name] === undefined) throw new CliError(`${name} is required`);
  }
  const requiredLetter = (values.requiredletter ?? '') as RequiredLetter;
  const level: Record<string, unknown> = {
    languageId: values.language,
    stageId: values.stage,
    number: values.number,
    requiredLetterFlag: requiredLetter !== '',
    requiredLetter,
    checkCondition: composeCheckCondition({
      numberOfWords: (values.numberofwords as number | undefined) ?? 0,
      requiredLetterFlag: requiredLetter !== '',
      requiredLetter,
      endIsStart: (values.endisstart as boolean | undefined) ?? false,
      numberOfLetters: (values.numberofletters as number | undefined) ?? 0,
      lettersAtLeast: (values.lettersatleast as boolean | undefined) ?? false,
    }),
  };
  if ('hint' in values) level.hint = values.hint ?? null;
  if ('assignment' in values) level.assignment = values.assignment ?? '';
  for (const [key, field] of [
    ['time', 'time'],
    ['isactive', 'isActive'],
    ['ischill', 'isChill'],
  ] as const) {
    if (values[key] !== undefined) level[field] = values[key];
  }
  return { level, letterGroups: (values.lettergroups as number[] | undefined) ?? [] };
}

export function readLevelFile(text: string, format: FileFormat): LevelFile {
  const result: LevelFile = { levels: [], rejected: [] };
  const rows: Array<{ line: number; cells: Record<string, unknown> | null }> = [];
  if (format === 'csv') {
    const [header, ...records] = parseCsv(text);
    if (!header) return result;
    const names = header.cells.map((cell) => cell.trim());
    const unknown = names.filter((name) => column(name) === null);
    if (unknown.length > 0)
      throw new CliError(
        `Unknown column ${unknown.map((n) => `"${n}"`).join(', ')}; the columns are ${KNOWN}`,
      );
    for (const record of records) {
      rows.push({
        line: record.line,
        cells: Object.fromEntries(names.map((name, i) => [name, record.cells[i] ?? ''])),
      });
    }
  } else {
    parseJsonArray(text).forEach((item, index) => {
      const object = typeof item === 'object' && item !== null && !Array.isArray(item);
      rows.push({ line: index + 1, cells: object ? (item as Record<string, unknown>) : null });
    });
  }
  for (const { line, cells } of rows) {
    try {
      if (cells === null) throw new CliError('must be an object of level fields');
      result.levels.push({ line, ...levelOf(cells) });
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      result.rejected.push({ line, reason: error.message });
    }
  }
  return result;
}

/** Columns of a level file that are not fields of a level: their presence says "a level file". */
const LEVEL_FILE_ONLY = new Set([
  'stage',
  'language',
  'numberofwords',
  'endisstart',
  'numberofletters',
  'lettersatleast',
  'lettergroups',
  'lettergroup',
]);

/**
 * Whether the file is a level file (`levels import` as docs/cli.md describes it) rather than a
 * levels table as `level export` writes it: its first line (CSV) or first object (JSON) names a
 * column only level files have. An unreadable file is left to the import to report.
 */
export async function isLevelFile(file: string): Promise<boolean> {
  let head: string;
  try {
    const handle = await open(file, 'r');
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(65_536), 0, 65_536, 0);
      head = buffer
        .subarray(0, bytesRead)
        .toString('utf8')
        .replace(/^\uFEFF/, '');
    } finally {
      await handle.close();
    }
  } catch {
    return false;
  }
  const names = /^\s*[[{]/.test(head)
    ? [...(/\{[^}]*/.exec(head)?.[0] ?? '').matchAll(/"([^"\\]+)"\s*:/g)].map((m) => m[1]!)
    : (() => {
        const first = head.split(/\r?\n|\r/, 1)[0] ?? '';
        return first.split(separatorOf(first)).map((cell) => cell.trim().replace(/^"|"$/g, ''));
      })();
  return names.some((name) => LEVEL_FILE_ONLY.has(name.trim().toLowerCase()));
}
