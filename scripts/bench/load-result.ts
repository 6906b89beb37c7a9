import type { LoadResult } from './load.ts';

/** The p-th percentile of sorted values (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A run's figures from its latencies (ms, any order) and answers, timed from `started`. */
export function loadResult(run: {
  latencies: number[];
  statusCodes: Record<string, number>;
  errors: number;
  timeouts: number;
  started: number;
}): LoadResult {
  const { latencies, statusCodes } = run;
  const elapsed = (performance.now() - run.started) / 1000;
  latencies.sort((a, b) => a - b);
  const ok = Object.entries(statusCodes)
    .filter(([code]) => code.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    requests: latencies.length,
    ok,
    errors: run.errors,
    timeouts: run.timeouts,
    statusCodes,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
  };
}
