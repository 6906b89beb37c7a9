import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'argus-proc-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs the real entry point (server/index.ts) as a separate process. */
function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      DEMO_CONTENT: 'false',
      ADMIN_PASSWORD: 'correct-horse-battery-staple',
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c));
  child.stderr.on('data', (c: Buffer) => (stderr += c));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

async function waitFor(check: () => boolean, what: string, ms = 20_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('server entry point', () => {
  it('exits non-zero with one line naming an invalid variable', async () => {
    const server = runServer({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    const lines = server.err().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT /);
  });

  it('listens, logs its URL and one line per request, and stops cleanly on SIGTERM', async () => {
    const server = runServer({ PORT: '0', LOG_LEVEL: 'info' });
    await waitFor(() => /listening on http:\/\/127\.0\.0\.1:\d+/.test(server.out()), 'the listening line');
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(server.out())![1]!;

    const res = await fetch(`${url}/about-us?utm=x`);
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id');
    await waitFor(() => server.out().includes(requestId!), 'the request log line');
    const line = JSON.parse(
      server
        .out()
        .split('\n')
        .find((l) => l.includes(requestId!))!,
    );
    expect(line).toMatchObject({
      req: { id: requestId, method: 'GET', path: '/about-us' },
      res: { status: 200 },
    });
    expect(typeof line.durationMs).toBe('number');
    expect(JSON.stringify(line)).not.toContain('utm');

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.out()).toContain('SIGTERM received');
  });

  it('answers 400 to a malformed percent-encoding and keeps every log line JSON', async () => {
    const server = runServer({ PORT: '0', LOG_LEVEL: 'info' });
    await waitFor(() => /listening on http:\/\/127\.0\.0\.1:\d+/.test(server.out()), 'the listening line');
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(server.out())![1]!;
    for (const path of ['/%E0%A4%A', '/assets/%E0%A4%A', '/about-us/%FF']) {
      const res = await fetch(`${url}${path}`);
      expect(res.status, path).toBe(400);
      expect(await res.text()).toBe('The URL is not valid percent-encoding.');
    }
    await waitFor(() => server.out().includes('%FF'), 'the request log lines');
    server.child.kill('SIGTERM');
    await server.exited;
    const lines = (server.out() + server.err()).trim().split('\n');
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
  });
});
