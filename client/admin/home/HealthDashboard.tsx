import type { HealthReport } from '#shared/health-report.ts';
import { BarChart, EmptyChart, hasFigures, type BarChartProps } from './BarChart.tsx';
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

/** The home's charts, each titled by what it counts. */
function chartsOf(report: HealthReport): BarChartProps[] {
  const edits = report.editsPerDay;
  return [
    {
      id: 'chart-edits',
      title: 'Edits per day, last 30 days',
      unit: 'Audited writes per day (UTC)',
      categoryLabel: 'Day',
      categories: edits.map((d) => d.day.slice(5)),
      series: [{ name: 'Edits', values: edits.map((d) => d.edits) }],
      labelEvery: 7,
      empty: 'no audited edits in the last 30 days.',
    },
    {
      id: 'chart-levels',
      title: 'Levels per stage and language',
      unit: 'Levels',
      categoryLabel: 'Stage',
      empty: 'no levels in any stage yet.',
      ...byStage(report, 'levels'),
    },
    {
      id: 'chart-groups',
      title: 'Letter groups per stage and language',
      unit: 'Letter groups',
      categoryLabel: 'Stage',
      empty: 'no letter groups in any stage yet.',
      ...byStage(report, 'letterGroups'),
    },
  ];
}

/**
 * The charts side by side, each in a card under its title; a chart with nothing to draw is one
 * line of text under them instead of an empty frame as tall as its neighbours.
 */
function Charts({ report }: { report: HealthReport }) {
  const charts = chartsOf(report);
  const drawn = charts.filter(hasFigures);
  const empty = charts.filter((chart) => !hasFigures(chart));
  return (
    <>
      {drawn.length > 0 ? (
        <div className="row g-4 mt-0">
          {drawn.map((chart) => (
            <div className="col-lg" key={chart.id}>
              <div className="card h-100">
                <div className="card-body">
                  <h3 className="h6 card-title">{chart.title}</h3>
                  <BarChart {...chart} />
                </div>
              </div>
            </div>
          ))}
        </div>
      ) : null}
      {empty.length > 0 ? (
        <div className="mt-3">
          {empty.map((chart) => (
            <EmptyChart key={chart.id} {...chart} />
          ))}
        </div>
      ) : null}
    </>
  );
}

/**
 * The panel home's content health (issue 13), below the SPEC cards: counts, the lint findings
 * with links to the lists that show them, the latest changes, and charts drawn on the server.
 * Without a report it shows nothing: the home's attention line says why.
 */
export function HealthDashboard({ report }: { report: HealthReport | null }) {
  if (!report) return null;
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
      <Charts report={report} />
      <p className="small text-body-secondary mt-2 mb-0">
        Report of {report.generatedAt.slice(0, 16).replace('T', ' ')} UTC.
      </p>
    </section>
  );
}
