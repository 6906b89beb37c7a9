import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { Connection } from '../connection.ts';
import { CliError } from '../context.ts';
import { csvLine } from '../files/csv.ts';
import { formatOf } from '../files/word-file.ts';
import { assertLanguage } from './words-import.ts';

export interface WordsExportOptions {
  language: number;
  format?: string;
  out?: string;
}

/**
 * `words export --language ID`: every word of the language, streamed by the API's export and written as it arrives
 * (a dictionary need not fit in memory twice): `txt` one word per line (what `words import` reads
 * back), `csv` id,letters,isActive,languageId with a header, `json` an array of records.
 */
export async function wordsExportAction(options: WordsExportOptions, conn: Connection): Promise<void> {
  await conn.requireLogin();
  // --json without --format: the JSON array.
  const given = options.format ?? (conn.out.json ? 'json' : undefined);
  const format = formatOf(options.out ?? '', given, ['txt', 'csv', 'json']);
  await assertLanguage(conn, options.language);
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
    if (!target.write(text)) await once(target, 'drain');
  };

  let count = 0;
  if (format === 'csv') await write(csvLine(['id', 'letters', 'isActive', 'languageId']));
  if (format === 'json') await write('[');
  const words = conn.api.words.exportAll({ filters: { languageId: options.language } });
  for await (const record of words) {
    const w = record as { id: number; letters: string; isActive: boolean; languageId: number };
    if (format === 'txt') await write(`${w.letters}\n`);
    else if (format === 'csv') await write(csvLine([w.id, w.letters, w.isActive, w.languageId]));
    else await write(`${count === 0 ? '\n  ' : ',\n  '}${JSON.stringify(w)}`);
    count++;
  }
  if (format === 'json') await write(count === 0 ? ']\n' : '\n]\n');
  if (options.out) {
    (target as NodeJS.WritableStream & { end(): void }).end();
    await finished(target as NodeJS.WritableStream);
  }
  conn.out.note(`${count} words exported${options.out ? ` to ${options.out}` : ''}.`);
}
