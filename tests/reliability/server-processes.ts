import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * Real server processes for the reliability suites: each started from the production bundle when
 * it was built (`build/server/index.js`), else from the TypeScript entry point under tsx, on a
 * random port, with its own data folder. Loopback only.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
export const BUNDLE = path.join(ROOT, 'build/server/index.js');
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:PORT`, once listening. */
  url: string;
  output(): string;
  /**
   * Resolves with the output once it matches: a line the server wrote before answering may still
   * be in the pipe when the answer arrives, since the two come on different sockets.
   */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after 10 s; resolves when the process is gone. */
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'argus-proc-'));
  const args = existsSync(BUNDLE) ? [BUNDLE] : ['--import', 'tsx', 'server/index.ts'];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH, PORT: '0', LOG_LEVEL: 'info', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  exited.then(() => rmSync(dataDir, { recursive: true, force: true }));

  const until = Date.now() + timeoutMs;
  let url: string | undefined;
  while (!url) {
    url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode} before listening:\n${output}`);
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`server did not listen within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    url,
    output: () => output,
    async waitForOutput(pattern, waitMs = 5_000) {
      const deadline = Date.now() + waitMs;
      while (!pattern.test(output)) {
        if (Date.now() > deadline)
          throw new Error(`server output never matched ${pattern}:\n${output.slice(-3000)}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return output;
    },
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A PostgreSQL database of the test's own on the shared server, dropped by `drop()`. */
export async function scratchPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `argus_rel_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A key prefix of the test's own on the shared Redis; `drop()` deletes its keys. */
export function scratchRedisPrefix(): { url: string; prefix: string; drop(): Promise<void> } {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `argus-rel-${randomBytes(5).toString('hex')}:`;
  return {
    url,
    prefix,
    async drop() {
      const redis = new Redis(url);
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
      await redis.quit();
    },
  };
}

/**
 * What every instance of one site must share (docs/operating.md, "Several instances"): the
 * database, the Redis prefix, the secrets; and its first admin.
 */
export function sharedSiteEnv(
  databaseUrl: string,
  redis: { url: string; prefix: string },
  admin: { username: string; password: string },
): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: redis.prefix,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('base64'),
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    NODE_ENV: 'production',
  };
}
