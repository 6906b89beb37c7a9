import { ImportError } from '#shared/import/errors.ts';
import type { FileRecord } from '#shared/import/records.ts';
import type { VerdictCounts } from '#shared/dictionary.ts';
import type { Counts, Plan, PreviewRow, Progress } from './plan.ts';

/**
 * Where the panel keeps an import between its requests (upload, preview pages, apply, progress
 * polls). One instance keeps it in memory; several behind a load balancer without sticky sessions
 * share it through Redis (redis-import-store.ts), so any instance serves any request of an import.
 */

/** An import is dropped an hour after its upload (or after its apply started). */
export const KEEP_MS = 60 * 60 * 1000;

export const IMPORTS_UNAVAILABLE = 'Imports are unavailable: the shared store did not answer; try again.';
export const IMPORT_EXPIRED = 'This import expired: upload the file again.';

export type ApplyState = Progress & {
  state: 'running' | 'done' | 'failed';
  message?: string;
  changeSet?: string;
};

/** What an import is, fixed at upload: who owns it, its table, what the dry run found. */
export interface ImportHead {
  id: string;
  /** The session that uploaded it (sessions are shared, so the id is the same on every instance). */
  owner: string;
  /** The entity's resource. */
  table: string;
  name: string;
  counts: Counts;
  notes: string[];
  /** Preview rows, and rows to create or update (Plan's `rows` and `changing`). */
  rowCount: number;
  changingCount: number;
  /**
   * Issue 46: the verdicts' counts of a words import (null: not words, or no dictionary), and how
   * many rows have one: those rows are kept again after the preview rows (the "flagged only" view).
   */
  verdicts?: VerdictCounts | null;
  flaggedCount?: number;
}

export interface StoredImport extends ImportHead {
  apply: ApplyState | null;
}

export type ClaimResult = 'claimed' | 'applied' | 'gone';

export interface ImportStore {
  /** Keeps a planned import for KEEP_MS; it is visible to `get` only once all of it is kept. */
  save(head: ImportHead, plan: Pick<Plan, 'rows' | 'changing'>): Promise<void>;
  get(id: string): Promise<StoredImport | null>;
  /** Preview rows `from` (inclusive) to `to` (exclusive). */
  rows(id: string, from: number, to: number): Promise<PreviewRow[]>;
  /** The rows to write, `batch` at a time; throws an ImportError when the import went meanwhile. */
  changing(head: ImportHead, batch: number): AsyncIterable<FileRecord[]>;
  /**
   * Starts the apply, atomically: exactly one caller gets 'claimed' even across instances. The
   * import is then kept KEEP_MS more, so an apply started late still reads all its rows.
   */
  claim(id: string, apply: ApplyState): Promise<ClaimResult>;
  /** The apply's progress, written after each chunk and at the end (not for an import gone). */
  progress(id: string, apply: ApplyState): Promise<void>;
}

/** The progress as it is now: the apply goes on changing its own object. */
export const snapshotOf = (apply: ApplyState): ApplyState => ({
  ...apply,
  counts: { ...apply.counts },
  rows: [...apply.rows],
});

/** One instance (no REDIS_URL): the plan stays in this process, as objects, dropped by a timer. */
export function memoryImportStore(): ImportStore {
  interface Entry {
    head: ImportHead;
    plan: Pick<Plan, 'rows' | 'changing'>;
    apply: ApplyState | null;
    timer?: NodeJS.Timeout;
  }
  const imports = new Map<string, Entry>();
  const keep = (entry: Entry) => {
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => imports.delete(entry.head.id), KEEP_MS);
    entry.timer.unref();
  };
  return {
    async save(head, plan) {
      const entry: Entry = { head, plan, apply: null };
      keep(entry);
      imports.set(head.id, entry);
    },
    async get(id) {
      const entry = imports.get(id);
      return entry ? { ...entry.head, apply: entry.apply } : null;
    },
    async rows(id, from, to) {
      return imports.get(id)?.plan.rows.slice(from, to) ?? [];
    },
    async *changing(head, batch) {
      const rows = imports.get(head.id)?.plan.changing;
      if (!rows) throw new ImportError(IMPORT_EXPIRED);
      for (let at = 0; at < rows.length; at += batch) yield rows.slice(at, at + batch);
    },
    async claim(id, apply) {
      const entry = imports.get(id);
      if (!entry) return 'gone';
      if (entry.apply) return 'applied';
      entry.apply = apply;
      keep(entry);
      return 'claimed';
    },
    async progress(id, apply) {
      const entry = imports.get(id);
      if (entry) entry.apply = apply;
    },
  };
}
