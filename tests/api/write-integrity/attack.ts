import fc from 'fast-check';
import { violations } from './oracle.ts';
import { build, recipe, type Kind, type Planned } from './requests.ts';
import { auditSince, snapshot, trashSince } from './snapshot.ts';
import type { Answer, World } from './world.ts';

/**
 * The model-based property (issue 43): `runs` generated write requests, one after another against
 * the same evolving database, each sent by a generated caller and judged by the oracle from the
 * database before and after it. Shrinking is off (the database moves on between runs); a failure
 * names the request, its answer and every broken promise, and the seed to replay it.
 */

export interface AttackStats {
  requests: number;
  byKind: Partial<Record<Kind, number>>;
  /** Requests by status class ('2xx', '4xx'…), for the test's log. */
  byStatus: Record<string, number>;
  /** Requests that changed at least one row. */
  changing: number;
}

/** A link job answers 202 and writes later: wait until it ends, so its writes belong to it. */
async function settled(world: World, request: Planned, answer: Answer): Promise<void> {
  if (request.kind !== 'link-job' || answer.status !== 202) return;
  const id = (answer.body as { id: number }).id;
  const admin = world.callers[0]!;
  for (let i = 0; i < 400; i += 1) {
    const job = await world.send(admin, 'GET', `letter-groups/cms/link-jobs/${id}`);
    const status = (job.body as { status?: string }).status;
    if (status === undefined) throw new Error(`link job ${id}: ${job.status} ${job.text}`);
    if (status !== 'queued' && status !== 'running') return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`link job ${id} did not end`);
}

export async function attack(world: World, options: { runs: number; seed: number }): Promise<AttackStats> {
  const stats: AttackStats = { requests: 0, byKind: {}, byStatus: {}, changing: 0 };
  await fc.assert(
    fc.asyncProperty(recipe(world.callers.map((caller) => caller.weight)), async (r) => {
      const before = await snapshot(world.database);
      const request = await build(r, world, before);
      // The session's routes are sent without the caller's credentials: a logout would end them.
      const as = request.kind === 'auth' ? null : request.caller;
      const answer = await world.send(as, request.method, request.path, request.body, request.headers);
      await settled(world, request, answer);
      const after = await snapshot(world.database);
      const entries = await auditSince(world.database, before.auditTop);
      const trash = await trashSince(world.database, before.trashTop);
      const found = violations({ request, answer, before, after, entries, trash });
      stats.requests += 1;
      stats.byKind[request.kind] = (stats.byKind[request.kind] ?? 0) + 1;
      const status = `${Math.floor(answer.status / 100)}xx`;
      stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
      if (entries.length > 0) stats.changing += 1;
      if (process.env.WRITE_INTEGRITY_DEBUG && answer.status >= 400)
        console.warn(`${request.kind} ${request.caller.name} ${answer.status} ${answer.text.slice(0, 90)}`);
      if (found.length > 0) {
        throw new Error(
          [
            `${request.caller.name}: ${request.method} ${request.path} ${JSON.stringify(request.headers)}`,
            `body: ${request.body?.slice(0, 600) ?? '(none)'}`,
            `answer ${answer.status}: ${answer.text.slice(0, 600)}`,
            ...found.map((v) => `  ✗ ${v}`),
            ...entries
              .slice(0, 8)
              .map(
                (e) =>
                  `  history: ${e.username} ${e.action} ${e.entity} ${e.entityId} (${e.changeSetId ?? '-'})`,
              ),
          ].join('\n'),
        );
      }
    }),
    { numRuns: options.runs, seed: options.seed, endOnFailure: true },
  );
  return stats;
}
