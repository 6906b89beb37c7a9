import type { JobStatus, LinkJob, LinkJobRequest, LinkJobResult } from '#shared/links/api.ts';
import { RECENT_JOBS } from '#shared/links/api.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { ChangeContext } from '../audit/record.ts';
import { looseDb, type Values } from '../resources/rows.ts';

export const LINK_JOB = 'link-build';
const UNFINISHED: JobStatus[] = ['queued', 'running'];
export const INTERRUPTED_MESSAGE = 'The server stopped while this job ran; start it again to finish it.';

const iso = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString()
      : new Date(String(value)).toISOString();

const parsed = <T>(text: unknown): T | null => (typeof text === 'string' ? (JSON.parse(text) as T) : null);

function toJob(row: Values): LinkJob {
  return {
    id: Number(row.id),
    status: row.status as JobStatus,
    params: parsed<LinkJobRequest>(row.params)!,
    done: Number(row.done),
    total: Number(row.total),
    result: parsed<LinkJobResult>(row.result),
    error: (row.error as string | null) ?? null,
    username: String(row.username),
    changeSetId: (row.changeSetId as string | null) ?? null,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    finishedAt: iso(row.finishedAt),
  };
}

export type JobsStore = ReturnType<typeof jobsStore>;

/** The `jobs` table: every change of a job's state is written at once, so any process can read it. */
export function jobsStore(database: DatabaseHandle) {
  const db = looseDb(database);
  return {
    async create(params: LinkJobRequest, ctx: ChangeContext, changeSetId: string): Promise<LinkJob> {
      const row = await db
        .insertInto('jobs')
        .values({
          kind: LINK_JOB,
          status: 'queued',
          params: JSON.stringify(params),
          userId: ctx.actor.userId,
          username: ctx.actor.username,
          ip: ctx.ip,
          changeSetId,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toJob(row);
    },

    async get(id: number): Promise<LinkJob | null> {
      const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toJob(row) : null;
    },

    async recent(): Promise<LinkJob[]> {
      const rows = await db
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', LINK_JOB)
        .orderBy('id', 'desc')
        .limit(RECENT_JOBS)
        .execute();
      return rows.map(toJob);
    },

    async unfinished(): Promise<LinkJob | null> {
      const row = await db
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', LINK_JOB)
        .where('status', 'in', UNFINISHED)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row ? toJob(row) : null;
    },

    async update(
      id: number,
      values: Partial<Pick<LinkJob, 'status' | 'done' | 'total' | 'result' | 'error'>>,
      now: string,
    ): Promise<void> {
      const { result, ...rest } = values;
      const finished = values.status && !UNFINISHED.includes(values.status);
      await db
        .updateTable('jobs')
        .set({
          ...rest,
          ...(result ? { result: JSON.stringify(result) } : {}),
          updatedAt: now,
          ...(finished ? { finishedAt: now } : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    /** At start-up: a job this table says is under way has lost the process that ran it. */
    async interruptUnfinished(now: string): Promise<number> {
      const result = await db
        .updateTable('jobs')
        .set({ status: 'interrupted', error: INTERRUPTED_MESSAGE, updatedAt: now, finishedAt: now })
        .where('status', 'in', UNFINISHED)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
