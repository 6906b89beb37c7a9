import { sql, type Kysely } from 'kysely';
import { auditEntry, entityByResource } from '#shared/entities/index.ts';
import { isAdministrator } from '#shared/permissions.ts';
import { reachCondition } from '../access/reach-condition.ts';
import type { HealthCounts, HealthReport } from '#shared/health-report.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { json } from '../http/call.ts';
import { implement, type ApiOperation } from '../http/operation.ts';
import { contentHealth } from './declarations.ts';
import { recentActivity } from './activity.ts';
import { contentCounts, tableCountsWithin } from './counts.ts';
import { createFindings } from './findings.ts';
import { keptUntilChanged } from './kept-run.ts';
import type { DifficultyService } from '../difficulty/service.ts';
import { reportWithinReach } from '../access/health-reach.ts';
import { snakeCase } from '../resources/rows.ts';

/** The tables the checks read: players' progress (users, user-levels) changing never reruns them. */
const LINTED = [
  'languages',
  'stages',
  'levels',
  'letter-groups',
  'letter-group-levels',
  'letter-group-words',
  'words',
];
/** Content written outside the API (an operator's sqlite3) shows up after this long at the latest. */
const REFRESH_MS = 10 * 60_000;
/** Players' results change all the time: their findings are recomputed at most this often. */
export const DIFFICULTY_REFRESH_MS = 30_000;
const DIFFICULTY_TABLES = ['user_levels', 'levels', 'languages', 'stages'];

/**
 * `health/cms` (an extension): the panel home's content health report — counts per table and per
 * language/stage, the shared lint findings with samples and the list that shows each, the latest
 * audit entries and writes per day. Read-only, so nothing is audited. Every account gets the report
 * of what it may read (access/health-reach.ts): its tables, its languages' rows, their history.
 */
export function healthOperations(deps: {
  database: DatabaseHandle;
  clock: () => number;
  difficulty: DifficultyService;
}): ApiOperation[] {
  const { database, clock } = deps;
  const difficulty = keptUntilChanged(() => deps.difficulty.allFindings(), clock, {
    minIntervalMs: DIFFICULTY_REFRESH_MS,
  });
  const findings = createFindings(database, clock);
  const db = database.db as unknown as Kysely<never>;
  const tablesWithin = tableCountsWithin(database);

  /**
   * When the findings must be recomputed. PostgreSQL: any committed write to a checked table, by
   * any instance or client (its change counters, which follow the order of commits; an audit id
   * does not: ids are handed out before commit, so a write committing after a higher id would go
   * unseen). SQLite (one instance; its counter is the whole file's, so the game's writes would
   * rerun the checks): any audited write, a row added to or removed from a checked table, or the
   * refresh period passing.
   */
  const lintVersion = async (counts: HealthCounts, now: number): Promise<string> => {
    const period = Math.floor(now / REFRESH_MS);
    if (database.dialect === 'postgres') {
      const tables = LINTED.map((resource) => snakeCase(entityByResource(resource)!.table));
      return `${(await Promise.all(tables.map((t) => database.changeVersion(t)))).join('|')}|${period}`;
    }
    const [last] = await database.read(sql`select max(id) as id from audit_log`.compile(db));
    const tables = LINTED.map((resource) => counts.tables[resource]);
    return `${String(last?.id ?? 0)}|${JSON.stringify(tables)}|${period}`;
  };

  const report = implement(contentHealth, async (ctx) => {
    const now = clock();
    const { reach } = ctx.actor!;
    // An account that is no administrator: counts and activity of what its lists and history show.
    const within = isAdministrator(reach) ? null : reachCondition(auditEntry, reach.languages);
    const [counts, recent, visibleTables] = await Promise.all([
      contentCounts(database),
      recentActivity(database, now, within),
      within ? tablesWithin(reach) : null,
    ]);
    const version = await lintVersion(counts, now);
    const played = (await Promise.all(DIFFICULTY_TABLES.map((t) => database.changeVersion(t)))).join('|');
    const [lint, spikes] = await Promise.all([findings(version, reach.languages), difficulty(played)]);
    const body: HealthReport = {
      generatedAt: new Date(now).toISOString(),
      counts: visibleTables ? { ...counts, tables: visibleTables } : counts,
      findings: lint,
      difficulty: spikes && { computedAt: spikes.computedAt, stale: spikes.stale, findings: spikes.value },
      ...recent,
    };
    return json(reportWithinReach(ctx.actor!, body));
  });
  return [report];
}
