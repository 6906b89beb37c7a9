import { readFileSync } from 'node:fs';
import type { LoadJob, Loader } from './load.ts';
import { median } from './report.ts';

// utime + stime of /proc/…/stat, in µs (clock ticks of 10 ms: USER_HZ is 100 on Linux).
function cpuMicros(statFile: string): number {
  const fields = readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

export interface CpuPerRequest {
  /** The whole server process (its read workers and GC threads included), µs per request. */
  total: number;
  /** Its main thread alone (the event loop every request waits for), µs per request. */
  main: number;
}

/**
 * CPU time the server spends per request, for each job: runs of a fixed number of requests,
 * interleaved, the median of each. On a shared machine this moves far less than latencies do.
 */
export async function cpuPerRequest(
  loader: Loader,
  pid: number,
  jobs: LoadJob[],
  runs: number,
): Promise<CpuPerRequest[]> {
  const samples = jobs.map(() => ({ total: [] as number[], main: [] as number[] }));
  for (let i = 0; i < runs; i++) {
    for (const [j, job] of jobs.entries()) {
      const before = {
        total: cpuMicros(`/proc/${pid}/stat`),
        main: cpuMicros(`/proc/${pid}/task/${pid}/stat`),
      };
      const result = await loader.run(job);
      const total = cpuMicros(`/proc/${pid}/stat`) - before.total;
      const main = cpuMicros(`/proc/${pid}/task/${pid}/stat`) - before.main;
      samples[j]!.total.push(total / result.requests);
      samples[j]!.main.push(main / result.requests);
    }
  }
  return samples.map((s) => ({ total: median(s.total), main: median(s.main) }));
}
