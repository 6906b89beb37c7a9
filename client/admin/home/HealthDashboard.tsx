import type { HealthReport } from '#shared/health.ts';
import { BarChart } from './BarChart.tsx';
import { ContentCounts } from './ContentCounts.tsx';
import { Findings } from './Findings.tsx';
import { RecentActivity } from './RecentActivity.tsx';

/** Levels or letter groups per stage (categories) and language (series), from the report. */
function byStage(report: HealthReport, field: 'levels' | 'letterGroups') {
  const cells = report.counts.byLanguageStage;
  const stages = [...new Set(cells.map((c) => c.stageNumber))].sort((a, b) => a - b);
  const languages = [...new Set(cells.map((c) => c.language))];
  return {
    categories: stages.map((n) => `Stage ${n}`),
    series: languages.map((language) => ({
      name: language,
      values: stages.map((n) =>
        cells
          .filter((c) => c.language === language && c.stageNumber === n)
          .reduce((sum, c) => sum + c[field], 0),
      ),
    })),
  };
}

/**
 * The panel home's content health (issue 13), above the SPEC cards: counts, the lint findings
 * with links to the lists that show them, the latest changes, and charts drawn on the server.
 */
export function HealthDashboard({ report, error }: { report: HealthReport | null; error: string | null }) {
  if (!report) {
    return error ? (
      <div className="alert alert-warning" role="status">
        The content health report is not available right now: {error}
      </div>
    ) : null;
  }
  const edits = report.editsPerDay;
  const levels = byStage(report, 'levels');
  const groups = byStage(report, 'letterGroups');
  return (
    <section aria-labelledby="health-heading" className="health mb-5">
      <h2 id="health-heading" className="h4 mb-3">
        Content health
      </h2>
      <ContentCounts counts={report.counts} />
      <div className="row g-4 mt-0">
        <div className="col-lg-7">
          <Findings findings={report.findings} difficulty={report.difficulty} />
        </div>
        <div className="col-lg-5">
          <RecentActivity activity={report.activity} />
        </div>
      </div>
      <div className="row g-4 mt-0">
        <div className="col-lg-6">
          <div className="card h-100">
            <div className="card-body">
              <h3 className="h6 card-title">Edits per day, last 30 days</h3>
              <BarChart
                id="chart-edits"
                title="Edits per day over the last 30 days"
                unit="Audited writes per day (UTC)"
                categoryLabel="Day"
                categories={edits.map((d) => d.day.slice(5))}
                series={[{ name: 'Edits', values: edits.map((d) => d.edits) }]}
                labelEvery={7}
                empty="No audited edits in the last 30 days."
              />
            </div>
          </div>
        </div>
        <div className="col-lg-6">
          <div className="card h-100">
            <div className="card-body">
              <h3 className="h6 card-title">Content by stage and language</h3>
              <BarChart
                id="chart-levels"
                title="Levels per stage and language"
                unit="Levels"
                categoryLabel="Stage"
                empty="No levels in any stage yet."
                {...levels}
              />
              <BarChart
                id="chart-groups"
                title="Letter groups per stage and language"
                unit="Letter groups"
                categoryLabel="Stage"
                empty="No letter groups in any stage yet."
                {...groups}
              />
            </div>
          </div>
        </div>
      </div>
      <p className="small text-body-secondary mt-2 mb-0">
        Report of {report.generatedAt.slice(0, 16).replace('T', ' ')} UTC.
      </p>
    </section>
  );
}
