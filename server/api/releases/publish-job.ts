import { createHash } from 'node:crypto';
import type { Finding } from '#shared/releases/api.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Logger } from '../../logger.ts';
import type { ChangeContext } from '../audit/record.ts';
import type { JobRun } from '../jobs/leased-jobs.ts';
import { INTERRUPTED_MESSAGE } from '../jobs/jobs-store.ts';
import { slicer } from '../solvability/compute-all.ts';
import { contentVersion } from './draft.ts';
import type { DraftThreads } from './draft-thread.ts';
import { findingsOf } from './gate.ts';
import { releaseLanguages } from './snapshot.ts';
import type { ReleaseStore } from './store.ts';

/** What a publish job was asked (the `jobs` row's params). */
export interface PublishParams {
  notes: string;
  force: boolean;
  reason: string | null;
  share: number;
  /** The schedule it runs for, if any. */
  scheduleId: number | null;
}

export interface PublishResult {
  release: number | null;
}

/** Reads of the draft that found it changed mid-way before a build gives up. */
const ATTEMPTS = 3;

/** A publish refused by the gate: the job fails, naming the findings. */
export function refusal(findings: readonly Finding[]): string {
  const first = findings
    .slice(0, 3)
    .map((f) => f.message)
    .join('; ');
  return `Refused: the draft has ${findings.length} ${findings.length === 1 ? 'finding' : 'findings'} (${first}${findings.length > 3 ? '; …' : ''}). Fix them, or force the publish with a reason.`;
}

/**
 * Builds and publishes a release (the publish job's work): for each active language, its draft
 * is read, judged by the gate (refused unless forced), written as one JSON bundle, hashed and
 * compressed once (all of it in the draft thread), and stored in chunks; a draft that changed while it was read (an import under
 * way) is read again. Then, in one transaction, the release is published and the game's current
 * (or staged) release switched to it, with its audit entry; older releases past the retention
 * are pruned. The job's row says which language it is at; a stop between languages discards the
 * release being built.
 */
export async function runPublish(deps: {
  database: DatabaseHandle;
  store: ReleaseStore;
  threads: DraftThreads;
  run: JobRun<PublishParams, PublishResult>;
  ctx: () => ChangeContext;
  retention: number;
  logger: Logger;
  onPublished: (number: number) => void;
}): Promise<void> {
  const { database, store, run } = deps;
  const { job } = run;
  const params = job.params;
  const pause = slicer();
  const now = () => deps.ctx().now;
  let releaseId: number | null = null;
  const result: PublishResult = { release: null };
  try {
    await store.discardBuilding(pause);
    for (let attempt = 1; ; attempt++) {
      const before = await contentVersion(database, store, Date.parse(now()));
      const languages = await releaseLanguages(database);
      if (!(await run.update(job.id, { status: 'running', total: languages.length, done: 0, result }, now())))
        return;
      const number = await store.nextNumber();
      releaseId = await store.createBuilding({
        number,
        notes: params.notes,
        forcedReason: params.force ? params.reason : null,
        findings: null,
        userId: deps.ctx().actor.userId,
        username: deps.ctx().actor.username,
        jobId: job.id,
        now: now(),
      });
      const findings: Finding[] = [];
      const hashes: string[] = [];
      let done = 0;
      for (const language of languages) {
        if (run.stopping()) {
          await store.discardBuilding(pause);
          await run.update(job.id, { status: 'interrupted', error: INTERRUPTED_MESSAGE, result }, now());
          return;
        }
        // Read, judged and built in the draft thread (draft-thread.ts).
        const built = await deps.threads.use((thread) => thread.build(language, params.force));
        findings.push(...built.findings);
        if (!built.bytes || (findings.length > 0 && !params.force)) {
          await store.discardBuilding(pause);
          await run.update(job.id, { status: 'failed', error: refusal(findings), result }, now());
          return;
        }
        await store.writeBundle(releaseId, language, built.bytes, built.counts, pause);
        hashes.push(`${language.id}:${built.bytes.hash}`);
        done += 1;
        if (!(await run.update(job.id, { done, result }, now()))) return;
      }
      if ((await contentVersion(database, store, Date.parse(now()))) !== before) {
        await store.discardBuilding(pause);
        releaseId = null;
        if (attempt < ATTEMPTS) continue;
        throw new Error(
          'The draft kept changing while the release was built (an import or a link job under way?): publish again once it is done.',
        );
      }
      const contentHash = createHash('sha256').update(hashes.join('\n')).digest('base64url');
      await store.publish(
        { id: releaseId, number, contentHash, share: params.share, findings: findingsOf(findings) },
        {
          ctx: deps.ctx(),
          action: 'publish',
          before: null,
          after: {
            notes: params.notes,
            contentHash,
            share: params.share,
            ...(params.force ? { forcedReason: params.reason, findings: findings.length } : {}),
            ...(params.scheduleId ? { scheduleId: params.scheduleId } : {}),
          },
        },
      );
      releaseId = null;
      result.release = number;
      deps.onPublished(number);
      await run.update(job.id, { status: 'done', done, result }, now());
      break;
    }
    const pruned = await store.prune(deps.retention, pause);
    if (pruned.length > 0) deps.logger.info({ releases: pruned }, 'releases past the retention pruned');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (releaseId !== null) await store.discardBuilding(pause).catch(() => undefined);
    await run.update(job.id, { status: 'failed', error: message.slice(0, 500), result }, now());
  }
}
