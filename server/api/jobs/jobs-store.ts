import type { ExpressionBuilder } from 'kysely';
import type { JobStatus } from '#shared/links/api.ts';
import { RECENT_JOBS } from '#shared/links/api.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { ChangeContext } from '../audit/record.ts';
import { looseDb, type Values, isoTime } from '../resources/rows.ts';

const UNFINISHED: JobStatus[] = ['queued', 'running'];
/** Jobs read per statement while looking for the recent ones an account may see. */
const RECENT_BATCH = 200;
export const INTERRUPTED_MESSAGE = 'The server stopped while this job ran; start it again to finish it.';

const iso = isoTime;

const parsed = <T>(text: unknown): T | null => (typeof text === 'string' ? (JSON.parse(text) as T) : null);

/** A job as the `jobs` table holds it: its kind's parameters and result are JSON. */
export interface Job<P, R> {
  id: number;
  status: JobStatus;
  params: P;
  done: number;
  total: number;
  result: R | null;
  error: string | null;
  username: string;
  changeSetId: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
  /** The instance (host/pid/tag) that runs or ran it. */
  instance: string | null;
  /** The languages it may touch (null: every language): only accounts reaching them all see it. */
  languages: number[] | null;
}

/** What the owner of a job writes of it as it goes. */
export type JobProgress<R> = Partial<{
  status: JobStatus;
  done: number;
  total: number;
  result: R;
  error: string | null;
}>;

function toJob<P, R>(row: Values): Job<P, R> {
  return {
    id: Number(row.id),
    status: row.status as JobStatus,
    params: parsed<P>(row.params)!,
    done: Number(row.done),
    total: Number(row.total),
    result: parsed<R>(row.result),
    error: (row.error as string | null) ?? null,
    username: String(row.username),
    languages: parsed<number[]>(row.languages),
    changeSetId: (row.changeSetId as string | null) ?? null,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    finishedAt: iso(row.finishedAt),
    instance: (row.owner as string | null) ?? null,
  };
}

/** Whose job it is, and until when it counts as alive unless renewed. */
export interface Lease {
  owner: string;
  until: string;
}

const isUniqueViolation = (error: unknown) =>
  ['23505', 'SQLITE_CONSTRAINT_UNIQUE'].includes(String((error as { code?: unknown })?.code));

export type JobsStore<P, R> = ReturnType<typeof jobsStore<P, R>>;

/**
 * The `jobs` table, for one kind of job (`link-build`, `release-publish`): every change of a job's state is written at once, so any process can read it.
 * A job under way carries its owner's lease (migration 0019): only the owner writes it while the
 * lease holds, and any instance may mark it interrupted once the lease has run out.
 */
export function jobsStore<P, R>(database: DatabaseHandle, kind: string) {
  const db = looseDb(database);
  const toRow = (row: Values) => toJob<P, R>(row);
  return {
    /**
     * A new queued job, or null when another of its kind is queued or running: the database's
     * unique index on unfinished jobs decides, whichever instance asks.
     */
    async create(
      params: P,
      ctx: ChangeContext,
      changeSetId: string | null,
      lease: Lease,
      /** The languages the job may touch (null: every language): who may see it (issue 43). */
      languages: readonly number[] | null = null,
    ): Promise<Job<P, R> | null> {
      const insert = db
        .insertInto('jobs')
        .values({
          kind,
          status: 'queued',
          params: JSON.stringify(params),
          userId: ctx.actor.userId,
          username: ctx.actor.username,
          languages: languages === null ? null : JSON.stringify(languages),
          ip: ctx.ip,
          changeSetId,
          createdAt: ctx.now,
          updatedAt: ctx.now,
          owner: lease.owner,
          leaseUntil: lease.until,
        })
        .returningAll();
      try {
        return toRow(await insert.executeTakeFirstOrThrow());
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    async get(id: number): Promise<Job<P, R> | null> {
      const row = await db
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', id)
        .where('kind', '=', kind)
        .executeTakeFirst();
      return row ? toRow(row) : null;
    },

    /** The newest RECENT_JOBS jobs `visible` keeps (all by default), read a batch at a time. */
    async recent(visible: (job: Job<P, R>) => boolean = () => true): Promise<Array<Job<P, R>>> {
      const found: Array<Job<P, R>> = [];
      let before: number | null = null;
      for (;;) {
        let query = db.selectFrom('jobs').selectAll().where('kind', '=', kind);
        if (before !== null) query = query.where('id', '<', before);
        const rows = await query.orderBy('id', 'desc').limit(RECENT_BATCH).execute();
        for (const job of rows.map(toRow)) if (visible(job)) found.push(job);
        if (found.length >= RECENT_JOBS || rows.length < RECENT_BATCH) return found.slice(0, RECENT_JOBS);
        before = Number(rows.at(-1)!.id);
      }
    },

    async unfinished(): Promise<Job<P, R> | null> {
      const row = await db
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', kind)
        .where('status', 'in', UNFINISHED)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row ? toRow(row) : null;
    },

    /**
     * The owner's write of its job's progress or end, renewing the lease. False when the job is no
     * longer its owner's to write (its lease ran out and another instance marked it interrupted):
     * the owner then stops.
     */
    async update(id: number, lease: Lease, values: JobProgress<R>, now: string): Promise<boolean> {
      const { result, ...rest } = values;
      const finished = values.status && !UNFINISHED.includes(values.status);
      const updated = await db
        .updateTable('jobs')
        .set({
          ...rest,
          ...(result ? { result: JSON.stringify(result) } : {}),
          updatedAt: now,
          leaseUntil: finished ? null : lease.until,
          ...(finished ? { finishedAt: now } : {}),
        })
        .where('id', '=', id)
        .where('owner', '=', lease.owner)
        .where('status', 'in', UNFINISHED)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },

    /** The owner's heartbeat: false when the job is no longer its own (see update). */
    async renew(id: number, lease: Lease): Promise<boolean> {
      const updated = await db
        .updateTable('jobs')
        .set({ leaseUntil: lease.until })
        .where('id', '=', id)
        .where('owner', '=', lease.owner)
        .where('status', 'in', UNFINISHED)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },

    /**
     * Jobs under way whose lease ran out before `now` (or that never had one: stored before leases)
     * have lost the process that ran them: marked interrupted, by whichever instance sees it first.
     * Returns their ids.
     */
    async interruptExpired(now: string): Promise<number[]> {
      const expired = (eb: ExpressionBuilder<Record<string, Values>, 'jobs'>) =>
        eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now)]);
      // Read first: the usual answer is none, and a read is no write (on PostgreSQL every write
      // makes requireAdmin forget what it remembered, server/db/access-changes.ts).
      const found = await db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', kind)
        .where('status', 'in', UNFINISHED)
        .where(expired)
        .execute();
      if (found.length === 0) return [];
      const rows = await db
        .updateTable('jobs')
        .set({
          status: 'interrupted',
          error: INTERRUPTED_MESSAGE,
          updatedAt: now,
          finishedAt: now,
          leaseUntil: null,
        })
        .where(
          'id',
          'in',
          found.map((row) => Number(row.id)),
        )
        .where('status', 'in', UNFINISHED)
        .where(expired)
        .returning('id')
        .execute();
      return rows.map((row) => Number(row.id));
    },
  };
}
