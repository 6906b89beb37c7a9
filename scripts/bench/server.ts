import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { BENCH_ADMIN } from './data/fill.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface BenchServer {
  url: string;
  pid: number;
  /** ms from spawning `node scripts/start.js` to the first 200 of `GET /`. */
  firstOkMs: number;
  /** Resident set size of the server process, in MB (Linux /proc). */
  rssMb(): number;
  /** CPU seconds (user + system) the server process has used so far (Linux /proc). */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

function newest(dir: string): number {
  let time = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) time = Math.max(time, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return time;
}

/** `npm run build` when build/ is missing or older than the sources (as scripts/start.js decides). */
export function ensureBuild(): void {
  const built = [
    'build/manifest.json',
    'build/server/index.js',
    'build/server/render-worker.js',
    'build/server/read-worker.js',
    'build/server/draft-worker.js',
  ].map((f) => path.join(ROOT, f));
  const sources = Math.max(...['client', 'shared', 'server'].map((d) => newest(path.join(ROOT, d))));
  if (built.every((f) => existsSync(f) && statSync(f).mtimeMs >= sources)) return;
  console.log('Building the production bundle (npm run build)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerOptions {
  dataDir: string;
  databaseUrl: string | null;
  /** Where its log goes (a file: piping 20,000 lines a second through us would slow both). */
  logFile: string;
}

/**
 * The production server as `npm start` runs it (`node scripts/start.js`, NODE_ENV=production) in a
 * process of its own, on loopback, logging as it would in production. Tokens live for a day so a
 * long run never needs a refresh.
 */
/** Profiling a row: BENCH_SERVER_NODE_FLAGS='--cpu-prof --cpu-prof-dir=bench/prof' (Node refuses
 * --cpu-prof in NODE_OPTIONS). */
const nodeFlags = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean);

export async function startServer(options: ServerOptions): Promise<BenchServer> {
  const port = await freePort();
  // A fresh clone has no bench/ folder yet (it is git-ignored).
  mkdirSync(path.dirname(options.logFile), { recursive: true });
  const log = openSync(options.logFile, 'w');
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, 'scripts/start.js'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: options.dataDir,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      DEMO_CONTENT: 'false',
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      ACCESS_TOKEN_TTL: '86400',
      REFRESH_TOKEN_TTL: '86400',
      // A run with the panel's render threads off (or more of them) for comparison.
      ...(process.env.RENDER_THREADS ? { RENDER_THREADS: process.env.RENDER_THREADS } : {}),
      // Issue 46: the words checked against dictionaries (e.g. BENCH_DICTIONARIES=English=en).
      ...(process.env.BENCH_DICTIONARIES ? { DICTIONARIES: process.env.BENCH_DICTIONARIES } : {}),
      // GET /metrics with this token (heap, RSS, event-loop lag) while looking into a row.
      ...(process.env.BENCH_METRICS_TOKEN ? { METRICS_TOKEN: process.env.BENCH_METRICS_TOKEN } : {}),
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  let firstOkMs = 0;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited (${child.exitCode}); see ${options.logFile}`);
    }
    const ok = await fetch(`${url}/`).then(
      (r) => r.arrayBuffer().then(() => r.status === 200),
      () => false,
    );
    if (ok) {
      firstOkMs = performance.now() - started;
      break;
    }
    if (performance.now() - started > 120_000) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer GET / within 120 s; see ${options.logFile}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return {
    url,
    pid: child.pid!,
    firstOkMs,
    rssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
    },
    cpuSeconds() {
      // Fields 14 and 15 of /proc/PID/stat (after the command in parentheses), in clock ticks.
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A helper server of the bench (bare-server.ts, floor-server.ts) under tsx; it prints `{"port":…}`. */
export async function startHelper(script: string, args: string[]): Promise<{ url: string; stop(): void }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, script), ...args],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      const match = /\{"port":(\d+)\}/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`${script} exited (${code}) before listening`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}
