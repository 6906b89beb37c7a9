import { randomUUID } from 'node:crypto';
import type { UndoResponse } from '../../shared/change-sets.ts';
import { API } from './auth.ts';
import type { BenchContext } from './context.ts';
import { row, type Row } from './report.ts';

const ROWS = 10_000;
const PER_REQUEST = 1000;

/**
 * P11: undo of a 10,000-row change set on the large data set. Setup (not timed): 10,000 active
 * words deactivated through bulk-update under one `X-Change-Set`, as `argus-words word update`
 * does. Timed: what `argus-words changes undo ID --yes` sends — the plan (a dry run), then the
 * undo — each one request the server works through a chunk per transaction. The undo puts the data
 * set back as it was.
 */
export async function p11(ctx: BenchContext): Promise<Row[]> {
  const server = await ctx.server();
  const headers = { ...(await ctx.bearer()), 'Content-Type': 'application/json' };
  const url = (path: string) => `${server.url}${API}/${path}`;
  const call = async <T>(path: string, body: unknown, extra: Record<string, string> = {}): Promise<T> => {
    const res = await fetch(url(path), {
      method: 'POST',
      headers: { ...headers, ...extra },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path} → ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

  // The first 10,000 active words, in id order (the export streams them).
  const exported = await fetch(url('words/cms/export?format=jsonl&fields=id&isActive=true'), { headers });
  const ids: number[] = [];
  for (const line of (await exported.text()).split('\n')) {
    if (line && ids.length < ROWS) ids.push((JSON.parse(line) as { id: number }).id);
  }
  const id = randomUUID();
  const tag = { 'X-Change-Set': id, 'X-Change-Set-Command': encodeURIComponent('bench P11 word update') };
  let changed = 0;
  for (let at = 0; at < ids.length; at += PER_REQUEST) {
    const body = { ids: ids.slice(at, at + PER_REQUEST), set: { isActive: false } };
    changed += (await call<{ changed: number }>('words/cms/bulk-update', body, tag)).changed;
  }

  const started = performance.now();
  const plan = await call<UndoResponse>(`change-sets/cms/${id}/undo`, { dryRun: true });
  const planned = performance.now() - started;
  const done = await call<UndoResponse>(`change-sets/cms/${id}/undo`, {});
  const took = performance.now() - started;
  const ok = changed === ROWS && plan.changed === ROWS && done.changed === ROWS && done.complete;
  return [
    row(
      'P11',
      `undo of a ${changed.toLocaleString('en')}-row change set (plan + undo, as changes undo --yes)`,
      `${(took / 1000).toFixed(2)} s (plan ${(planned / 1000).toFixed(2)} s; ${done.changed} restored, ${done.refused} refused)`,
      '≤ 5 s',
      ok && took <= 5_000,
    ),
  ];
}
