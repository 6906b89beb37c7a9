import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiLogin, panelLogin, resetBenchAdmin, type BenchAuth } from './auth.ts';
import { fillDatabase, readStamp, type DataStamp } from './data/fill.ts';
import { startLoader, type Loader } from './load.ts';
import { ensureBuild, ROOT, startServer, type BenchServer } from './server.ts';

export interface BenchOptions {
  /** Measured runs per figure (the table shows their median). */
  runs: number;
  /** Seconds per load run. */
  duration: number;
  /** --data DIR / BENCH_DATA_DIR; else bench/data/scale-<scale>, built when missing. */
  dataDir: string | null;
  scale: number;
  databaseUrl: string | null;
}

/** The heaviest P4 query (by p95), which P5 loops in the background. */
export interface HeavyQuery {
  label: string;
  /** Path and query under the content API prefix. */
  path: string;
  p95: number;
}

/**
 * What the benchmarks share in one run: one production server (on the large data set when a
 * selected benchmark needs it, else on an empty database), the bench admin's bearer token and
 * panel session, the load generator, and what earlier rows found out.
 */
export class BenchContext {
  readonly notes: string[] = [];
  /** The benchmarks that ran against the current server, in order (P10 reports them). */
  readonly ran: string[] = [];
  heavy: HeavyQuery | null = null;
  /** Run by close(): what a benchmark started for itself (P6–P8's server). */
  readonly cleanups: Array<() => Promise<void>> = [];
  stamp: DataStamp | null = null;
  dataDir = '';
  /** DATABASE_URL as the server gets it: pointed at the data set's schema when it has one. */
  databaseUrl: string | null = null;
  private serverPromise: Promise<BenchServer> | null = null;
  private authPromise: Promise<BenchAuth> | null = null;
  private cookiePromise: Promise<string> | null = null;
  private loaderInstance: Loader | null = null;
  private scratch: string | null = null;

  constructor(
    readonly options: BenchOptions,
    readonly useLargeData: boolean,
  ) {}

  get loader(): Loader {
    this.loaderInstance ??= startLoader();
    return this.loaderInstance;
  }

  get dialect(): 'sqlite' | 'postgres' {
    return this.options.databaseUrl ? 'postgres' : 'sqlite';
  }

  /** The data folder of the large set, filled first when it has never been. */
  async largeData(): Promise<{ dir: string; stamp: DataStamp }> {
    const given = this.options.dataDir;
    const dir = path.resolve(given ?? path.join(ROOT, 'bench', 'data', `scale-${this.options.scale}`));
    let stamp = readStamp(dir);
    if (!stamp) {
      console.log(`No data set in ${dir}: building one at scale ${this.options.scale} (npm run bench:data)…`);
      stamp = await fillDatabase({
        dir,
        scale: this.options.scale,
        databaseUrl: this.options.databaseUrl,
        pgSchema: null,
        force: given === null,
      });
      this.notes.push(`data set built by this run at scale ${stamp.scale} in ${stamp.seconds} s`);
    }
    if (stamp.dialect !== this.dialect) {
      throw new Error(`${dir} holds a ${stamp.dialect} data set, but this run uses ${this.dialect}`);
    }
    return { dir, stamp };
  }

  server(): Promise<BenchServer> {
    this.serverPromise ??= this.start();
    return this.serverPromise;
  }

  private async start(): Promise<BenchServer> {
    ensureBuild();
    if (this.useLargeData) {
      const { dir, stamp } = await this.largeData();
      this.dataDir = dir;
      this.stamp = stamp;
      const v = stamp.volumes;
      this.notes.push(
        `large data set (${stamp.dialect}, scale ${stamp.scale}): ${v.users.toLocaleString('en')} users, ` +
          `${v.words.toLocaleString('en')} words, ${v.letterGroupWords.toLocaleString('en')} letter-group-words, in ${dir}`,
      );
    } else {
      this.scratch = mkdtempSync(path.join(tmpdir(), 'argus-bench-'));
      this.dataDir = this.scratch;
      this.notes.push('empty database (no selected benchmark needs the large data set)');
    }
    this.databaseUrl = withSchema(this.options.databaseUrl, this.stamp?.pgSchema ?? null);
    const dbOptions = { dataDir: this.dataDir, databaseUrl: this.databaseUrl };
    await resetBenchAdmin(dbOptions);
    mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
    const server = await startServer({ ...dbOptions, logFile: path.join(ROOT, 'bench', 'server.log') });
    console.log(
      `Server ${server.url} (pid ${server.pid}) answered GET / in ${server.firstOkMs.toFixed(0)} ms`,
    );
    return server;
  }

  async auth(): Promise<BenchAuth> {
    const server = await this.server();
    this.authPromise ??= apiLogin(server.url);
    return this.authPromise;
  }

  /** `Authorization` header of the bench admin. */
  async bearer(): Promise<Record<string, string>> {
    return { Authorization: `Bearer ${(await this.auth()).accessToken}` };
  }

  /** `Cookie` header of a logged-in panel session. */
  async cookie(): Promise<Record<string, string>> {
    const server = await this.server();
    const auth = await this.auth();
    this.cookiePromise ??= panelLogin(server.url, auth);
    return { Cookie: await this.cookiePromise };
  }

  /** Stops the server (P10 starts its own ones afterwards). */
  async stopServer(): Promise<void> {
    if (!this.serverPromise) return;
    const server = await this.serverPromise.catch(() => null);
    this.serverPromise = null;
    this.authPromise = null;
    this.cookiePromise = null;
    await server?.stop();
  }

  async close(): Promise<void> {
    for (const cleanup of this.cleanups) await cleanup();
    await this.stopServer();
    this.loaderInstance?.close();
    if (this.scratch) rmSync(this.scratch, { recursive: true, force: true });
  }
}

/** The server reads no schema setting: a data set in its own schema is reached through the URL. */
function withSchema(databaseUrl: string | null, schema: string | null): string | null {
  if (!databaseUrl || !schema) return databaseUrl;
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}
