import type { ChangeSetTag } from '#shared/api-client/index.ts';
import type { CliContext } from './context.ts';

/**
 * Where a command's output goes. Results (the data) go to stdout: JSON with `--json`, otherwise text
 * and tables. Messages (summaries, plans, confirmations, warnings) always go to stderr, so stdout
 * holds the data and nothing else, with or without `--json` (`… --format ids | … --ids -`).
 */
export class Output {
  constructor(
    private readonly ctx: CliContext,
    readonly json: boolean,
    private readonly changeSet?: ChangeSetTag,
  ) {}

  /** A line for the person running the command. */
  message(line: string): void {
    this.ctx.stderr.write(`${line}\n`);
  }

  /** A line that is never part of the result (progress, warnings, rejected rows). */
  note(line: string): void {
    this.ctx.stderr.write(`${line}\n`);
  }

  /** The result: JSON with `--json`, else the text given (or the JSON, pretty, when there is none). */
  result(value: unknown, text?: () => string): void {
    if (this.json || text === undefined) {
      this.ctx.stdout.write(`${JSON.stringify(this.withChangeSet(value), null, 2)}\n`);
      return;
    }
    this.ctx.stdout.write(text());
  }

  /** A summary (an object that is not a record) of a run that wrote names its change set. */
  private withChangeSet(value: unknown): unknown {
    const set = this.changeSet;
    if (!set || set.recorded === 0 || !value || typeof value !== 'object' || Array.isArray(value))
      return value;
    if ('id' in value || 'changeSet' in value) return value;
    return { ...value, changeSet: set.id };
  }
}

const MAX_CELL = 48;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  const line = text.replace(/\s+/g, ' ');
  return line.length > MAX_CELL ? `${line.slice(0, MAX_CELL - 1)}…` : line;
}

/** Display width: code points, not UTF-16 units (good enough for letters of the alphabets used). */
const width = (text: string) => [...text].length;
const pad = (text: string, size: number, right: boolean) =>
  right ? ' '.repeat(size - width(text)) + text : text + ' '.repeat(size - width(text));

/** A plain text table: a header, a rule, one line per row; numbers right-aligned. */
export function formatTable(
  columns: ReadonlyArray<{ field: string; label: string }>,
  rows: ReadonlyArray<Record<string, unknown>>,
): string {
  const cells = rows.map((row) => columns.map((column) => cellText(row[column.field])));
  const widths = columns.map((column, i) => Math.max(width(column.label), ...cells.map((r) => width(r[i]!))));
  const numeric = columns.map(
    (column) => rows.length > 0 && rows.every((row) => typeof row[column.field] === 'number'),
  );
  const line = (values: string[]) =>
    values
      .map((value, i) => pad(value, widths[i]!, numeric[i]!))
      .join('  ')
      .trimEnd();
  return [
    line(columns.map((c) => c.label)),
    line(widths.map((w) => '-'.repeat(w))),
    ...cells.map(line),
    '',
  ].join('\n');
}

/** One record as `label: value` lines (for `get`). */
export function formatRecord(
  fields: ReadonlyArray<{ field: string; label: string }>,
  record: Record<string, unknown>,
): string {
  const size = Math.max(...fields.map((f) => width(f.label)));
  return fields
    .map(({ field, label }) => {
      const value = record[field];
      const text = value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value ?? '');
      return `${pad(label, size, false)}  ${text}`;
    })
    .join('\n')
    .concat('\n');
}
