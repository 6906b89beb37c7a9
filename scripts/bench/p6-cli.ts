import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Agent, request } from 'undici';
import { normalizeWord, splitLetters } from '../../shared/words.ts';
import { API, apiLogin, resetBenchAdmin } from './auth.ts';
import type { BenchContext } from './context.ts';
import { BENCH_ADMIN, SQLITE_FILE } from './data/fill.ts';
import { generateWords } from './data/words.ts';
import { naiveBuildable } from './links.ts';
import { median, row, skip, type Row } from './report.ts';
import { ROOT, startServer, type BenchServer } from './server.ts';

export const HUGE = '/usr/share/dict/american-english-huge';
const HINT = `${HUGE} is missing: apt-get install wamerican-huge`;
export const GROUPS = 10_000;
const EXPORTED = 500_000;

/** A server on an empty SQLite database of its own, with the CLI logged in to it. */
export interface CliWorld {
  server: BenchServer;
  dir: string;
  /** Infinity when stopped at `timeoutMs`. */
  cli(args: string[], stdin?: string, timeoutMs?: number): { ms: number; out: string };
  imported: boolean;
  /** The bench admin's bearer token on this server. */
  accessToken: string;
}

let world: Promise<CliWorld> | null = null;

export function cliWorld(ctx: BenchContext): Promise<CliWorld> {
  world ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'argus-bench-cli-'));
    await resetBenchAdmin({ dataDir: dir, databaseUrl: null });
    // Its log goes to bench/, which a run of these benchmarks alone has not made yet.
    mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
    const server = await startServer({
      dataDir: dir,
      databaseUrl: null,
      logFile: path.join(ROOT, 'bench', 'server-cli.log'),
    });
    // Stopped even when what follows fails (a run that failed to log in hung, its server alive).
    ctx.cleanups.push(async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    const env = {
      ...process.env,
      ARGUS_API_URL: `${server.url}${API}`,
      XDG_CONFIG_HOME: dir,
      DATABASE_URL: '',
    };
    const cli = (args: string[], stdin?: string, timeoutMs = 0) => {
      const started = performance.now();
      const result = spawnSync(process.execPath, ['cli/bin.js', ...args], {
        cwd: ROOT,
        env,
        input: stdin,
        encoding: 'utf8',
        // One line per rejected word (possessives…) on stderr: tens of thousands of them.
        maxBuffer: 256 * 2 ** 20,
        timeout: timeoutMs,
      });
      const ms = performance.now() - started;
      if (timeoutMs && result.signal) return { ms: Number.POSITIVE_INFINITY, out: '' };
      if (result.status !== 0) {
        const reason = result.stderr.split('\n').findLast((line) => line.startsWith('Error'));
        throw new Error(
          `argus-words ${args.join(' ')} exited ${result.status}: ${reason ?? result.stderr.slice(-300)}`,
        );
      }
      return { ms, out: result.stdout };
    };
    const { accessToken, recoveryCodes } = await apiLogin(server.url);
    cli(
      ['login', '--username', BENCH_ADMIN.username, '--password-stdin', '--otp', recoveryCodes[0]!],
      BENCH_ADMIN.password,
    );
    cli(['language', 'create', '--set', 'language=English']);
    cli(['language', 'create', '--set', 'language=Export']);
    return { server, dir, cli, imported: false, accessToken };
  })();
  return world;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** P6: `words import` of american-english-huge into an empty database, then again unchanged. */
export async function p6(ctx: BenchContext): Promise<Row[]> {
  if (!existsSync(HUGE)) {
    return [
      skip('P6', 'words import of american-english-huge', HINT),
      skip('P6', 'words import, re-run', HINT),
    ];
  }
  const w = await cliWorld(ctx);
  const first = w.cli(['words', 'import', HUGE, '--language', '1']).ms;
  w.imported = true;
  const again = median([0, 1, 2].map(() => w.cli(['words', 'import', HUGE, '--language', '1']).ms));
  return [
    row(
      'P6',
      'words import of american-english-huge into an empty database',
      seconds(first),
      '≤ 15 s',
      first <= 15_000,
    ),
    row(
      'P6',
      'words import of the same file again (nothing changes; median of 3)',
      seconds(again),
      '≤ 5 s',
      again <= 5_000,
    ),
  ];
}

/**
 * P7 and P7J: the world with american-english-huge imported (once), GROUPS letter groups of 7
 * letters (real words reversed, so each builds at least one) and its SQLite file open.
 */
export async function sevenLetterWorld(ctx: BenchContext) {
  const w = await cliWorld(ctx);
  if (!w.imported) w.cli(['words', 'import', HUGE, '--language', '1']);
  w.imported = true;
  const words = [
    ...new Set(
      readFileSync(HUGE, 'utf8')
        .split('\n')
        .map(normalizeWord)
        .flatMap((n) => (n?.ok ? [n.word] : [])),
    ),
  ];
  const sources = words.filter((word) => splitLetters(word).length === 7);
  const groups = [...new Set(sources.map((word) => [...word].reverse().join('')))].slice(0, GROUPS);
  const db = new SQLite(path.join(w.dir, SQLITE_FILE));
  db.pragma('busy_timeout = 5000');
  return { w, words, groups, db };
}

/** Of these letter groups, those whose links are not exactly the words a naive scan builds. */
export function wronglyLinked(
  db: SQLite.Database,
  words: readonly string[],
  sample: ReadonlyArray<{ id: number; letters: string }>,
) {
  const linked = db.prepare(
    'SELECT w.letters FROM letter_group_words l JOIN words w ON w.id = l.word_id WHERE l.letter_group_id = ? ORDER BY w.letters',
  );
  return sample.filter(({ id, letters }) => {
    const got = (linked.all(id) as Array<{ letters: string }>).map((r) => r.letters);
    return got.join() !== naiveBuildable(words, letters).sort().join();
  });
}

/** P7: `links build` for 10,000 seven-letter groups against that dictionary; 5 groups checked by hand. */
export async function p7(ctx: BenchContext): Promise<Row[]> {
  if (!existsSync(HUGE)) return [skip('P7', 'links build, 10,000 letter groups of 7 letters', HINT)];
  const { w, words, groups, db } = await sevenLetterWorld(ctx);
  db.prepare("INSERT INTO stages (letters, letter_count, number) VALUES ('7 letters', 7, 1)").run();
  const insert = db.prepare(
    'INSERT OR IGNORE INTO letter_groups (letters, language_id, stage_id) VALUES (?, 1, 1)',
  );
  db.transaction(() => groups.forEach((g) => insert.run(g)))();
  const took = w.cli(['links', 'build', '--language', '1']).ms;
  const sample = db
    .prepare('SELECT id, letters FROM letter_groups ORDER BY id LIMIT 5 OFFSET 1000')
    .all() as Array<{ id: number; letters: string }>;
  const wrong = wronglyLinked(db, words, sample);
  db.close();
  return [
    row(
      'P7',
      `links build, ${groups.length.toLocaleString('en')} letter groups of 7 letters (5 checked by letter counts)`,
      `${seconds(took)}${wrong.length ? ` — ${wrong.length} of 5 groups linked the wrong words` : ''}`,
      '≤ 30 s',
      wrong.length === 0 && took <= 30_000,
    ),
  ];
}

/**
 * P8: `words export` of 500,000 words, `words import` of that file unchanged, a bulk update of
 * 10,000 rows through the bulk endpoint.
 */
export async function p8(ctx: BenchContext): Promise<Row[]> {
  if (!existsSync(HUGE)) {
    return [
      skip('P8', 'words export of 500,000 words', HINT),
      skip('P8', 'words import of the same csv, unchanged', HINT),
      skip('P8', 'bulk update of 10,000 rows', HINT),
    ];
  }
  const w = await cliWorld(ctx);
  const db = new SQLite(path.join(w.dir, SQLITE_FILE));
  db.pragma('busy_timeout = 5000');
  const words = generateWords('en', EXPORTED, 2025);
  const insert = db.prepare('INSERT OR IGNORE INTO words (letters, language_id) VALUES (?, 2)');
  db.transaction(() => words.forEach((word) => insert.run(word)))();
  db.close();
  const out = path.join(w.dir, 'export.csv');
  // Stopped after a minute: the verdict is clear by then, and a full run stays short.
  const exported = w.cli(
    ['words', 'export', '--language', '2', '--format', 'csv', '--out', out],
    undefined,
    60_000,
  ).ms;
  const lines = Number.isFinite(exported)
    ? readFileSync(out, 'utf8').trimEnd().split('\n').length - 1
    : EXPORTED;
  // The same file imported back unchanged: a dry-run pass compares it chunk by chunk, nothing to write.
  const reimport = Number.isFinite(exported)
    ? w.cli(['--json', 'words', 'import', out, '--yes'], undefined, 60_000)
    : { ms: Number.POSITIVE_INFINITY, out: '' };
  const counts = reimport.out
    ? (JSON.parse(reimport.out) as { counts: { unchanged: number; created: number; updated: number } }).counts
    : null;

  // A connection of its own: a pooled one may have idled past the server's keep-alive (EPIPE).
  const dispatcher = new Agent();
  const started = performance.now();
  let updated = 0;
  for (let i = 0; i < 10_000; i += 1000) {
    const rows = words.slice(i, i + 1000).map((letters) => ({ letters, languageId: 2, isActive: false }));
    const response = await request(`${w.server.url}${API}/words/cms/bulk`, {
      method: 'POST',
      dispatcher,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${w.accessToken}` },
      body: JSON.stringify({ rows }),
    });
    const body = (await response.body.json()) as { counts?: { updated: number } };
    updated += body.counts?.updated ?? 0;
  }
  const bulk = performance.now() - started;
  await dispatcher.close();
  return [
    row(
      'P8',
      `words export of ${lines.toLocaleString('en')} words (csv)`,
      Number.isFinite(exported) ? seconds(exported) : '> 60 s (stopped)',
      '≤ 5 s',
      lines === EXPORTED && exported <= 5_000,
    ),
    row(
      'P8',
      `words import of the same ${lines.toLocaleString('en')}-word csv, unchanged`,
      Number.isFinite(reimport.ms)
        ? `${seconds(reimport.ms)} (${counts?.unchanged ?? 0} unchanged, ${(counts?.created ?? 0) + (counts?.updated ?? 0)} changed)`
        : '> 60 s (stopped)',
      '≤ 5 s',
      counts?.unchanged === lines && counts.created + counts.updated === 0 && reimport.ms <= 5_000,
    ),
    row(
      'P8',
      'bulk update of 10,000 words (10 bulk requests of 1,000)',
      `${seconds(bulk)} (${updated} updated)`,
      '≤ 3 s',
      updated === 10_000 && bulk <= 3_000,
    ),
  ];
}
