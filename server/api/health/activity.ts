import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { HealthActivity, HealthReport } from '#shared/health-report.ts';
import type { DatabaseHandle } from '../../db/database.ts';

const RECENT = 10;
export const DAYS = 30;
const DAY_MS = 86_400_000;

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

/**
 * The latest audit entries, and audited writes per UTC day over the last 30 days. Bounded on any
 * log size: ids grow with time, so the first id of the window is found by bisecting the primary
 * key (about 20 point reads), and only the window's rows are grouped.
 *
 * `within` (an account that is no administrator, issue 43): only the entries the audit log shows
 * it (reach-condition.ts: the content tables, and its languages' rows when limited to some), both
 * the latest ones — then those of the last 30 days only, which bounds the search — and the counts
 * per day.
 */
export async function recentActivity(
  database: DatabaseHandle,
  now: number,
  within: RawBuilder<SqlBool> | null = null,
): Promise<Pick<HealthReport, 'activity' | 'editsPerDay'>> {
  const db = database.db as unknown as Kysely<never>;
  const read = (query: RawBuilder<unknown>) => database.read(query.compile(db));
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const since = new Date(today - (DAYS - 1) * DAY_MS);
  const columns = sql`select id, at, username, action, entity, entity_id from audit_log`;
  let window: { first: number; last: number } | null = null;
  let recent: Array<Record<string, unknown>>;
  if (within) {
    const [top] = await read(sql`select max(id) as id from audit_log`);
    const last = top?.id === null || top?.id === undefined ? null : Number(top.id);
    if (last !== null) window = { first: await firstIdSince(read, since, last), last };
    recent = window
      ? await read(sql`${columns} where id >= ${window.first} and id <= ${window.last} and ${within}
        order by id desc limit ${RECENT}`)
      : [];
  } else {
    recent = await read(sql`${columns} order by id desc limit ${RECENT}`);
    const last = recent[0]?.id;
    if (last !== undefined)
      window = { first: await firstIdSince(read, since, Number(last)), last: Number(last) };
  }
  const activity: HealthActivity[] = recent.map((r) => ({
    id: Number(r.id),
    at: iso(r.at),
    username: String(r.username),
    action: String(r.action),
    resource: String(r.entity),
    entityId: Number(r.entityId),
  }));

  const days = Array.from({ length: DAYS }, (_, i) =>
    new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10),
  );
  const counts = new Map(days.map((day) => [day, 0]));
  if (window) {
    const day =
      database.dialect === 'postgres'
        ? sql`to_char(at at time zone 'UTC', 'YYYY-MM-DD')`
        : sql`substr(at, 1, 10)`;
    const rows = await read(sql`select ${day} as day, count(*) as n from audit_log
      where id >= ${window.first} and id <= ${window.last}${within ? sql` and ${within}` : sql``} group by 1`);
    for (const row of rows) {
      const key = String(row.day);
      if (counts.has(key)) counts.set(key, Number(row.n));
    }
  }
  return { activity, editsPerDay: days.map((day) => ({ day, edits: counts.get(day) ?? 0 })) };
}

/** The lowest id whose entry (or the next existing one) is at or after `since`; last + 1 when none. */
async function firstIdSince(
  read: (query: RawBuilder<unknown>) => Promise<Array<Record<string, unknown>>>,
  since: Date,
  last: number,
): Promise<number> {
  let low = 1;
  let high = last + 1;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const [row] = await read(sql`select id, at from audit_log where id >= ${middle} order by id limit 1`);
    if (!row || new Date(iso(row.at)).getTime() >= since.getTime()) high = middle;
    else low = Number(row.id) + 1;
  }
  return low;
}
