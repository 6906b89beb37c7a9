import type { ReactNode } from 'react';

/** One level along a chart: its value (null: no figure), a spread, and a flag to call out. */
export interface ChartPoint {
  number: number;
  value: number | null;
  /** The spread around the value (a score's quartiles), drawn as a band. */
  low?: number | null;
  high?: number | null;
  /** Too few players: drawn hollow (or pale), never flagged. */
  judged: boolean;
  /** A finding on this figure, as a word drawn beside its red marker ("harder"). */
  flag: string | null;
}

interface ChartProps {
  /** Unique on the page (not useId: the server's and the browser's differ). */
  id: string;
  /** What the chart shows and where its table is: the figure's caption, which names the image. */
  caption: ReactNode;
  points: ChartPoint[];
  /** 'share': 0…1 drawn as 0–100 %; else a count from 0 to a round top. */
  scale: 'share' | 'count';
}

/** A drawing size: wide from the `md` width up, narrow below (a phone), each drawn at about 1:1. */
interface Size {
  width: number;
  height: number;
  /** Level numbers labelled along the bottom, at most. */
  labels: number;
  className: string;
}

const SIZES: Size[] = [
  { width: 640, height: 230, labels: 20, className: 'd-none d-md-block' },
  { width: 360, height: 220, labels: 10, className: 'd-md-none' },
];
const PAD = { top: 26, right: 12, bottom: 34, left: 52 };

/** A round top for the value axis and its step: 1, 2 or 5 times a power of ten, about four ticks. */
function axis(points: ChartPoint[], scale: ChartProps['scale']): { top: number; step: number } {
  if (scale === 'share') return { top: 1, step: 0.25 };
  const max = Math.max(0, ...points.flatMap((p) => [p.value ?? 0, p.high ?? 0]));
  if (max <= 0) return { top: 1, step: 1 };
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  return { top: Math.ceil(max / step) * step, step };
}

/** The geometry the two charts share: a slot per level, a value axis, the level labels. */
function frame(points: ChartPoint[], scale: ChartProps['scale'], size: Size) {
  const { width: WIDTH, height: HEIGHT } = size;
  const PLOT_W = WIDTH - PAD.left - PAD.right;
  const PLOT_H = HEIGHT - PAD.top - PAD.bottom;
  const { top, step } = axis(points, scale);
  const slot = PLOT_W / Math.max(1, points.length);
  const x = (i: number) => PAD.left + slot * (i + 0.5);
  const y = (v: number) => PAD.top + PLOT_H - (Math.min(v, top) / top) * PLOT_H;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  // Label a few levels along the bottom, always the first and the last.
  const every = Math.max(1, Math.ceil(points.length / size.labels));
  const tickText = (t: number) => (scale === 'share' ? `${Math.round(t * 100)} %` : t.toLocaleString('en'));
  const grid = (
    <g>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} className="difficulty-grid" />
          <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" className="difficulty-text">
            {tickText(t)}
          </text>
        </g>
      ))}
      {points.map((p, i) =>
        i % every === 0 || i === points.length - 1 ? (
          <text
            key={p.number}
            x={x(i)}
            y={HEIGHT - PAD.bottom + 16}
            textAnchor="middle"
            className="difficulty-text"
          >
            {p.number}
          </text>
        ) : null,
      )}
      <text x={WIDTH - PAD.right} y={HEIGHT - 4} textAnchor="end" className="difficulty-text">
        Level
      </text>
    </g>
  );
  return { x, y, slot, grid, WIDTH };
}

/** The runs of consecutive levels that have a value: a line is not drawn across a gap. */
function runs(points: ChartPoint[], value: (p: ChartPoint) => number | null | undefined) {
  const all: Array<Array<{ i: number; v: number }>> = [[]];
  points.forEach((p, i) => {
    const v = value(p);
    if (v === null || v === undefined) all.push([]);
    else all[all.length - 1]!.push({ i, v });
  });
  return all.filter((run) => run.length > 0);
}

/** A flagged figure: a red ring and its word, so the flag never rests on colour alone. */
function Flag({ cx, cy, label, width }: { cx: number; cy: number; label: string; width: number }) {
  const above = cy - PAD.top > 18;
  const anchor = cx < PAD.left + 40 ? 'start' : cx > width - PAD.right - 40 ? 'end' : 'middle';
  return (
    <g className="difficulty-flag">
      <circle cx={cx} cy={cy} r={7} className="difficulty-flag-ring" />
      <text x={cx} y={above ? cy - 11 : cy + 20} textAnchor={anchor} className="difficulty-flag-text">
        {label}
      </text>
    </g>
  );
}

/** The chart at each size (CSS shows one), named by its caption. */
function Figure({ id, caption, draw }: { id: string; caption: ReactNode; draw: (size: Size) => ReactNode }) {
  return (
    <figure className="difficulty-chart mb-3">
      {SIZES.map((size) => (
        <svg
          key={size.width}
          viewBox={`0 0 ${size.width} ${size.height}`}
          role="img"
          aria-labelledby={`${id}-caption`}
          className={`w-100 h-auto ${size.className}`}
          preserveAspectRatio="xMidYMid meet"
        >
          {draw(size)}
        </svg>
      ))}
      <figcaption id={`${id}-caption`} className="small text-body-secondary">
        {caption}
      </figcaption>
    </figure>
  );
}

/** The line, its band, its dots and its flags at one size. */
function drawLine(points: ChartPoint[], scale: ChartProps['scale'], size: Size) {
  const { x, y, grid, WIDTH } = frame(points, scale, size);
  const path = (run: Array<{ i: number; v: number }>) =>
    run.map(({ i, v }, k) => `${k === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const bands = runs(points, (p) => (p.low === undefined || p.high === undefined ? null : p.low)).map(
    (run) => {
      const highs = run.map(({ i }) => ({ i, v: points[i]!.high ?? 0 })).reverse();
      return `${path(run)} ${path(highs).replace(/^M/, 'L')} Z`;
    },
  );
  return (
    <>
      {grid}
      {bands.map((d) => (
        <path key={d} d={d} className="difficulty-band" />
      ))}
      {runs(points, (p) => p.value).map((run) => (
        <path key={run[0]!.i} d={path(run)} className="difficulty-line" />
      ))}
      {points.map((p, i) =>
        p.value === null ? null : (
          <circle
            key={p.number}
            cx={x(i)}
            cy={y(p.value)}
            r={p.judged ? 3.5 : 3}
            className={p.judged ? 'difficulty-point' : 'difficulty-point difficulty-point-unjudged'}
          />
        ),
      )}
      {points.map((p, i) =>
        p.flag && p.value !== null ? (
          <Flag key={p.number} cx={x(i)} cy={y(p.value)} label={p.flag} width={WIDTH} />
        ) : null,
      )}
    </>
  );
}

/**
 * A figure along the level sequence as a line (a score's quartiles as a band behind it), drawn as
 * plain SVG on the server: filled dots for judged levels, hollow ones for levels too few players
 * reached, a red ring with a word for a flagged level.
 */
export function LineChart({ id, caption, points, scale }: ChartProps) {
  return <Figure id={id} caption={caption} draw={(size) => drawLine(points, scale, size)} />;
}

/** The bars and their flags at one size. */
function drawBars(points: ChartPoint[], scale: ChartProps['scale'], size: Size) {
  const { x, y, slot, grid } = frame(points, scale, size);
  const barW = Math.max(1, slot * 0.7);
  const base = y(0);
  return (
    <>
      {grid}
      {points.map((p, i) => {
        if (p.value === null) return null;
        const className = p.flag
          ? 'difficulty-bar difficulty-bar-flagged'
          : p.judged
            ? 'difficulty-bar'
            : 'difficulty-bar difficulty-bar-unjudged';
        return (
          <rect
            key={p.number}
            x={x(i) - barW / 2}
            y={y(p.value)}
            width={barW}
            height={Math.max(0.5, base - y(p.value))}
            className={className}
          />
        );
      })}
      {points.map((p, i) =>
        p.flag && p.value !== null ? (
          <text
            key={p.number}
            x={x(i)}
            y={Math.max(PAD.top - 8, y(p.value) - 6)}
            textAnchor={i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle'}
            className="difficulty-flag-text"
          >
            {p.flag}
          </text>
        ) : null,
      )}
    </>
  );
}

/** A figure per level as bars (the drop-off to the next level), a flagged bar in red with its word. */
export function BarsChart({ id, caption, points, scale }: ChartProps) {
  return <Figure id={id} caption={caption} draw={(size) => drawBars(points, scale, size)} />;
}
