import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { median } from './report.ts';

export interface LoadJob {
  url: string;
  connections: number;
  /** Seconds. */
  duration: number;
  /** Stop after this many requests instead (overrides duration). */
  amount?: number;
  /** Requests per second offered at an even pace, over all connections (paced-load.ts). */
  overallRate?: number;
  headers?: Record<string, string>;
  /** Paths each connection cycles through, instead of the URL's own. */
  paths?: string[];
  timeoutSeconds?: number;
}

export interface LoadResult {
  requests: number;
  /** 2xx answers. */
  ok: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** A load process of its own (load-runner.ts), so the load never shares a CPU queue with us. */
export interface Loader {
  run(job: LoadJob): Promise<LoadResult>;
  close(): void;
}

export function startLoader(): Loader {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'load-runner.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let next = 0;
  const waiting = new Map<number, { resolve(r: LoadResult): void; reject(e: Error): void }>();
  child.on('message', (message: { id: number; result?: LoadResult; error?: string }) => {
    const entry = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error !== undefined) entry?.reject(new Error(message.error));
    else entry?.resolve(message.result!);
  });
  child.on('exit', () => {
    for (const entry of waiting.values()) entry.reject(new Error('the load generator exited'));
  });
  return {
    run(job) {
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.send({ id, job });
      });
    },
    close: () => child.kill(),
  };
}

/** Whether a run's answers were all 2xx (a fast error must never pass as a fast answer). */
export const allOk = (r: LoadResult) => r.errors === 0 && r.timeouts === 0 && r.ok === r.requests && r.ok > 0;

/**
 * One warm-up run, then `runs` measured runs of each job, interleaved (A B A B …) so that drift
 * of the machine hits both sides alike; answers the runs of each job.
 */
export async function measureRuns(
  loader: Loader,
  jobs: LoadJob[],
  runs: number,
  warmup: Partial<LoadJob> = {},
): Promise<LoadResult[][]> {
  for (const job of jobs) await loader.run({ ...job, ...warmup });
  const results: LoadResult[][] = jobs.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (const [j, job] of jobs.entries()) results[j]!.push(await loader.run(job));
  }
  return results;
}

/** The median over runs of one figure. */
export const med = (runs: readonly LoadResult[], pick: (r: LoadResult) => number) => median(runs.map(pick));
