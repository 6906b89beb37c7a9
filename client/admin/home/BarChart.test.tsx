import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { HealthReport } from '#shared/health.ts';
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

describe('HealthDashboard', () => {
  it('an empty database: each chart is a sentence, none is bare axes', () => {
    const report: HealthReport = {
      generatedAt: '2026-11-28T10:00:00.000Z',
      counts: { tables: {}, byLanguageStage: [], wordsByLanguage: [] },
      findings: null,
      activity: [],
      editsPerDay: Array.from({ length: 30 }, (_, i) => ({
        day: `2026-11-${String(i + 1).padStart(2, '0')}`,
        edits: 0,
      })),
    };
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <HealthDashboard report={report} error={null} />
      </MemoryRouter>,
    );
    expect(html).toContain('No audited edits in the last 30 days.');
    expect(html).toContain('No levels in any stage yet.');
    expect(html).toContain('No letter groups in any stage yet.');
    expect(html).not.toContain('role="img"');
  });
});
