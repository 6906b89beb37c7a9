import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerWithAdmin } from './admin-server.ts';
import { PANEL, type PanelBrowser } from './panel-client.ts';
import { scaled } from './scale.ts';
import { BUNDLE, startServer, type ServerProcess } from './server-processes.ts';

/**
 * The production process: SIGTERM under load (public pages and proxied panel calls) finishes every
 * accepted request and exits 0 within 10 s; its files are its user's only; a full or read-only
 * data directory stops it with one clear line and exit code 1.
 */
const USERNAME = 'deploy-admin';
const PASSWORD = 'deploy-admin-password';

describe('SIGTERM under load', () => {
  let server: ServerProcess;
  let browser: PanelBrowser;

  beforeAll(async () => {
    ({ server, browser } = await startServerWithAdmin(USERNAME, PASSWORD));
  }, 60_000);
  afterAll(() => server.stop());

  it('answers every request it accepted, proxied ones included, and exits 0 within 10 s', async () => {
    const agent = new Agent({ connections: 16, pipelining: 1 });
    const statuses: number[] = [];
    let refusedAfterSignal = 0;
    let signalledAt = Infinity;
    const worker = async (w: number) => {
      for (let i = 0; Date.now() < signalledAt + 2_000 && i < 10_000; i++) {
        const url = w % 2 ? `${server.url}${PANEL}/api/languages/cms/search/?size=5` : `${server.url}/`;
        const sentAt = Date.now();
        try {
          const res = await request(url, { dispatcher: agent, headers: { cookie: browser.cookie } });
          await res.body.arrayBuffer();
          statuses.push(res.statusCode);
        } catch (error) {
          // Refused connections after the signal are expected: the listener is closed.
          if (sentAt < signalledAt) throw error;
          refusedAfterSignal++;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
    await new Promise((resolve) => setTimeout(resolve, scaled(1_500, 10_000)));
    signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const code = await server.exited;
    const tookMs = Date.now() - signalledAt;
    await load;
    await agent.close();
    expect(code).toBe(0);
    expect(tookMs).toBeLessThan(10_000);
    expect(statuses.length).toBeGreaterThan(10); // the signal met requests in flight
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    await server.waitForOutput(/shut down cleanly/);
    expect(refusedAfterSignal).toBeGreaterThanOrEqual(0);
  }, 60_000);
});

describe('files and start-up failures', () => {
  it('keeps its data directory 0700 and its database, WAL and secrets 0600', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'argus-modes-'));
    const server = await startServer({ DATA_DIR: dataDir, DEMO_CONTENT: 'false', ADMIN_PASSWORD: PASSWORD });
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      for (const file of [
        'argus-words.sqlite',
        'argus-words.sqlite-wal',
        'secrets.key',
        'session.secret',
        'sessions.sqlite',
      ]) {
        expect(statSync(path.join(dataDir, file)).mode & 0o777, file).toBe(0o600);
      }
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  // Real file systems: a tiny tmpfs filled up, and a read-only one (root on this machine can mount).
  const mountable =
    spawnSync('sh', ['-c', 'd=$(mktemp -d) && mount -t tmpfs -o size=64k tmpfs "$d" && umount "$d"'])
      .status === 0;

  function run(dataDir: string) {
    return spawnSync(process.execPath, [BUNDLE], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        PORT: '0',
        NODE_ENV: 'production',
        ADMIN_PASSWORD: PASSWORD,
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
  }

  it.runIf(mountable)('stops with one clear line and exit code 1 when the disk is full', () => {
    const mount = mkdtempSync(path.join(tmpdir(), 'argus-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', mount]);
    try {
      writeFileSync(path.join(mount, 'filler'), Buffer.alloc(250 * 1024));
      const result = run(path.join(mount, 'data'));
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toEqual([
        `Cannot start: the data directory ${path.join(mount, 'data')} has no space left (the disk is full). Free some space, then start again.`,
      ]);
    } finally {
      execFileSync('umount', [mount]);
      rmSync(mount, { recursive: true, force: true });
    }
  });

  it.runIf(mountable)(
    'stops with one clear line and exit code 1 when the data directory is read-only',
    () => {
      const mount = mkdtempSync(path.join(tmpdir(), 'argus-ro-'));
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,ro', 'tmpfs', mount]);
      try {
        const result = run(mount);
        expect(result.status).toBe(1);
        expect(result.stderr.trim().split('\n')).toEqual([
          `Cannot start: the data directory ${mount} is not writable (EROFS). Give the server's user write access to it, or set DATA_DIR.`,
        ]);
      } finally {
        execFileSync('umount', [mount]);
        rmSync(mount, { recursive: true, force: true });
      }
    },
  );
});

describe('npm start', () => {
  it('passes SIGTERM to the server: it shuts down cleanly and nothing keeps the port', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'argus-npm-start-'));
    const npm = spawn('npm', ['start'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        PORT: '0',
        ADMIN_PASSWORD: PASSWORD,
        DEMO_CONTENT: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout!.on('data', (chunk: Buffer) => (output += chunk));
    npm.stderr!.on('data', (chunk: Buffer) => (output += chunk));
    // 'close', not 'exit': the last lines on the pipes may arrive after the process has exited.
    const exited = new Promise<number | null>((resolve) => npm.on('close', (code) => resolve(code)));
    try {
      const until = Date.now() + 60_000;
      while (!/listening on (http:\/\/127\.0\.0\.1:\d+)/.test(output) && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      npm.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('shut down cleanly');
      await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    } finally {
      npm.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('logs a client that hangs up mid-request as ordinary traffic, not as a server error', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'argus-hangup-'));
    const server = await startServer({ DATA_DIR: dataDir, DEMO_CONTENT: 'false', ADMIN_PASSWORD: PASSWORD });
    try {
      const { port } = new URL(server.url);
      for (const target of ['/arguscreative/words/auth/login', '/argusma-words-panel/session/login']) {
        const socket = connect(Number(port), '127.0.0.1');
        await new Promise((resolve) => socket.once('connect', resolve));
        socket.write(
          `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
            'X-Argus-CSRF: 1\r\nSec-Fetch-Site: same-origin\r\nContent-Length: 1000\r\n\r\n{"username":',
        );
        await new Promise((resolve) => setTimeout(resolve, 200));
        socket.destroy();
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      const lines = server
        .output()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
