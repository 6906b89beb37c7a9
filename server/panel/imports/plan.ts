import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApiClient } from '#shared/api-client/index.ts';
import { word, type AnyEntity } from '#shared/entities/index.ts';
import { importPass, type LineResult } from '#shared/import/engine.ts';
import { decodeUtf8 } from '#shared/import/records.ts';
import { formatOf, readWordFile } from '#shared/import/word-file.ts';
import type { HeldFile } from './upload.ts';

/**
 * The panel's import, as the CLI's: a dry run over the whole file through the shared engine (the
 * server computes the diff a chunk at a time and writes nothing), then the rows that change written
 * by the same engine. A word list becomes rows of words first (the CLI's word-list reader), kept in
 * a JSON Lines file beside the upload, so both kinds share one engine and one preview.
 */

export type Counts = Record<LineResult['status'], number>;

export interface PreviewRow {
  line: number;
  status: LineResult['status'];
  id?: number;
  reason?: string;
  changes?: Record<string, { from: unknown; to: unknown }>;
  row?: Record<string, unknown>;
}

export interface Plan {
  counts: Counts;
  /** Created, updated and rejected rows in file order (unchanged ones are only counted). */
  rows: PreviewRow[];
  notes: string[];
  /** Engine input: the file the passes read, its format and how its lines map to the upload's. */
  source: { file: string; format?: string; lineOf?: number[] };
  changing: Set<number>;
}

export const emptyCounts = (): Counts => ({ created: 0, updated: 0, unchanged: 0, rejected: 0 });

function previewOf(result: LineResult, lineOf?: number[]): PreviewRow {
  const { line, status, id, reason, changes, row } = result;
  return {
    line: lineOf ? (lineOf[line - 1] ?? line) : line,
    status,
    ...(id === undefined ? {} : { id }),
    ...(reason === undefined ? {} : { reason }),
    ...(changes ? { changes } : {}),
    ...(status === 'created' && row ? { row } : {}),
  };
}

/** A word list (txt, csv or json, as the CLI reads them) → the rows to import, beside the upload. */
async function wordRows(held: HeldFile, name: string, languageId: number) {
  const text = decodeUtf8(await readFile(held.path), name);
  const parsed = readWordFile(text, formatOf(name, undefined, ['txt', 'csv', 'json']));
  const file = join(held.dir, 'words.jsonl');
  const lines = parsed.words.map((w) =>
    JSON.stringify({
      letters: w.word,
      languageId,
      ...(w.isActive === undefined ? {} : { isActive: w.isActive }),
    }),
  );
  await writeFile(file, lines.join('\n'), { mode: 0o600 });
  return { file, lineOf: parsed.words.map((w) => w.line), rejected: parsed.rejected };
}

export async function planImport(
  api: ApiClient,
  entity: AnyEntity,
  held: HeldFile,
  name: string,
  words?: { languageId: number },
): Promise<Plan> {
  const plan: Plan = {
    counts: emptyCounts(),
    rows: [],
    notes: [],
    source: { file: held.path },
    changing: new Set(),
  };
  if (words) {
    const list = await wordRows(held, name, words.languageId);
    plan.source = { file: list.file, format: 'jsonl', lineOf: list.lineOf };
    for (const { line, text, reason } of list.rejected) {
      plan.rows.push({ line, status: 'rejected', reason: `${JSON.stringify(text.trim())} ${reason}` });
      plan.counts.rejected++;
    }
    if (list.lineOf.length === 0) return plan;
  }
  plan.notes = await importPass(api, entity, {
    file: plan.source.file,
    ...(plan.source.format ? { format: plan.source.format } : {}),
    label: name,
    dryRun: true,
    onUnchanged: (count) => (plan.counts.unchanged += count),
    onResult: (result) => {
      plan.counts[result.status]++;
      if (result.status === 'created' || result.status === 'updated') plan.changing.add(result.line);
      plan.rows.push(previewOf(result, plan.source.lineOf));
    },
  });
  plan.rows.sort((a, b) => a.line - b.line);
  return plan;
}

export interface Progress {
  done: number;
  total: number;
  counts: Counts;
  rows: PreviewRow[];
}

/** Writes the rows the plan found to change, a chunk per request, reporting rows done as it goes. */
export async function applyImport(
  api: ApiClient,
  entity: AnyEntity,
  plan: Plan,
  name: string,
  progress: Progress,
): Promise<void> {
  progress.total = plan.changing.size;
  await importPass(api, entity, {
    file: plan.source.file,
    ...(plan.source.format ? { format: plan.source.format } : {}),
    label: name,
    dryRun: false,
    only: plan.changing,
    onUnchanged: (count) => (progress.counts.unchanged += count),
    onProgress: (rows) => (progress.done = rows),
    onResult: (result) => {
      progress.counts[result.status]++;
      if (result.status === 'rejected') progress.rows.push(previewOf(result, plan.source.lineOf));
    },
  });
  // Rows unchanged or refused in the plan were not sent again: they count as the plan found them.
  progress.counts.unchanged += plan.counts.unchanged;
  progress.counts.rejected += plan.counts.rejected;
  progress.done = progress.total;
}

export const WORDS_ENTITY = word;
