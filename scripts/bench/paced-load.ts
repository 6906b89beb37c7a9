import http from 'node:http';
import type { LoadJob, LoadResult } from './load.ts';
import { loadResult } from './load-result.ts';

/** How often the pacer wakes to send what is due (ms). */
const TICK_MS = 1;

/**
 * An offered load: requests sent at an even pace (`overallRate` per second), whether or not the
 * earlier ones were answered, over at most `connections` keep-alive connections. Each latency runs
 * from the moment the request was due, so time spent waiting for a free connection counts as the
 * server's (no coordinated omission).
 *
 * Why not autocannon's `overallRate`: it is a quota per connection and second. Each connection
 * sends back to back until its share of the second is spent, then waits for the next second, so
 * "200 req/s over 10 connections" was a burst of 200 requests at a concurrency of 10 once a second,
 * and its p50 about ten times a request's own time whatever the rate.
 */
export function pacedLoad(job: LoadJob & { overallRate: number }) {
  const url = new URL(job.url);
  const paths = job.paths ?? [`${url.pathname}${url.search}`];
  const total = job.amount ?? Math.round(job.overallRate * job.duration);
  const timeoutMs = (job.timeoutSeconds ?? 30) * 1000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  let timeouts = 0;
  let sent = 0;
  let settled = 0;

  return new Promise<LoadResult>((resolve) => {
    const started = performance.now();
    const finish = () => {
      if (++settled < total) return;
      agent.destroy();
      resolve(loadResult({ latencies, statusCodes, errors, timeouts, started }));
    };
    const send = (due: number, path: string) => {
      const request = http.get(
        { host: url.hostname, port: url.port, path, headers: job.headers ?? {}, agent, timeout: timeoutMs },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - due);
            statusCodes[response.statusCode!] = (statusCodes[response.statusCode!] ?? 0) + 1;
            finish();
          });
        },
      );
      request.on('timeout', () => {
        timeouts++;
        request.destroy();
      });
      request.on('error', () => {
        errors++;
        finish();
      });
    };
    const pace = () => {
      const dueNow = Math.min(
        total,
        Math.floor(((performance.now() - started) / 1000) * job.overallRate) + 1,
      );
      for (; sent < dueNow; sent++)
        send(started + (sent * 1000) / job.overallRate, paths[sent % paths.length]!);
      if (sent < total) setTimeout(pace, TICK_MS);
    };
    if (total === 0) return finish();
    pace();
  });
}
