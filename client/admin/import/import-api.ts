import { IMPORTS_API_PATH, PROXY_PATH } from '#shared/panel-paths.ts';
import { panelCall } from '../panel-call.ts';
import type { Verdict, VerdictCounts } from '#shared/dictionary.ts';

/**
 * The import screen's calls to the panel server (server/panel/imports): plain fetch and JSON, no
 * entity descriptions or zod in the screen's bundle. A failure throws an Error with the server's
 * one-line message.
 */

export type RowStatus = 'created' | 'updated' | 'unchanged' | 'rejected';
export type Counts = Record<RowStatus, number>;

export interface PreviewRow {
  line: number;
  /** `skipped`: a word list's line repeating an earlier line's word (its reason says which line). */
  status: RowStatus | 'skipped';
  id?: number;
  reason?: string;
  changes?: Record<string, { from: unknown; to: unknown }>;
  row?: Record<string, unknown>;
  /** A word the import writes, by its language's dictionary (issue 46); absent: known. */
  verdicts?: Verdict[];
}

export interface ImportSummary {
  id: string;
  table: string;
  name: string;
  counts: Counts;
  notes: string[];
  /** Issue 46: a words import's verdicts (null: not words, or no dictionary). */
  verdicts: VerdictCounts | null;
  flaggedCount: number;
  /** This page lists only the rows with a verdict. */
  flaggedOnly: boolean;
  page: number;
  totalPages: number;
  rows: PreviewRow[];
  apply: {
    state: 'running' | 'done' | 'failed';
    done: number;
    total: number;
    counts: Counts;
    rows: PreviewRow[];
    message?: string;
    changeSet?: string;
  } | null;
}

const call = <T>(method: 'GET' | 'POST', url: string, body?: Blob) =>
  panelCall<T>(method, url, body ? { bytes: body } : undefined);

export const importApi = {
  options: () =>
    call<{ tables: Array<{ resource: string; label: string }> }>('GET', `${IMPORTS_API_PATH}/options`),
  languages: async () =>
    (
      await call<{ content: Array<{ id: number; language: string }> }>(
        'GET',
        `${PROXY_PATH}/languages/cms/search/?page=0&size=100`,
      )
    ).content,
  upload: (file: File, target: { words: true; languageId: string } | { words: false; table: string }) => {
    const query = new URLSearchParams({ name: file.name });
    if (target.words) {
      query.set('words', '1');
      query.set('languageId', target.languageId);
    } else query.set('table', target.table);
    return call<ImportSummary>('POST', `${IMPORTS_API_PATH}/?${query}`, file);
  },
  page: (id: string, page: number, flagged = false) =>
    call<ImportSummary>('GET', `${IMPORTS_API_PATH}/${id}?page=${page}${flagged ? '&flagged=1' : ''}`),
  apply: (id: string) => call<ImportSummary>('POST', `${IMPORTS_API_PATH}/${id}/apply`),
};
