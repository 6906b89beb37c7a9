import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { HealthReport } from '#shared/health-report.ts';
import { BarChart } from './BarChart.tsx';
import { HealthDashboard } from './HealthDashboard.tsx';

const chart = (values: number[], categories = values.map((_, i) => `Day ${i + 1}`)) =>
  renderToStaticMarkup(
    <BarChart
      id="c"
      title="Edits"
      unit="Edits per day"
      categoryLabel="Day"
      categories={categories}
      series={[{ name: 'Edits', values }]}
      empty="No audited edits in the last 30 days."
    />,
  );

describe('BarChart', () => {
  it('says so in a sentence instead of drawing bare axes when every value is zero', () => {
    const html = chart([0, 0, 0]);
    expect(html).toContain('No audited edits in the last 30 days.');
    expect(html).not.toContain('<svg');
    expect(html).not.toContain('<table');
  });

  it('says so when there is no category at all', () => {
    expect(chart([], [])).toContain('No audited edits in the last 30 days.');
  });

  it('draws the chart and its table when there is a figure', () => {
    const html = chart([0, 3, 0]);
    expect(html).toContain('<svg');
    expect(html).toContain('<table');
    expect(html).not.toContain('No audited edits');
  });
});

const emptyReport = (): HealthReport => ({
  generatedAt: '2026-11-28T10:00:00.000Z',
  counts: { tables: {}, byLanguageStage: [], wordsByLanguage: [] },
  findings: null,
  activity: [],
  editsPerDay: Array.from({ length: 30 }, (_, i) => ({
    day: `2026-11-${String(i + 1).padStart(2, '0')}`,
    edits: 0,
  })),
});

const dashboard = (report: HealthReport) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <HealthDashboard report={report} />
    </MemoryRouter>,
  );

describe('HealthDashboard', () => {
  it('an empty database: each chart is its title and a sentence, none is bare axes or a frame', () => {
    const html = dashboard(emptyReport());
    expect(html).toContain('Edits per day, last 30 days:</span> no audited edits in the last 30 days.');
    expect(html).toContain('Levels per stage and language:</span> no levels in any stage yet.');
    expect(html).toContain('Letter groups per stage and language:</span> no letter groups in any stage yet.');
    expect(html).not.toContain('role="img"');
    expect(html.match(/data-chart-empty=/g)).toHaveLength(3);
    expect(html).not.toMatch(/card-title">(Edits|Levels|Letter groups) per/);
  });

  it('a chart with figures is a card under its own title; the empty ones stay a line each', () => {
    const report = emptyReport();
    report.counts.byLanguageStage = [
      { languageId: 1, language: 'English', stageId: 1, stageNumber: 1, levels: 4, letterGroups: 0 },
    ];
    const html = dashboard(report);
    expect(html).toContain('<h3 class="h6 card-title">Levels per stage and language</h3>');
    expect(html).toContain('<title id="chart-levels-title">Levels per stage and language</title>');
    expect(html.match(/data-chart-empty=/g)).toHaveLength(2);
    expect(html).not.toContain('data-chart-empty="chart-levels"');
  });

  it('no report: nothing (the home’s attention line says why)', () => {
    expect(
      renderToStaticMarkup(
        <MemoryRouter>
          <HealthDashboard report={null} />
        </MemoryRouter>,
      ),
    ).toBe('');
  });
});
