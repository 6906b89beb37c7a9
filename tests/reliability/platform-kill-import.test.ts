import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { enrolAdmin } from './panel-client.ts';
import { scaled } from './scale.ts';
import { startServer, type ServerProcess } from './server-processes.ts';

/**
 * kill -9 in the middle of a bulk import — of the CLI, then of the server — and the same import run
 * again: the database ends exactly as after one clean run (same words, none twice).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'import-admin-password';
const WORDS = scaled(25_000, 150_000);

function wordList(): string[] {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const words: string[] = [];
  for (let n = 0; words.length < WORDS; n++) {
    let word = '';
    for (let v = n + 26 * 26 * 26; v > 0; v = Math.floor(v / 26)) word += letters[v % 26];
    words.push(word);
  }
  return words;
}

interface Site {
  dataDir: string;
  server: ServerProcess;
  codes: string[];
  configHome: string;
}

const cliEnv = (site: Site) => ({ PATH: process.env.PATH!, XDG_CONFIG_HOME: site.configHome });
const apiOf = (site: Site) => `${site.server.url}/arguscreative/words`;

function cli(site: Site, args: string[], input?: string) {
  return spawnSync(process.execPath, ['cli/bin.js', '--api', apiOf(site), ...args], {
    cwd: ROOT,
    env: cliEnv(site),
    input,
    encoding: 'utf8',
    timeout: 120_000,
  });
}

async function start(dataDir: string): Promise<ServerProcess> {
  return startServer({
    DATA_DIR: dataDir,
    DEMO_CONTENT: 'false',
    ADMIN_USERNAME: 'importer',
    ADMIN_PASSWORD: PASSWORD,
  });
}

async function newSite(): Promise<Site> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'argus-import-'));
  const server = await start(dataDir);
  const codes = await enrolAdmin(server.url, 'importer', PASSWORD);
  const site = { dataDir, server, codes, configHome: mkdtempSync(path.join(tmpdir(), 'argus-import-cli-')) };
  login(site);
  const language = cli(site, ['language', 'create', '--set', 'language=Importish']);
  expect(language.status, language.stderr).toBe(0);
  return site;
}

function login(site: Site): void {
  const result = cli(
    site,
    ['login', '--username', 'importer', '--password-stdin', '--otp', site.codes.shift()!],
    PASSWORD,
  );
  expect(result.status, result.stderr).toBe(0);
}

function storedWords(site: Site): string[] {
  const db = new Database(path.join(site.dataDir, 'argus-words.sqlite'), { readonly: true });
  const rows = db.prepare('select letters from words order by letters').all() as Array<{ letters: string }>;
  db.close();
  return rows.map((r) => r.letters);
}

/** Starts the import and SIGKILLs `victim` once the first words are in. */
async function importKilledMidway(site: Site, file: string, victim: 'cli' | 'server'): Promise<void> {
  const child = spawn(
    process.execPath,
    ['cli/bin.js', '--api', apiOf(site), 'words', 'import', file, '--language', '1'],
    {
      cwd: ROOT,
      env: cliEnv(site),
      stdio: 'ignore',
    },
  );
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const until = Date.now() + 60_000;
  while (storedWords(site).length < 2_000 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
  if (victim === 'cli') child.kill('SIGKILL');
  else site.server.child.kill('SIGKILL');
  await exited;
}

describe('kill -9 mid-import, then the same import again', () => {
  const sites: Site[] = [];
  const work = mkdtempSync(path.join(tmpdir(), 'argus-import-file-'));
  const file = path.join(work, 'words.txt');
  writeFileSync(file, `${wordList().join('\n')}\n`);

  afterAll(async () => {
    for (const site of sites) {
      await site.server.stop();
      rmSync(site.dataDir, { recursive: true, force: true });
      rmSync(site.configHome, { recursive: true, force: true });
    }
    rmSync(work, { recursive: true, force: true });
  });

  it('ends as a clean run does, whether the CLI or the server was killed', async () => {
    const clean = await newSite();
    sites.push(clean);
    const once = cli(clean, ['words', 'import', file, '--language', '1']);
    expect(once.status, once.stderr).toBe(0);
    const expected = storedWords(clean);
    expect(expected).toHaveLength(WORDS);

    const cliKilled = await newSite();
    sites.push(cliKilled);
    await importKilledMidway(cliKilled, file, 'cli');
    expect(storedWords(cliKilled).length).toBeLessThan(WORDS);
    const again = cli(cliKilled, ['words', 'import', file, '--language', '1']);
    expect(again.status, again.stderr).toBe(0);
    expect(storedWords(cliKilled)).toEqual(expected);

    const serverKilled = await newSite();
    sites.push(serverKilled);
    await importKilledMidway(serverKilled, file, 'server');
    expect(storedWords(serverKilled).length).toBeLessThan(WORDS);
    serverKilled.server = await start(serverKilled.dataDir);
    login(serverKilled);
    const rerun = cli(serverKilled, ['words', 'import', file, '--language', '1']);
    expect(rerun.status, rerun.stderr).toBe(0);
    expect(storedWords(serverKilled)).toEqual(expected);
  }, 300_000);
});
