import { letterGroupLevel, level } from '#shared/entities/index.ts';
import { upsertRows, type Counts } from '../bulk/upsert.ts';
import type { Connection } from '../connection.ts';
import { readLevelFile } from '../files/level-file.ts';
import { formatOf } from '#shared/import/word-file.ts';
import { createProgress } from '../progress.ts';
import { readInput, summaryLine, type RejectedRow } from './words-import.ts';

export interface LevelsImportOptions {
  format?: string;
  dryRun?: boolean;
}

/**
 * `levels import FILE`: levels upserted on (language, stage, number), their check condition
 * composed from the helper columns, then the letter groups each row names linked to its level
 * (upserted on (letter group, level), so nothing is linked twice). With `--dry-run` nothing is
 * written; the links of levels that do not exist yet are counted as links to create.
 */
export async function levelsImportAction(
  file: string,
  options: LevelsImportOptions,
  conn: Connection,
): Promise<void> {
  await conn.requireLogin();
  const { api, out, ctx } = conn;
  const dryRun = options.dryRun === true;
  const parsed = readLevelFile(await readInput(file), formatOf(file, options.format, ['csv', 'json']));

  const progress = createProgress(
    ctx,
    dryRun ? 'Checking levels' : 'Importing levels',
    parsed.levels.length,
    'levels',
  );
  const levels = await upsertRows(
    api,
    level,
    parsed.levels.map((l) => l.level),
    {
      dryRun,
      onProgress: (done) => progress.update(done),
      notify: (line) => out.note(line),
    },
  );
  progress.finish();

  const rejected: RejectedRow[] = parsed.rejected.map((r) => ({ ...r, text: '' }));
  const linkRows: Array<{ line: number; row: { letterGroupId: number; levelId: number } }> = [];
  const links: Counts = { created: 0, updated: 0, unchanged: 0, rejected: 0 };
  for (const result of levels.results) {
    const line = parsed.levels[result.index]!;
    if (result.status === 'rejected') {
      rejected.push({ line: line.line, text: '', reason: result.reason ?? 'rejected by the API' });
    } else if (dryRun && result.status === 'created') {
      // The level does not exist yet, so neither can its links.
      links.created += new Set(line.letterGroups).size;
    } else {
      for (const letterGroupId of new Set(line.letterGroups)) {
        linkRows.push({ line: line.line, row: { letterGroupId, levelId: result.id! } });
      }
    }
  }
  if (linkRows.length > 0) {
    const outcome = await upsertRows(
      api,
      letterGroupLevel,
      linkRows.map((l) => l.row),
      {
        dryRun,
        notify: (line) => out.note(line),
      },
    );
    for (const status of Object.keys(links) as Array<keyof Counts>) links[status] += outcome.counts[status];
    for (const result of outcome.results.filter((r) => r.status === 'rejected')) {
      const { line, row } = linkRows[result.index]!;
      rejected.push({
        line,
        text: '',
        reason: `letter group ${row.letterGroupId}: ${result.reason ?? 'rejected'}`,
      });
    }
  }
  rejected.sort((a, b) => a.line - b.line);
  for (const row of rejected) out.note(`line ${row.line}: ${row.reason}`);

  const counts: Counts = { ...levels.counts, rejected: levels.counts.rejected + parsed.rejected.length };
  out.message(`Levels: ${summaryLine(counts, dryRun)}`);
  out.message(`Letter group links: ${summaryLine(links, dryRun)}`);
  if (out.json) {
    out.result({
      dryRun,
      counts,
      links,
      rejected: rejected.map(({ line, reason }) => ({ line, reason })),
    });
  }
}
