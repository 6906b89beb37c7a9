import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

/**
 * A redis-server of the test's own on a free loopback port, for faults (pause, stop, start) that
 * must never touch the machine's shared Redis. Nothing is kept on disk.
 */
export interface PrivateRedis {
  url: string;
  port: number;
  /** CLIENT PAUSE for `ms`: Redis stops answering, as a frozen or swapping server does. */
  pause(ms: number): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const url = `redis://127.0.0.1:${port}`;

  async function start() {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    const until = Date.now() + 10_000;
    for (;;) {
      const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        await probe.ping();
        probe.disconnect();
        return;
      } catch {
        probe.disconnect();
        if (Date.now() > until) throw new Error(`private redis-server on ${port} did not start`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }

  async function stop() {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.on('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  }

  await start();
  return {
    url,
    port,
    start,
    stop,
    async pause(ms) {
      const admin = new Redis(url);
      await admin.call('CLIENT', 'PAUSE', String(ms), 'ALL');
      admin.disconnect();
    },
  };
}
