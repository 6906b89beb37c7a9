import type { HealthReport } from '#shared/health-report.ts';
import type { Actor } from '../auth/context.ts';

/**
 * The content health report as an account sees it (issues 33, 43): an administrator, all of it.
 * The parts read from the database come computed within the caller's reach already — the table
 * counts and the activity (health/counts.ts, activity.ts: its tables, its languages' rows and
 * their history), the findings (health/findings.ts: its languages' rows, counted and sampled) — and
 * here an account limited to some languages keeps only its languages' counts per language and
 * stage, and difficulty findings.
 */
export function reportWithinReach(actor: Actor, report: HealthReport): HealthReport {
  const { languages } = actor.reach;
  if (languages === null) return report;
  const mine = <T extends { languageId: number }>(rows: T[]) =>
    rows.filter((row) => languages.includes(row.languageId));
  return {
    ...report,
    counts: {
      ...report.counts,
      byLanguageStage: mine(report.counts.byLanguageStage),
      wordsByLanguage: mine(report.counts.wordsByLanguage),
    },
    ...(report.difficulty
      ? { difficulty: { ...report.difficulty, findings: mine(report.difficulty.findings) } }
      : {}),
  };
}
