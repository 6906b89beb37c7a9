import { readFile } from 'node:fs/promises';
import { ApiError } from '#shared/api-client/index.ts';
import { word } from '#shared/entities/index.ts';
import { MAX_BULK_ROWS } from '#shared/entities/bulk.ts';
import { upsertRows, type Counts } from '../bulk/upsert.ts';
import type { Connection } from '../connection.ts';
import { CliError } from '../context.ts';
import { formatOf, readWordFile, repeatReason } from '#shared/import/word-file.ts';
import { createProgress } from '../progress.ts';
import { importVerdicts } from '#shared/import/verdicts.ts';
import { verdictSummary, type Verdict, type VerdictCounts } from '#shared/dictionary.ts';

export interface WordsImportOptions {
  language?: number;
  format?: string;
  dryRun?: boolean;
  batchSize?: number;
}

export interface RejectedRow {
  line: number;
  text: string;
  reason: string;
}

/** Reads a text file for an import, with a one-line error when it cannot be read. */
export async function readInput(file: string): Promise<string> {
  return readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new CliError(`Cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
  });
}

/** Fails with one line when the language does not exist (rather than rejecting every row). */
export async function assertLanguage(conn: Connection, id: number): Promise<{ language: string }> {
  try {
    return (await conn.api.languages.get(id)) as { language: string };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new CliError(`Language ${id} not found.`);
    throw error;
  }
}

/**
 * `words import FILE --language ID`: normalised words upserted on (letters, language), so a second
 * run creates nothing and an interrupted run completes on the next. Rows the file or the API
 * rejects are reported with their line; `--dry-run` answers the same counts and writes nothing.
 */
export async function wordsImportAction(
  file: string,
  options: WordsImportOptions,
  conn: Connection,
): Promise<void> {
  await conn.requireLogin();
  const { out, ctx } = conn;
  const parsed = readWordFile(await readInput(file), formatOf(file, options.format, ['txt', 'csv', 'json']));
  if (options.language === undefined)
    throw new CliError('A dictionary needs --language ID (or give a table file as words export writes it).');
  await assertLanguage(conn, options.language);

  const rows = parsed.words.map((w) => ({
    letters: w.word,
    languageId: options.language,
    ...(w.isActive === undefined ? {} : { isActive: w.isActive }),
  }));
  const progress = createProgress(
    ctx,
    options.dryRun ? 'Checking words' : 'Importing words',
    rows.length,
    'words',
  );
  const outcome = await upsertRows(conn.api, word, rows, {
    dryRun: options.dryRun === true,
    // The API's largest batch by default, as the table import and links build send: a fifth of the
    // requests, each comparing its words with the stored ones in a few statements.
    batchSize: options.batchSize ?? MAX_BULK_ROWS,
    onProgress: (done) => progress.update(done),
    notify: (line) => out.note(line),
    // Only the rejected rows are reported one by one.
    changesOnly: true,
  });
  progress.finish();

  const rejected: RejectedRow[] = [...parsed.rejected];
  for (const result of outcome.results) {
    if (result.status !== 'rejected') continue;
    const row = parsed.words[result.index]!;
    rejected.push({ line: row.line, text: row.text, reason: result.reason ?? 'rejected by the API' });
  }
  rejected.sort((a, b) => a.line - b.line);
  const counts: Counts = { ...outcome.counts, rejected: rejected.length };
  // Repeats are skipped, not refused: each is still said, with the line that holds its word first.
  const repeated: RejectedRow[] = parsed.repeats.map((r) => ({
    line: r.line,
    text: r.text,
    reason: `${repeatReason(r)} (skipped)`,
  }));
  const noted = [...rejected, ...repeated].sort((a, b) => a.line - b.line);
  for (const row of noted) out.note(`line ${row.line}: ${JSON.stringify(row.text.trim())} ${row.reason}`);

  // The preview (issue 46): the words a dry run would create or change, by the language's dictionary.
  let verdicts: {
    counts: VerdictCounts;
    flagged: Array<{ line: number; word: string; verdicts: readonly Verdict[] }>;
  } | null = null;
  if (options.dryRun) {
    const written = outcome.results.filter((r) => r.status === 'created' || r.status === 'updated');
    const words = written.map((r) => ({
      languageId: options.language!,
      letters: parsed.words[r.index]!.word,
      flags: r.flags,
    }));
    const answer = await importVerdicts(conn.api, words);
    if (answer.withoutDictionary.length > 0 && words.length > 0)
      out.note(`${answer.withoutDictionary[0]} has no dictionary: its words are not checked.`);
    else if (words.length > 0) {
      const flagged = written.flatMap((r, i) => {
        const row = parsed.words[r.index]!;
        const found = answer.verdicts[i]!;
        return found.length > 0 ? [{ line: row.line, word: row.word, verdicts: found }] : [];
      });
      for (const row of flagged) out.note(`line ${row.line}: "${row.word}" ${row.verdicts.join(', ')}`);
      out.message(`Dictionary: ${verdictSummary(answer.counts)}.`);
      verdicts = { counts: answer.counts, flagged };
    }
  }
  const summary = summaryLine(counts, options.dryRun === true, parsed.duplicates);
  out.message(summary);
  if (out.json) {
    out.result({
      dryRun: options.dryRun === true,
      counts,
      duplicatesInFile: parsed.duplicates,
      rejected,
      repeated,
      ...(verdicts ? { verdicts } : {}),
    });
  }
}

export function summaryLine(counts: Counts, dryRun: boolean, duplicates = 0): string {
  const verb = dryRun ? 'Would create' : 'Created';
  const parts = [
    `${verb} ${counts.created}`,
    `${dryRun ? 'would update' : 'updated'} ${counts.updated}`,
    `unchanged ${counts.unchanged}`,
    `rejected ${counts.rejected}`,
  ];
  if (duplicates > 0) parts.push(`${duplicates} repeated in the file skipped`);
  return `${parts.join(', ')}${dryRun ? ' (dry run: nothing was written)' : ''}.`;
}
