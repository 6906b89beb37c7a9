import type { AnyEntity } from '#shared/entities/index.ts';
import { EDIT_SAMPLE_SIZE } from '#shared/entities/bulk-edit.ts';
import { emptyCounts, type Counts } from '../bulk/upsert.ts';
import type { Connection } from '../connection.ts';
import { canPrompt, CliError, CliExit } from '../context.ts';
import { importPass, type LineResult } from '#shared/import/engine.ts';
import { createProgress } from '../progress.ts';
import { summaryLine } from './words-import.ts';

export interface ImportOptions {
  format?: string;
  dryRun?: boolean;
  yes?: boolean;
  batchSize?: number;
}

const show = (value: unknown) => JSON.stringify(value);

/** One line of the diff: `+` created, `~` updated (each field old → new), `!` rejected. */
export function diffLine(entity: AnyEntity, result: LineResult): string | null {
  const label = entity.label.toLowerCase();
  switch (result.status) {
    case 'created': {
      const fields = Object.entries(result.row ?? {})
        .map(([name, value]) => `${name} ${show(value)}`)
        .join(', ');
      return `+ line ${result.line}: new ${label}${fields ? `: ${fields}` : ''}`;
    }
    case 'updated': {
      const changes = Object.entries(result.changes ?? {})
        .map(([name, change]) => `${name} ${show(change.from)} → ${show(change.to)}`)
        .join(', ');
      return `~ line ${result.line}: ${label} ${result.id}: ${changes}`;
    }
    case 'rejected':
      return `! line ${result.line}: ${result.reason ?? 'rejected'}`;
    default:
      return null;
  }
}

interface Tally {
  counts: Counts;
  rejected: Array<{ line: number; reason: string }>;
  /** Lines that create or update a row (the apply pass sends only these). */
  changing: Set<number>;
}

/**
 * `TABLE import FILE [--dry-run] [--yes]`: upserts every row of a CSV, JSON or JSON Lines file (on
 * `id` where the row has one, else on the table's natural key). First a dry run over the whole file
 * — the diff, computed by the server a chunk at a time: created, updated (each field old → new),
 * unchanged, rejected (with the line and why); `--dry-run` prints it all and stops. Otherwise the
 * plan is shown (a sample), confirmed (on a terminal; `--yes` without one), then the rows that
 * change are written a chunk per request. Exit code 1 when any row was rejected.
 */
export async function importAction(
  entity: AnyEntity,
  file: string,
  options: ImportOptions,
  conn: Connection,
): Promise<void> {
  await conn.requireLogin();
  const { out, ctx, api } = conn;
  const dryRun = options.dryRun === true;
  const plural = entity.labelPlural.toLowerCase();
  const plan: Tally = { counts: emptyCounts(), rejected: [], changing: new Set() };
  const diff: string[] = [];
  let shown = 0;
  const notes = await importPass(api, entity, {
    file,
    format: options.format,
    dryRun: true,
    batchSize: options.batchSize,
    onUnchanged: (count) => (plan.counts.unchanged += count),
    onResult: (result) => {
      plan.counts[result.status]++;
      if (result.status === 'created' || result.status === 'updated') plan.changing.add(result.line);
      if (result.status === 'rejected')
        plan.rejected.push({ line: result.line, reason: result.reason ?? '' });
      const line = diffLine(entity, result);
      if (line === null) return;
      // The dry run is the diff, all of it; before writing, a sample and every rejected row.
      if (dryRun) {
        if (out.json) diff.push(line);
        else ctx.stdout.write(`${line}\n`);
      } else if (result.status === 'rejected' || shown++ < EDIT_SAMPLE_SIZE) out.note(line);
    },
  });
  for (const note of notes) out.note(note);
  const report = (counts: Counts, rejected: Tally['rejected'], wasDry: boolean) => {
    out.message(`${entity.labelPlural}: ${summaryLine(counts, wasDry)}`);
    if (out.json) out.result({ dryRun: wasDry, counts, rejected, ...(wasDry && dryRun ? { diff } : {}) });
    if (counts.rejected > 0) throw new CliExit(1);
  };
  const changing = plan.counts.created + plan.counts.updated;
  if (dryRun || changing === 0) return report(plan.counts, plan.rejected, true);
  if (shown > EDIT_SAMPLE_SIZE) out.note(`  … and ${shown - EDIT_SAMPLE_SIZE} more changes`);

  const what = `create ${plan.counts.created} and update ${plan.counts.updated} ${plural}`;
  out.note(`Plan: ${summaryLine(plan.counts, true).replace(' (dry run: nothing was written)', '')}`);
  if (!options.yes) {
    if (!canPrompt(ctx))
      throw new CliError(`Refusing to ${what} without confirmation: add --yes (or --dry-run).`);
    if (!(await ctx.prompter.confirm(`${what[0]!.toUpperCase()}${what.slice(1)}?`, false))) {
      out.message('Nothing changed.');
      return;
    }
  }
  const done: Tally = { counts: emptyCounts(), rejected: [], changing: new Set() };
  const writing = createProgress(ctx, `Importing ${plural}`, changing, 'rows');
  await importPass(api, entity, {
    file,
    format: options.format,
    dryRun: false,
    batchSize: options.batchSize,
    only: plan.changing,
    onUnchanged: (count) => (done.counts.unchanged += count),
    onProgress: (rows) => writing.update(rows),
    onResult: (result) => {
      done.counts[result.status]++;
      if (result.status === 'rejected') {
        done.rejected.push({ line: result.line, reason: result.reason ?? '' });
        out.note(diffLine(entity, result)!);
      }
    },
  });
  writing.finish();
  // Rows unchanged or refused in the plan were not sent again: they count as the plan found them.
  done.counts.unchanged += plan.counts.unchanged;
  done.counts.rejected += plan.counts.rejected;
  const rejected = [...plan.rejected, ...done.rejected].sort((a, b) => a.line - b.line);
  report(done.counts, rejected, false);
}
