import { entityByResource } from '#shared/entities/index.ts';
import type { HealthReport } from '#shared/health.ts';
import { isAdministrator, mayRead } from '#shared/permissions.ts';
import type { Actor } from '../auth/context.ts';
import { fromRow, type LooseDb } from '../resources/rows.ts';
import { languagesOfRows } from './row-languages.ts';

/**
 * The content health report as an account sees it (issue 33): an administrator, all of it; others
 * no players' rows in the activity; an account limited to some languages only its languages'
 * counts, findings and activity. A finding's count is then that of the rows it can see when the
 * report lists them all, else the report's (which counts every language).
 */
export async function reportWithinReach(
  db: LooseDb,
  actor: Actor,
  report: HealthReport,
): Promise<HealthReport> {
  const { reach } = actor;
  if (isAdministrator(reach)) return report;
  const readable = (resource: string) => {
    const entity = entityByResource(resource);
    return entity !== undefined && mayRead(reach, entity);
  };
  const tables = Object.fromEntries(
    Object.entries(report.counts.tables).filter(([resource]) => readable(resource)),
  );
  let activity = report.activity.filter((entry) => readable(entry.resource));
  if (reach.languages === null) return { ...report, counts: { ...report.counts, tables }, activity };

  const languages = reach.languages;
  const visible = await visibleRows(db, languages, [
    ...activity.map((entry) => ({ resource: entry.resource, id: entry.entityId })),
    ...(report.findings?.kinds ?? []).flatMap((kind) =>
      kind.samples.map((s) => ({ resource: s.entity, id: s.id })),
    ),
  ]);
  const seen = (resource: string, id: number) => visible.has(`${resource}:${id}`);
  activity = activity.filter((entry) => seen(entry.resource, entry.entityId));
  const findings = report.findings && {
    ...report.findings,
    kinds: report.findings.kinds.flatMap((kind) => {
      const samples = kind.samples.filter((s) => seen(s.entity, s.id));
      if (samples.length === 0) return [];
      const exact = kind.samples.length === kind.count;
      return [{ ...kind, samples, count: exact ? samples.length : kind.count }];
    }),
  };
  const mine = <T extends { languageId: number }>(rows: T[]) =>
    rows.filter((row) => languages.includes(row.languageId));
  return {
    ...report,
    counts: {
      tables,
      byLanguageStage: mine(report.counts.byLanguageStage),
      wordsByLanguage: mine(report.counts.wordsByLanguage),
    },
    findings,
    ...(report.difficulty
      ? { difficulty: { ...report.difficulty, findings: mine(report.difficulty.findings) } }
      : {}),
    activity,
  };
}

/** `resource:id` of the rows (still stored) whose languages are all within `languages`. */
async function visibleRows(
  db: LooseDb,
  languages: readonly number[],
  rows: ReadonlyArray<{ resource: string; id: number }>,
): Promise<Set<string>> {
  const visible = new Set<string>();
  const byResource = new Map<string, Set<number>>();
  for (const { resource, id } of rows)
    byResource.set(resource, (byResource.get(resource) ?? new Set()).add(id));
  for (const [resource, ids] of byResource) {
    const entity = entityByResource(resource);
    if (!entity?.language) continue;
    if ('shared' in entity.language) {
      for (const id of ids) visible.add(`${resource}:${id}`);
      continue;
    }
    const stored = (
      await db
        .selectFrom(entity.table)
        .selectAll()
        .where('id', 'in', [...ids])
        .execute()
    ).map((row) => fromRow(entity, row));
    const sets = await languagesOfRows(db, entity, stored);
    stored.forEach((row, i) => {
      if ([...sets[i]!].every((id) => languages.includes(id))) visible.add(`${resource}:${String(row.id)}`);
    });
  }
  return visible;
}
