import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database.ts';
import type { DraftContent } from './draft-content.ts';
import type { DraftThreads } from './draft-thread.ts';
import type { ReleaseStore } from './store.ts';

/** The tables a release is made of. */
const CONTENT_TABLES = [
  'languages',
  'stages',
  'levels',
  'letter_groups',
  'letter_group_levels',
  'letter_group_words',
  'words',
];
/** Content written outside the API on SQLite (an operator's sqlite3) shows after this long at the latest. */
const SQLITE_REFRESH_MS = 10 * 60_000;

/** The draft's check (draft-content.ts), under the content version it was read at. */
export interface DraftCheck extends DraftContent {
  version: string;
}

/**
 * A value that moves whenever the draft or the current release may have changed: on PostgreSQL
 * the content tables' change counters (any writer, any instance); on SQLite, whose counter moves
 * with every commit (players' results included), the audit log's last id and each table's
 * highest id, and a period — content an operator wrote by hand shows within it.
 */
export async function contentVersion(
  database: DatabaseHandle,
  store: ReleaseStore,
  now: number,
): Promise<string> {
  const state = (await store.state()).key;
  if (database.dialect === 'postgres') {
    const counters = await Promise.all(CONTENT_TABLES.map((table) => database.changeVersion(table)));
    return `${counters.join('|')}|${state}`;
  }
  const highest = CONTENT_TABLES.map((table) => sql`coalesce((select max(id) from ${sql.table(table)}), 0)`);
  const [row] = await database.read(
    sql`select (select max(id) from audit_log) as audit, ${sql.join(highest, sql`|| ',' ||`)} as tables`.compile(
      database.db,
    ),
  );
  return `${String(row?.audit)}|${String(row?.tables)}|${Math.floor(now / SQLITE_REFRESH_MS)}|${state}`;
}

/**
 * The draft checked as a publish would check it (draft-content.ts), in a thread of its own
 * (draft-thread.ts): reading and judging every language's draft holds hundreds of MB for seconds,
 * which on the event loop delayed every other request (P13's `GET /` during a publish).
 */
export async function checkDraft(
  database: DatabaseHandle,
  store: ReleaseStore,
  threads: DraftThreads,
  now: number,
): Promise<DraftCheck> {
  const version = await contentVersion(database, store, now);
  return { version, ...(await threads.use((thread) => thread.check(now))) };
}

/** How long the panel waits for a check of a changed draft before it is shown the last one. */
const PANEL_WAIT_MS = 3000;

/**
 * The draft's check, kept until the draft or the current release changes (contentVersion): one
 * computation at a time. A publish waits for the check of the draft as it is (`fresh`); the panel
 * waits a few seconds, then gets the last check marked stale while the new one runs (`latest`).
 */
export function createDraftChecks(
  database: DatabaseHandle,
  store: ReleaseStore,
  threads: DraftThreads,
  clock: () => number,
) {
  let last: DraftCheck | null = null;
  let running: { version: string; done: Promise<DraftCheck> } | null = null;

  function run(version: string): Promise<DraftCheck> {
    if (last?.version === version) return Promise.resolve(last);
    if (running?.version === version) return running.done;
    const previous = running?.done.catch(() => null) ?? Promise.resolve(null);
    const done = previous.then(async () => {
      const checked = await checkDraft(database, store, threads, clock());
      // The draft may have moved while it was read: kept under the version read before.
      last = { ...checked, version };
      return last;
    });
    const entry = { version, done };
    running = entry;
    void done.then(
      () => (running === entry ? (running = null) : undefined),
      () => (running === entry ? (running = null) : undefined),
    );
    return done;
  }

  return {
    async fresh(): Promise<DraftCheck> {
      return run(await contentVersion(database, store, clock()));
    },
    /** `wait: false`: the last check at once (the home), the new one started if the draft changed. */
    async latest({ wait = true } = {}): Promise<{ check: DraftCheck; stale: boolean } | null> {
      const version = await contentVersion(database, store, clock());
      const done = run(version);
      done.catch(() => undefined); // a failure is the next asker's answer
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<null>(
        (resolve) => (timer = setTimeout(() => resolve(null), wait ? PANEL_WAIT_MS : 0)),
      );
      try {
        const check = await Promise.race([done, waited]);
        if (check) return { check, stale: false };
      } finally {
        clearTimeout(timer);
      }
      return last && { check: last, stale: true };
    },
  };
}

export type DraftChecks = ReturnType<typeof createDraftChecks>;
