import { letterGroup, letterGroupWord } from '#shared/entities/index.ts';
import type { LinkJob, LinkJobRequest, LinkJobResult } from '#shared/links/api.ts';
import { inWriteOrder, planGroup, wordIndexAsync, type WordIndex } from '#shared/links/plan.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { ChangeContext } from '../audit/record.ts';
import { badRequest } from '../http/errors.ts';
import { keysetChunks, listQueries } from '../resources/list-query.ts';
import { fromRow } from '../resources/rows.ts';
import { parseSearchQuery, type SearchFilter } from '../resources/search-query.ts';
import type { Store } from '../resources/store.ts';
import { linkData } from './data.ts';
import { nextTurn } from '../next-turn.ts';
import { INTERRUPTED_MESSAGE, type JobProgress } from '../jobs/jobs-store.ts';

/** Letter groups planned, written and reported per step. */
const GROUP_CHUNK = 200;
/**
 * Links per write transaction: SQLite rewrites the index pages a transaction touches once, and
 * links go to random words, so larger transactions write far less per link. The CLI's batch (the
 * bulk API's largest), which made P7J faster than smaller transactions did. Another request's
 * write waits for the commit meanwhile: ten slices.
 */
const JOB_TX_LINKS = 5000;
/**
 * Links written between two turns of the event loop, inside the transaction: SQLite works
 * synchronously and Kysely chains statements on microtasks, so this is the longest stretch the job
 * holds the loop while writing. Other requests' writes wait for the commit meanwhile. Each slice
 * reads its references and existing links and writes its links and audit entries in a handful of
 * statements, so fewer, larger slices made P7J's job faster while `/healthz` still answered well
 * within P7J's budget.
 */
const JOB_SLICE_LINKS = 500;
/** Groups whose current links are read per query (a re-run reads every current link of each). */
const LINKS_READ_GROUPS = 50;
/** Longest stretch of matching before the loop lets other requests run. */
const SLICE_MS = 5;

/** The list's filters (`?stageId=3&isActive=true`) as the letter-group search reads them. */
export function jobFilters(where: LinkJobRequest['where']): SearchFilter[] {
  const strings = Object.fromEntries(Object.entries(where).map(([k, v]) => [k, String(v)]));
  for (const paging of ['page', 'size']) {
    if (paging in strings) throw badRequest(`Invalid link job: where takes filters, not ${paging}`);
  }
  return parseSearchQuery(letterGroup, strings).filters;
}

/**
 * The job's own row, written by its owner: false once the job is no longer the owner's (another
 * instance saw its lease run out), and the runner then stops without writing again.
 */
export interface JobWriter {
  update(id: number, values: JobProgress<LinkJobResult>, now: string): Promise<boolean>;
}

export const emptyResult = (): LinkJobResult => ({
  groups: 0,
  skipped: 0,
  created: 0,
  unchanged: 0,
  rejected: 0,
  pruned: 0,
  outdated: 0,
});

/**
 * Runs one link job: every letter group the filters name, a chunk of groups at a time — plan
 * (the shared `links build` rules; the matching pauses every few milliseconds), link through the
 * bulk upsert (5000 rows per transaction, written 500 at a time with a turn of the event loop
 * between), prune through the bulk delete when asked — and the progress written to the jobs table
 * after each chunk. `stopping()` ends it between chunks, as does a write the jobs table refuses
 * (the job is no longer this process's).
 */
export async function runLinkJob(deps: {
  database: DatabaseHandle;
  store: Store;
  jobs: JobWriter;
  job: LinkJob;
  ctx: () => ChangeContext;
  stopping: () => boolean;
}): Promise<void> {
  const { database, store, jobs, job } = deps;
  const now = () => deps.ctx().now;
  const result = emptyResult();
  try {
    const data = linkData(database);
    const filters = jobFilters(job.params.where);
    // An account limited to some languages builds links for their letter groups only.
    const languages = deps.ctx().actor.reach.languages;
    const list = listQueries(
      database,
      { ...letterGroup, order: 'asc' },
      { page: 0, size: GROUP_CHUNK, filters, ...(languages ? { languages } : {}) },
    );
    const total = await list.count();
    if (!(await jobs.update(job.id, { status: 'running', total, result }, now()))) return;
    const reuseLetters = job.params.reuseLetters === true;
    const indexes = new Map<number, WordIndex>();
    const indexOf = async (languageId: number) => {
      let index = indexes.get(languageId);
      if (!index) {
        index = await wordIndexAsync(await data.activeWords(languageId), { reuseLetters }, nextTurn, true);
        indexes.set(languageId, index);
      }
      return index;
    };
    let done = 0;
    for await (const rows of keysetChunks(list, GROUP_CHUNK)) {
      if (deps.stopping()) {
        await jobs.update(job.id, { status: 'interrupted', error: INTERRUPTED_MESSAGE, done, result }, now());
        return;
      }
      const groups = rows.map((row) => fromRow(letterGroup, row));
      const active = groups.filter((g) => g.isActive === true);
      result.skipped += groups.length - active.length;
      const links = await data.linksOf(
        active.map((g) => g.id as number),
        LINKS_READ_GROUPS,
      );
      const create: Array<{ letterGroupId: number; wordId: number }> = [];
      const prune: number[] = [];
      let slice = performance.now();
      for (const g of active) {
        const group = { id: g.id as number, letters: String(g.letters) };
        const plan = planGroup(await indexOf(g.languageId as number), group, links.get(group.id) ?? []);
        for (const wordId of plan.create) create.push({ letterGroupId: group.id, wordId });
        if (job.params.prune) prune.push(...plan.prune.map((link) => link.id));
        else result.outdated += plan.prune.length;
        result.groups++;
        if (performance.now() - slice > SLICE_MS) {
          await nextTurn();
          slice = performance.now();
        }
      }
      // The chunk's links by word: each transaction then writes a slice of the word index.
      const ordered = inWriteOrder(create, create.length);
      for (let at = 0; at < ordered.length; at += JOB_TX_LINKS) {
        await nextTurn();
        const outcome = await store.bulk(
          letterGroupWord,
          ordered.slice(at, at + JOB_TX_LINKS),
          false,
          deps.ctx(),
          { rows: JOB_SLICE_LINKS, pause: nextTurn },
        );
        result.created += outcome.counts.created;
        result.unchanged += outcome.counts.unchanged + outcome.counts.updated;
        result.rejected += outcome.counts.rejected;
      }
      if (prune.length > 0) {
        await nextTurn();
        const outcome = await store.bulkDelete(letterGroupWord, { ids: prune }, deps.ctx());
        result.pruned += outcome.changed;
        result.rejected += outcome.refused;
      }
      done += groups.length;
      if (!(await jobs.update(job.id, { done, result }, now()))) return;
    }
    await jobs.update(job.id, { status: 'done', done, total: Math.max(total, done), result }, now());
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await jobs.update(job.id, { status: 'failed', error: message.slice(0, 500), result }, now());
  }
}
