import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API, apiLogin, PANEL, panelLogin, resetBenchAdmin } from './auth.ts';
import type { BenchContext } from './context.ts';
import { HUGE } from './p6-cli.ts';
import { row, skip, type Row } from './report.ts';
import { ROOT, startServer } from './server.ts';

const HINT = `${HUGE} is missing: apt-get install wamerican-huge`;
// What the panel's browser code sends with state-changing requests (server/http/csrf.ts).
const CSRF = { 'X-Argus-CSRF': '1', 'Sec-Fetch-Site': 'same-origin' };

interface Summary {
  id: string;
  counts: Record<'created' | 'updated' | 'unchanged' | 'rejected', number>;
  apply: { state: 'running' | 'done' | 'failed'; message?: string } | null;
}

/** One request of the import screen (client/admin/import/import-api.ts), as JSON. */
async function call(url: string, cookie: string, method: 'GET' | 'POST', body?: Buffer): Promise<Summary> {
  const response = await fetch(url, {
    method,
    headers: {
      Cookie: cookie,
      Accept: 'application/json',
      ...(method === 'POST' ? { ...CSRF, 'Content-Type': 'application/octet-stream' } : {}),
    },
    ...(body ? { body: new Uint8Array(body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${new URL(url).pathname}: ${response.status} ${text}`);
  return JSON.parse(text) as Summary;
}

/**
 * The browser import of issue 13 with the file a browser would send: upload (the dry-run preview),
 * then Apply, polled to its end as the screen does. Milliseconds and the final summary.
 */
async function importThroughPanel(
  base: string,
  cookie: string,
  file: Buffer,
  languageId: number,
  cpuSeconds: () => number,
) {
  const started = performance.now();
  const cpuBefore = cpuSeconds();
  const query = new URLSearchParams({
    name: 'american-english-huge',
    words: '1',
    languageId: String(languageId),
  });
  const preview = await call(`${base}${PANEL}/imports/?${query}`, cookie, 'POST', file);
  const previewMs = performance.now() - started;
  const previewCpu = cpuSeconds() - cpuBefore;
  if (preview.counts.created + preview.counts.updated === 0)
    return { previewMs, previewCpu, totalMs: previewMs, preview };
  let state = await call(`${base}${PANEL}/imports/${preview.id}/apply`, cookie, 'POST');
  while (state.apply?.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 100));
    state = await call(`${base}${PANEL}/imports/${preview.id}`, cookie, 'GET');
  }
  if (state.apply?.state !== 'done')
    throw new Error(`The import's apply ${state.apply?.state}: ${state.apply?.message}`);
  return { previewMs, previewCpu, totalMs: performance.now() - started, preview };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** `GET /healthz` every 100 ms until stopped: how long the panel's server keeps other requests waiting. */
function watchHealth(base: string) {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${base}/healthz`).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return async () => {
    running = false;
    await loop;
    const sorted = latencies.sort((a, b) => a - b);
    return { max: sorted.at(-1) ?? 0, p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0 };
  };
}

/**
 * P6P: the panel's import screen with american-english-huge (348,000 lines) into an empty database:
 * preview and apply within P6's budget, and the same file again (all unchanged) within its re-run's.
 */
export async function p6Panel(ctx: BenchContext): Promise<Row[]> {
  const figures = [
    'browser import of american-english-huge: preview + apply',
    'browser import of the same file again',
  ];
  if (!existsSync(HUGE)) return figures.map((figure) => skip('P6P', figure, HINT));
  const dir = mkdtempSync(path.join(tmpdir(), 'argus-bench-panel-import-'));
  await resetBenchAdmin({ dataDir: dir, databaseUrl: null });
  mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
  const server = await startServer({
    dataDir: dir,
    databaseUrl: null,
    logFile: path.join(ROOT, 'bench', 'server-panel-import.log'),
  });
  ctx.cleanups.push(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const auth = await apiLogin(server.url);
  const language = await fetch(`${server.url}${API}/languages/cms`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${auth.accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ language: 'English' }),
  }).then((r) => r.json() as Promise<{ id: number }>);
  const cookie = await panelLogin(server.url, auth);
  const file = readFileSync(HUGE);
  const health = watchHealth(server.url);
  const cpu0 = server.cpuSeconds();
  const first = await importThroughPanel(server.url, cookie, file, language.id, () => server.cpuSeconds());
  const cpu1 = server.cpuSeconds();
  const rss = server.rssMb();
  const again = await importThroughPanel(server.url, cookie, file, language.id, () => server.cpuSeconds());
  const cpu2 = server.cpuSeconds();
  const latency = await health();
  const cpu = (s: number) => `server CPU ${s.toFixed(1)} s`;
  const { created, rejected } = first.preview.counts;
  return [
    row(
      'P6P',
      `${figures[0]} (${created.toLocaleString('en')} created, ${rejected.toLocaleString('en')} refused; preview ${seconds(first.previewMs)}; ${cpu(cpu1 - cpu0)}, of which the preview ${first.previewCpu.toFixed(1)} s; RSS after ${rss.toFixed(0)} MB)`,
      seconds(first.totalMs),
      '≤ 15 s',
      first.totalMs <= 15_000 && created > 270_000,
    ),
    row(
      'P6P',
      `${figures[1]} (${again.preview.counts.unchanged.toLocaleString('en')} unchanged; ${cpu(cpu2 - cpu1)})`,
      seconds(again.totalMs),
      '≤ 5 s',
      again.totalMs <= 5_000 && again.preview.counts.created === 0,
    ),
    row(
      'P6P',
      `GET /healthz every 100 ms during both imports (p95 ${latency.p95.toFixed(0)} ms)`,
      `max ${latency.max.toFixed(0)} ms`,
      '≤ 500 ms',
      latency.max <= 500,
    ),
  ];
}
