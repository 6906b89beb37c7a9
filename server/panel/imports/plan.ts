import { readFile } from 'node:fs/promises';
import type { ApiClient } from '#shared/api-client/index.ts';
import { word, type AnyEntity } from '#shared/entities/index.ts';
import { importPass, type LineResult } from '#shared/import/engine.ts';
import { decodeUtf8, type FileRecord } from '#shared/import/records.ts';
import { formatOf, readWordFileSliced, repeatReason } from '#shared/import/word-file.ts';
import type { HeldFile } from './upload.ts';
import { importVerdicts } from '#shared/import/verdicts.ts';
import type { Verdict, VerdictCounts } from '#shared/dictionary.ts';

/**
 * The panel's import, as the CLI's: a dry run over the whole file through the shared engine (the
 * server computes the diff a chunk at a time and writes nothing), then the rows that change written
 * by the same engine. A word list becomes rows of words first (the CLI's word-list reader), so both
 * kinds share one engine and one preview. The plan keeps the rows it found to change, so Apply
 * sends exactly those without reading and checking the file a second time: the upload is needed
 * only by the dry run, and an import store (one instance's memory or Redis) holds the plan.
 */

export type Counts = Record<LineResult['status'], number>;

export interface PreviewRow {
  line: number;
  /** `skipped`: a word list's line repeating an earlier line's word (not sent, not counted). */
  status: LineResult['status'] | 'skipped';
  id?: number;
  reason?: string;
  changes?: Record<string, { from: unknown; to: unknown }>;
  row?: Record<string, unknown>;
  /** A word the import creates or changes, by its language's dictionary (issue 46); absent: known. */
  verdicts?: readonly Verdict[];
}

export interface Plan {
  counts: Counts;
  /** Created, updated and rejected rows in file order (unchanged ones are only counted). */
  rows: PreviewRow[];
  notes: string[];
  /**
   * The rows to create or update, as the dry run sent them, in file order, each with its line of
   * the upload (a word list's rows are renumbered already): Apply needs neither the file nor a map.
   */
  changing: FileRecord[];
  /** Issue 46: the verdicts' counts over the words the import creates or changes (null: not words). */
  verdicts: VerdictCounts | null;
  /** The rows with a verdict (the "flagged only" view), in line order. */
  flagged: PreviewRow[];
}

/**
 * Rows per request: the API answers a request in one synchronous stretch of the panel's own event
 * loop (embedded mode), so a smaller chunk than the CLI's keeps the panel's other pages answering.
 */
const PANEL_CHUNK = 2500;

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

/** A word list (txt, csv or json, as the CLI reads them) → its rows of words, a batch at a time. */
async function wordRows(held: HeldFile, name: string, languageId: number) {
  const text = decodeUtf8(await readFile(held.path), name);
  const parsed = await readWordFileSliced(text, formatOf(name, undefined, ['txt', 'csv', 'json']));
  const { words } = parsed;
  async function* records(): AsyncGenerator<FileRecord[]> {
    for (let at = 0; at < words.length; at += 1000) {
      yield words.slice(at, at + 1000).map((w, i) => ({
        line: at + i + 1,
        values: {
          letters: w.word,
          languageId,
          ...(w.isActive === undefined ? {} : { isActive: w.isActive }),
        },
      }));
    }
  }
  return {
    records: records(),
    lineOf: words.map((w) => w.line),
    rejected: parsed.rejected,
    repeats: parsed.repeats,
  };
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
    changing: [],
    verdicts: null,
    flagged: [],
  };
  let records: AsyncIterable<FileRecord[]> | undefined;
  let lineOf: number[] | undefined;
  if (words) {
    const list = await wordRows(held, name, words.languageId);
    lineOf = list.lineOf;
    records = list.records;
    const refused: PreviewRow[] = list.rejected.map(({ line, text, reason }) => ({
      line,
      status: 'rejected',
      reason: `${JSON.stringify(text.trim())} ${reason}`,
    }));
    plan.counts.rejected += refused.length;
    // A repeat is written once (its first line) and shown on its own line, saying which one.
    const repeats: PreviewRow[] = list.repeats.map((repeat) => ({
      line: repeat.line,
      status: 'skipped',
      reason: `${JSON.stringify(repeat.text.trim())} ${repeatReason(repeat)}`,
    }));
    plan.rows = inLineOrder(refused, repeats);
    if (repeats.length > 0)
      plan.notes.push(
        `${repeats.length} ${repeats.length === 1 ? 'line repeats a word' : 'lines repeat words'} of an earlier line: skipped, the word is imported once.`,
      );
    if (list.lineOf.length === 0) return plan;
  }
  const found: PreviewRow[] = [];
  // The words the import writes, to be judged by their language's dictionary (issue 46).
  const judged: Judged[] = [];
  const notes = await importPass(api, entity, {
    file: held.path,
    ...(records ? { records } : {}),
    label: name,
    dryRun: true,
    batchSize: PANEL_CHUNK,
    onUnchanged: (count) => (plan.counts.unchanged += count),
    onResult: (result) => {
      plan.counts[result.status]++;
      const preview = previewOf(result, lineOf);
      if ((result.status === 'created' || result.status === 'updated') && result.row) {
        plan.changing.push({ line: preview.line, values: result.row });
        const { letters, languageId } = result.row;
        if (entity.name === 'word' && typeof letters === 'string' && typeof languageId === 'number')
          judged.push({ preview, languageId, letters, flags: result.flags });
      }
      found.push(preview);
    },
  });
  plan.notes = [...plan.notes, ...notes];
  if (judged.length > 0) await judge(api, plan, judged);
  plan.rows = inLineOrder(plan.rows, found);
  return plan;
}

/** A word the import writes, with the flags its dry run found (issue 46). */
interface Judged {
  preview: PreviewRow;
  languageId: number;
  letters: string;
  flags: string | undefined;
}

/** The words' verdicts onto their preview rows, their counts, and the rows flagged. */
async function judge(api: ApiClient, plan: Plan, judged: Judged[]): Promise<void> {
  const answer = await importVerdicts(api, judged);
  for (const language of answer.withoutDictionary)
    plan.notes.push(`${language} has no dictionary: its words are not checked.`);
  if (answer.withoutDictionary.length === new Set(judged.map((j) => j.languageId)).size) return;
  judged.forEach(({ preview }, i) => {
    const verdicts = answer.verdicts[i]!;
    if (verdicts.length === 0) return;
    preview.verdicts = verdicts;
    plan.flagged.push(preview);
  });
  plan.verdicts = answer.counts;
  plan.flagged.sort((a, b) => a.line - b.line);
}

/**
 * The word reader's refusals and the engine's results, each in line order already, as one list:
 * merged in one pass (sorting 340,000 rows held the event loop for a moment of its own).
 */
function inLineOrder(first: PreviewRow[], second: PreviewRow[]): PreviewRow[] {
  const ordered = (rows: PreviewRow[]) => rows.every((row, i) => i === 0 || rows[i - 1]!.line <= row.line);
  if (!ordered(first) || !ordered(second)) return [...first, ...second].sort((a, b) => a.line - b.line);
  const out: PreviewRow[] = [];
  let i = 0;
  let j = 0;
  while (i < first.length || j < second.length) {
    if (j >= second.length || (i < first.length && first[i]!.line <= second[j]!.line)) out.push(first[i++]!);
    else out.push(second[j++]!);
  }
  return out;
}

export interface Progress {
  done: number;
  total: number;
  counts: Counts;
  rows: PreviewRow[];
}

/** The rows to write (read a batch at a time from the import store) and what the plan counted. */
export interface Changing {
  counts: Counts;
  total: number;
  records: AsyncIterable<FileRecord[]>;
}

/**
 * Writes the rows the plan found to change, a chunk per request, reporting rows done as it goes.
 * `report` runs between chunks, when the engine asks for more rows after settling the last chunk:
 * awaited there, progress writes to a shared store come in order and once per chunk, not per row.
 */
export async function applyImport(
  api: ApiClient,
  entity: AnyEntity,
  changing: Changing,
  name: string,
  progress: Progress,
  report: () => Promise<void>,
): Promise<void> {
  progress.total = changing.total;
  let reported = progress.done;
  async function* records() {
    for await (const batch of changing.records) {
      if (progress.done !== reported) {
        reported = progress.done;
        await report();
      }
      yield batch;
    }
  }
  await importPass(api, entity, {
    file: name,
    records: records(),
    label: name,
    dryRun: false,
    batchSize: PANEL_CHUNK,
    onUnchanged: (count) => (progress.counts.unchanged += count),
    onProgress: (rows) => (progress.done = rows),
    onResult: (result) => {
      progress.counts[result.status]++;
      if (result.status === 'rejected') progress.rows.push(previewOf(result));
    },
  });
  // Rows unchanged or refused in the plan were not sent again: they count as the plan found them.
  progress.counts.unchanged += changing.counts.unchanged;
  progress.counts.rejected += changing.counts.rejected;
  progress.done = progress.total;
}

export const WORDS_ENTITY = word;
