import type { Schedule } from '#shared/releases/api.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { conflict, notFound } from '../http/errors.ts';
import { looseDb, type Values } from '../resources/rows.ts';

/** Schedules listed besides the pending ones. */
const RECENT = 20;

const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

function toSchedule(row: Values): Schedule {
  return {
    id: Number(row.id),
    at: iso(row.runAt),
    notes: String(row.notes),
    forcedReason: (row.forcedReason as string | null) ?? null,
    share: Number(row.share),
    username: String(row.username),
    status: row.status as Schedule['status'],
    error: (row.error as string | null) ?? null,
    jobId: row.jobId === null || row.jobId === undefined ? null : Number(row.jobId),
  };
}

export interface StoredSchedule extends Schedule {
  userId: number | null;
  ip: string;
}

export type ScheduleStore = ReturnType<typeof scheduleStore>;

/** Publishes to run at a given time (migration 0024). */
export function scheduleStore(database: DatabaseHandle) {
  const db = looseDb(database);
  return {
    /** The pending ones (soonest first), then the latest others. */
    async list(): Promise<Schedule[]> {
      const [pending, others] = await Promise.all([
        db
          .selectFrom('releaseSchedules')
          .selectAll()
          .where('status', '=', 'pending')
          .orderBy('runAt')
          .execute(),
        db
          .selectFrom('releaseSchedules')
          .selectAll()
          .where('status', '<>', 'pending')
          .orderBy('id', 'desc')
          .limit(RECENT)
          .execute(),
      ]);
      return [...pending, ...others].map(toSchedule);
    },

    async create(values: {
      at: string;
      notes: string;
      forcedReason: string | null;
      share: number;
      userId: number;
      username: string;
      ip: string;
      now: string;
    }): Promise<Schedule> {
      const row = await db
        .insertInto('releaseSchedules')
        .values({
          runAt: values.at,
          notes: values.notes,
          forcedReason: values.forcedReason,
          share: values.share,
          userId: values.userId,
          username: values.username,
          ip: values.ip,
          createdAt: values.now,
          status: 'pending',
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toSchedule(row);
    },

    async cancel(id: number): Promise<Schedule> {
      const updated = await db
        .updateTable('releaseSchedules')
        .set({ status: 'cancelled' })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
      if (updated) return toSchedule(updated);
      const row = await db.selectFrom('releaseSchedules').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound(`Schedule ${id} not found`);
      throw conflict(`Schedule ${id} is ${String(row.status)}: only a pending one can be cancelled`);
    },

    /** Pending schedules due by `now`, soonest first. */
    async due(now: string): Promise<StoredSchedule[]> {
      const rows = await db
        .selectFrom('releaseSchedules')
        .selectAll()
        .where('status', '=', 'pending')
        .where('runAt', '<=', now)
        .orderBy('runAt')
        .execute();
      return rows.map((row) => ({
        ...toSchedule(row),
        userId: row.userId === null ? null : Number(row.userId),
        ip: String(row.ip),
      }));
    },

    /** Takes a due schedule for this instance: false when another instance took it first. */
    async claim(id: number): Promise<boolean> {
      const updated = await db
        .updateTable('releaseSchedules')
        .set({ status: 'started' })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    },

    async settle(id: number, values: { status?: Schedule['status']; error?: string | null; jobId?: number }) {
      await db.updateTable('releaseSchedules').set(values).where('id', '=', id).execute();
    },
  };
}
