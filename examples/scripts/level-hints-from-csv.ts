/**
 * Sets level hints from a spreadsheet saved as CSV: a `hint` column and either an `id` column or the
 * level's natural key (`languageId`, `stageId`, `number`). Only hints that differ are written.
 *
 *   argus-words run examples/scripts/level-hints-from-csv.ts -- hints.csv
 *   argus-words run examples/scripts/level-hints-from-csv.ts --no-dry-run -- hints.csv
 *
 * A row naming no level, or with an empty hint, is reported with its line number and skipped.
 */
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import { defineScript } from 'argus-words/script';

type Row = Record<string, string>;

export default defineScript(async ({ api, args, log }) => {
  const file = args[0];
  if (!file) throw new Error('Give the CSV file: argus-words run level-hints-from-csv.ts -- hints.csv');

  const levels = new Map<number, { id: number; hint: string | null }>();
  const byKey = new Map<string, number>();
  for await (const level of api.levels.exportAll()) {
    levels.set(level.id, level);
    byKey.set(`${level.languageId}/${level.stageId}/${level.number}`, level.id);
  }

  let changed = 0;
  let skipped = 0;
  // bom: a spreadsheet's UTF-8 export often starts with one; delimiter: comma or semicolon.
  const records = createReadStream(file).pipe(
    parse({ columns: true, bom: true, trim: true, delimiter: [',', ';'], info: true }),
  );
  for await (const { record: row, info } of records as AsyncIterable<{
    record: Row;
    info: { lines: number };
  }>) {
    const line = info.lines;
    const id = row.id ? Number(row.id) : byKey.get(`${row.languageId}/${row.stageId}/${row.number}`);
    const level = id === undefined ? undefined : levels.get(id);
    if (!level || !row.hint) {
      log(`line ${line}: ${level ? 'no hint' : 'no such level'}, skipped`);
      skipped += 1;
      continue;
    }
    if (level.hint === row.hint) continue;
    await api.levels.update(level.id, { hint: row.hint });
    changed += 1;
  }
  log(`${changed} hints to change, ${skipped} rows skipped.`);
});
