/**
 * RFC 4180 CSV, as spreadsheets save it: comma (or semicolon, when the first line has more of them)
 * separated, fields optionally in double quotes with `""` for a quote, line breaks inside quotes.
 * Each record keeps the line it starts on, so import errors can point at it.
 */

export interface CsvRecord {
  /** 1-based line of the file where the record starts. */
  line: number;
  cells: string[];
}

export function parseCsv(text: string): CsvRecord[] {
  const source = text.replace(/^\uFEFF/, '');
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const separator = count(firstLine, ';') > count(firstLine, ',') ? ';' : ',';
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let pending = false;

  const endCell = () => {
    cells.push(cell);
    cell = '';
  };
  const endRecord = () => {
    endCell();
    if (cells.length > 1 || cells[0]!.trim() !== '') records.push({ line: start, cells });
    cells = [];
    pending = false;
  };

  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
      continue;
    }
    if (!pending) {
      start = line;
      pending = true;
    }
    if (c === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (c === separator) endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      endRecord();
      line++;
    } else cell += c;
  }
  if (pending || cell !== '' || cells.length > 0) endRecord();
  if (quoted) throw new Error(`line ${start}: a quoted field is never closed`);
  return records;
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
