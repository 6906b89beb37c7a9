export interface ChartSeries {
  name: string;
  values: number[];
}

export interface BarChartProps {
  /** Unique on the page: names the title and description (not useId: server and browser differ). */
  id: string;
  title: string;
  /** Category labels along the bottom (days, stages). */
  categories: string[];
  series: ChartSeries[];
  /** Label every n-th category only, counting back from the last (30 days would not fit). */
  labelEvery?: number;
  /** What a value counts, for the description ("Edits per day"). */
  unit: string;
  /** The table's first column: what a category is ("Day", "Stage"). */
  categoryLabel: string;
  /** What is said after the title instead of bare axes when there is nothing to draw (no category, all zero). */
  empty?: string;
}

/** Whether a chart has a figure to draw: a category with a value above zero. */
export const hasFigures = ({ series }: Pick<BarChartProps, 'series'>): boolean =>
  series.some((s) => s.values.some((v) => v > 0));

/** A chart with nothing to draw: its title and a short sentence, one line, no frame. */
export function EmptyChart({
  id,
  title,
  empty = 'nothing to chart yet.',
}: Pick<BarChartProps, 'id' | 'title' | 'empty'>) {
  return (
    <p className="mb-1" data-chart-empty={id}>
      <span className="fw-bold">{title}:</span> {empty}
    </p>
  );
}

const WIDTH = 480;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 30, left: 40 };

/** A round step for the value axis: 1, 2 or 5 times a power of ten, about four ticks. */
function niceMax(max: number): { top: number; step: number } {
  if (max <= 0) return { top: 1, step: 1 };
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  return { top: Math.ceil(max / step) * step, step };
}

const fmt = (n: number) => n.toLocaleString('en');

/**
 * A grouped bar chart drawn as plain SVG on the server (no chart library, nothing to run in the
 * browser). Screen readers get role="img" named by its title and described with every figure, and
 * the same figures follow as a table for anyone who prefers to read them.
 */
export function BarChart({
  id,
  title,
  categories,
  series,
  labelEvery = 1,
  unit,
  categoryLabel,
  empty,
}: BarChartProps) {
  if (!hasFigures({ series })) return <EmptyChart id={id} title={title} empty={empty} />;
  const max = Math.max(0, ...series.flatMap((s) => s.values));
  const { top, step } = niceMax(max);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, categories.length);
  const barW = Math.max(1, (slot * 0.8) / Math.max(1, series.length));
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const description = categories
    .map(
      (c, i) =>
        `${c}: ${series.map((s) => `${series.length > 1 ? `${s.name} ` : ''}${fmt(s.values[i] ?? 0)}`).join(', ')}`,
    )
    .join('; ');

  return (
    <figure className="health-chart mb-0">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="w-100 h-auto"
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{`${unit} — ${description}`}</desc>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} className="health-chart-grid" />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" className="health-chart-text">
              {fmt(t)}
            </text>
          </g>
        ))}
        {categories.map((category, i) => (
          <g key={category}>
            {series.map((s, j) => {
              const value = s.values[i] ?? 0;
              return (
                <rect
                  key={s.name}
                  x={PAD.left + i * slot + slot * 0.1 + j * barW}
                  y={y(value)}
                  width={barW}
                  height={Math.max(0, PAD.top + plotH - y(value))}
                  className={`health-chart-bar health-chart-series-${j % 6}`}
                />
              );
            })}
            {(categories.length - 1 - i) % labelEvery === 0 ? (
              <text
                x={PAD.left + i * slot + slot / 2}
                y={HEIGHT - PAD.bottom + 16}
                textAnchor="middle"
                className="health-chart-text"
              >
                {category}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
      {series.length > 1 ? (
        <figcaption className="d-flex flex-wrap gap-3 small mt-1">
          {series.map((s, j) => (
            <span key={s.name} className="d-inline-flex align-items-center gap-1">
              <svg width="12" height="12" aria-hidden="true" focusable="false">
                <rect width="12" height="12" className={`health-chart-bar health-chart-series-${j % 6}`} />
              </svg>
              {s.name}
            </span>
          ))}
        </figcaption>
      ) : null}
      <details className="mt-2">
        <summary>Show the figures as a table</summary>
        <div className="table-responsive">
          <table className="table table-sm mt-2">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{categoryLabel}</th>
                {series.map((s) => (
                  <th scope="col" key={s.name} className="text-end">
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {categories.map((c, i) => (
                <tr key={c}>
                  <th scope="row">{c}</th>
                  {series.map((s) => (
                    <td key={s.name} className="text-end">
                      {fmt(s.values[i] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
