import autocannon from 'autocannon';
import type { LoadJob, LoadResult } from './load.ts';
import { loadResult } from './load-result.ts';
import { pacedLoad } from './paced-load.ts';

/**
 * The load generator's own process (forked by load.ts): runs each job it is sent and answers the
 * figures. As much as the connections take (closed loop): autocannon, latencies recorded per
 * response here (its histogram has no p95), in milliseconds from sending to the end of the answer.
 * An offered rate (`overallRate`): an even pace, open loop (paced-load.ts).
 */
function run(job: LoadJob): Promise<LoadResult> {
  if (job.overallRate) return pacedLoad({ ...job, overallRate: job.overallRate });
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const statusCodes: Record<string, number> = {};
    const started = performance.now();
    const instance = autocannon(
      {
        url: job.url,
        connections: job.connections,
        duration: job.duration,
        ...(job.amount ? { amount: job.amount } : {}),
        headers: job.headers ?? {},
        ...(job.paths ? { requests: job.paths.map((path) => ({ path })) } : {}),
        timeout: job.timeoutSeconds ?? 30,
      },
      (error, result) => {
        if (error) return reject(error);
        resolve(
          loadResult({ latencies, statusCodes, errors: result.errors, timeouts: result.timeouts, started }),
        );
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
    });
  });
}

process.on('message', (message: { id: number; job: LoadJob }) => {
  run(message.job).then(
    (result) => process.send!({ id: message.id, result }),
    (error: unknown) => process.send!({ id: message.id, error: String(error) }),
  );
});
