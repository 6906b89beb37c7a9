import path from 'node:path';
import type { DifficultyReport } from '../../shared/difficulty.ts';
import { API, apiLogin, resetBenchAdmin } from './auth.ts';
import type { BenchContext } from './context.ts';
import { allOk, type LoadJob, type LoadResult } from './load.ts';
import { percentile } from './load-result.ts';
import { openDifficultyData, type Busiest, type DifficultyData } from './p12-data.ts';
import { median, ms, row, type Row } from './report.ts';
import { ROOT, startServer } from './server.ts';

const TARGET_MS = 200;
const COLD_TARGET_MS = 2_000;
/** Measured requests of each kind per run. */
const PER_RUN = 10;
/**
 * The endpoint allows 120 requests a minute per account or API token; the bench sends more, so
 * its requests take turns among the admin's session and this many API tokens (viewers, every
 * language: the same curves as the admin's), made for the run and revoked after it.
 */
const TOKENS = 8;

interface Answer {
  ms: number;
  status: number;
  /** Players summed over every level of every curve: the same figures give the same sum. */
  players: number;
}

async function ask(url: string, headers: Record<string, string>): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const text = await response.text();
  const took = performance.now() - started;
  let players = 0;
  if (response.ok) {
    for (const curve of (JSON.parse(text) as DifficultyReport).curves) {
      for (const level of curve.levels) players += level.players;
    }
  }
  return { ms: took, status: response.status, players };
}

// Every rows' stamp is later than 2000: a `since` in 2000 keeps every row, yet each distinct
// instant is a key of its own, which the kept curves cannot answer.
let instants = 0;
const distinctSince = () => new Date(Date.UTC(2000, 0, 1) + ++instants).toISOString();

interface Variant {
  label: string;
  query: () => string;
  /** Move the versions first (the query alone would be a kept answer). */
  touch: boolean;
}

function variants(b: Busiest): Variant[] {
  const stage = `stageId=${b.stageId}`;
  return [
    { label: `busiest stage (id ${b.stageId}, ${rows(b.stageRows)})`, query: () => stage, touch: true },
    {
      label: `busiest stage+language (stage ${b.pair.stageId}, language ${b.pair.languageId}, ${rows(b.pair.rows)})`,
      query: () => `stageId=${b.pair.stageId}&languageId=${b.pair.languageId}`,
      touch: true,
    },
    {
      label: `busiest stage, since= a distinct instant in 2000 (joins user_level_times)`,
      query: () => `${stage}&since=${distinctSince()}`,
      touch: false,
    },
    {
      label: `busiest stage, activePlayers=true (inactive players left out)`,
      query: () => `${stage}&activePlayers=true`,
      touch: true,
    },
  ];
}

const rows = (n: number) => `${n.toLocaleString('en')} rows`;

/** Headers in turn: the session's and the API tokens'. */
interface Callers {
  next(): Record<string, string>;
  revoke(): Promise<void>;
}

async function callers(base: string, bearer: Record<string, string>): Promise<Callers> {
  const made: Array<{ id: number; headers: Record<string, string> }> = [];
  for (let i = 0; i < TOKENS; i++) {
    const response = await fetch(`${base}${API}/tokens/cms`, {
      method: 'POST',
      headers: { ...bearer, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `bench P12 ${i + 1}`, permissions: 'viewer', expiresInDays: 1 }),
    });
    if (!response.ok) throw new Error(`POST /tokens/cms → ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { id: number; token: string };
    made.push({ id: body.id, headers: { Authorization: `Bearer ${body.token}` } });
  }
  const all = [bearer, ...made.map((m) => m.headers)];
  let turn = 0;
  return {
    next: () => all[turn++ % all.length]!,
    async revoke() {
      for (const { id } of made) {
        await fetch(`${base}${API}/tokens/cms/${id}`, { method: 'DELETE', headers: bearer }).catch(
          () => null,
        );
      }
    },
  };
}

/** The first difficulty request of a fresh server process, after its first `GET /` and a login. */
async function coldRuns(ctx: BenchContext, stageId: number): Promise<Answer[]> {
  await ctx.stopServer();
  const answers: Answer[] = [];
  const dbOptions = { dataDir: ctx.dataDir, databaseUrl: ctx.databaseUrl };
  for (let i = 0; i < ctx.options.runs; i++) {
    await resetBenchAdmin(dbOptions);
    const logFile = path.join(ROOT, 'bench', 'server-p12-cold.log');
    const fresh = await startServer({ ...dbOptions, logFile });
    try {
      const auth = await apiLogin(fresh.url);
      const url = `${fresh.url}${API}/levels/cms/difficulty?stageId=${stageId}`;
      answers.push(await ask(url, { Authorization: `Bearer ${auth.accessToken}` }));
    } finally {
      await fresh.stop();
    }
  }
  return answers;
}

/** p50 of each run's requests; the figure is their median over runs. */
function summary(perRun: Answer[][]): { p50: number; text: string; ok: boolean } {
  const p50s = perRun.map((answers) =>
    percentile(
      answers.map((a) => a.ms).sort((a, b) => a - b),
      50,
    ),
  );
  const all = perRun.flat().map((a) => a.ms);
  const p95 = percentile(
    all.sort((a, b) => a - b),
    95,
  );
  const p50 = median(p50s);
  const text = `p50 ${ms(p50)} (runs ${p50s.map((v) => ms(v)).join(', ')}; p95 ${ms(p95)}, ${all.length} requests)`;
  return { p50, text, ok: perRun.flat().every((a) => a.status === 200) };
}

const statusNote = (answers: Answer[]) => {
  const bad = answers.filter((a) => a.status !== 200).map((a) => a.status);
  return bad.length ? ` — ${bad.length} answers not 200 (${[...new Set(bad)].join(', ')})` : '';
};

/**
 * P12 (issue 34): `levels/cms/difficulty` on the large data set. A stage's figures are computed
 * in SQL, then kept until a table they read changes; the rows time the answer when it must be
 * computed (each request distinct from the kept ones: after a commit that moves the versions, or
 * with a `since` of its own), when it is kept, on a fresh process, and `GET /` (P5's method)
 * while computed requests run back to back.
 */
export async function p12(ctx: BenchContext): Promise<Row[]> {
  await ctx.server();
  const d = ctx.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite';
  const data = await openDifficultyData(ctx);
  const b = data.busiest;
  ctx.notes.push(
    `P12: busiest stage ${b.stageId} (${rows(b.stageRows)} of ${rows(b.userLevels)}); ` +
      `${rows(b.stamped)} in user_level_times`,
  );
  const out: Row[] = [];
  let tokens: Callers | null = null;
  try {
    const cold = await coldRuns(ctx, b.stageId);
    const coldMs = median(cold.map((a) => a.ms));
    out.push(
      row(
        'P12',
        `${d}: difficulty of the busiest stage, first request after start (cold)`,
        `${ms(coldMs)} (runs ${cold.map((a) => ms(a.ms)).join(', ')})${statusNote(cold)}`,
        `≤ ${ms(COLD_TARGET_MS)}`,
        coldMs <= COLD_TARGET_MS && cold.every((a) => a.status === 200),
      ),
    );

    const server = await ctx.server();
    const base = `${server.url}${API}/levels/cms/difficulty?`;
    tokens = await callers(server.url, await ctx.bearer());
    out.push(...(await computedRows(ctx, d, data, base, tokens)));
    out.push(await keptRow(ctx, d, base, b));
    out.push(await loopRow(ctx, d, server.url, base, b, tokens));
  } finally {
    await tokens?.revoke();
    await data.close();
  }
  return out;
}

async function computedRows(
  ctx: BenchContext,
  d: string,
  data: DifficultyData,
  base: string,
  tokens: Callers,
): Promise<Row[]> {
  const kinds = variants(data.busiest);
  const once = async (v: Variant) => {
    if (v.touch) await data.touch(data.busiest.stageId);
    return ask(`${base}${v.query()}`, tokens.next());
  };
  // One warm-up of each; then the kinds take turns, so drift of the machine hits them alike.
  const warm: Answer[] = [];
  for (const v of kinds) warm.push(await once(v));
  const perRun = kinds.map(() => [] as Answer[][]);
  for (let run = 0; run < ctx.options.runs; run++) {
    for (const answers of perRun) answers.push([]);
    for (let i = 0; i < PER_RUN; i++) {
      for (const [k, v] of kinds.entries()) perRun[k]![run]!.push(await once(v));
    }
  }
  // Same figures with and without `since`: every row is stamped, so the filter keeps them all.
  const allPlayers = warm[0]!.players;
  const sincePlayers = warm[2]!.players;
  return kinds.map((v, k) => {
    const s = summary(perRun[k]!);
    const unstamped =
      k === 2 && sincePlayers !== allPlayers
        ? ` — since= counts ${sincePlayers.toLocaleString('en')} players, not ${allPlayers.toLocaleString('en')}: rows without a stamp`
        : '';
    return row(
      'P12',
      `${d}: difficulty of the ${v.label}, computed`,
      `${s.text}${statusNote(perRun[k]!.flat())}${unstamped}`,
      `p50 ≤ ${ms(TARGET_MS)}`,
      s.ok && s.p50 <= TARGET_MS && unstamped === '',
    );
  });
}

async function keptRow(ctx: BenchContext, d: string, base: string, b: Busiest): Promise<Row> {
  const url = `${base}stageId=${b.stageId}`;
  // The admin's session only: an API token's first use is a write (its last use), a new version.
  const headers = await ctx.bearer();
  await ask(url, headers);
  const perRun: Answer[][] = [];
  for (let run = 0; run < ctx.options.runs; run++) {
    const answers: Answer[] = [];
    for (let i = 0; i < PER_RUN; i++) answers.push(await ask(url, headers));
    perRun.push(answers);
  }
  const s = summary(perRun);
  return row(
    'P12',
    `${d}: difficulty of the busiest stage, kept (the same request again)`,
    `${s.text}${statusNote(perRun.flat())}`,
    `p50 ≤ ${ms(TARGET_MS)}`,
    s.ok && s.p50 <= TARGET_MS,
  );
}

/**
 * P5's method: `GET /` at 100 req/s over 5 connections, idle and then while this process sends
 * computed difficulty requests back to back (a `since` of their own each, so nothing is written
 * meanwhile); runs alternate, the first pair warms up. Target: loaded p95 ≤ max(10 ms, 3 × idle).
 */
async function loopRow(
  ctx: BenchContext,
  d: string,
  url: string,
  base: string,
  b: Busiest,
  tokens: Callers,
): Promise<Row> {
  const probe: LoadJob = { url: `${url}/`, connections: 5, overallRate: 100, duration: ctx.options.duration };
  const idle: LoadResult[] = [];
  const loaded: LoadResult[] = [];
  const heavy: Answer[] = [];
  for (let i = 0; i <= ctx.options.runs; i++) {
    const quiet = await ctx.loader.run(probe);
    let running = true;
    const loop = (async () => {
      const answers: Answer[] = [];
      while (running)
        answers.push(await ask(`${base}stageId=${b.stageId}&since=${distinctSince()}`, tokens.next()));
      return answers;
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const during = await ctx.loader.run(probe);
    running = false;
    const answers = await loop;
    if (i > 0) {
      idle.push(quiet);
      loaded.push(during);
      heavy.push(...answers);
    }
  }
  const idleP95 = median(idle.map((r) => r.p95));
  const loadedP95 = median(loaded.map((r) => r.p95));
  const limit = Math.max(10, 3 * idleP95);
  const ok = [...idle, ...loaded].every(allOk) && heavy.every((a) => a.status === 200);
  const heavyP50 = percentile(
    heavy.map((a) => a.ms).sort((x, y) => x - y),
    50,
  );
  return row(
    'P12',
    `${d}: GET / p95 while computed difficulty (busiest stage, distinct since=) runs in a loop`,
    `${ms(loadedP95)} (idle ${ms(idleP95)}; ${heavy.length} difficulty answers meanwhile, p50 ${ms(heavyP50)})` +
      `${ok ? '' : ' — errors during the runs'}${statusNote(heavy)}`,
    `≤ ${ms(limit)}`,
    ok && loadedP95 <= limit,
  );
}
