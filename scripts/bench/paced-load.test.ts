import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { pacedLoad } from './paced-load.ts';

/** A local server that notes when each request arrived and answers after `delayMs`. */
async function recordingServer(delayMs: number) {
  const arrivals: number[] = [];
  const server: Server = createServer((_req, res) => {
    arrivals.push(performance.now());
    setTimeout(() => res.end('ok'), delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url, arrivals, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('the bench’s offered load', () => {
  let close: (() => Promise<unknown>) | undefined;
  afterEach(async () => close?.());

  it('sends requests at an even pace, not in bursts', async () => {
    const server = await recordingServer(0);
    close = server.close;
    const result = await pacedLoad({ url: server.url, connections: 10, duration: 1, overallRate: 100 });
    expect(result.requests).toBe(100);
    expect(result.ok).toBe(100);
    // Spread over the second, where a load in bursts sends all 100 at once. Even pacing puts a
    // quarter of them in the first quarter; an event loop stalled by the suites running beside
    // this one may bunch many more, never all.
    const first = server.arrivals[0]!;
    expect(server.arrivals.at(-1)! - first).toBeGreaterThan(700);
    expect(server.arrivals.filter((at) => at < first + 250).length).toBeLessThan(75);
  });

  it('counts the wait for a free connection as latency (open loop)', async () => {
    // 50 req/s offered to a server that takes 100 ms, over one connection: the queue grows.
    const server = await recordingServer(100);
    close = server.close;
    const result = await pacedLoad({ url: server.url, connections: 1, duration: 0.2, overallRate: 50 });
    expect(result.requests).toBe(10);
    expect(result.max).toBeGreaterThan(800);
    expect(result.p50).toBeGreaterThan(300);
  });
});
