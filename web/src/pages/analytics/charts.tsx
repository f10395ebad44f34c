// Small SVG charts of the analytics page, each drawn with its figures as a table
// beside it: the chart is for the eye, the table for a screen reader (the SVG is
// one image named by its title) and for the exact numbers. No chart library.
import { useId } from 'react';

export interface Bar {
  label: string;
  value: number;
}

const fmt = (n: number) => new Intl.NumberFormat().format(Math.round(n * 100) / 100);

function FiguresTable(props: {
  title: string;
  rows: Bar[];
  labelHead: string;
  valueHead: string;
  open?: boolean | undefined;
}) {
  return (
    <details className="an-chart-table" open={props.open}>
      <summary>Figures of “{props.title}” as a table</summary>
      <table>
        <caption className="visually-hidden">{props.title}</caption>
        <thead>
          <tr>
            <th scope="col">{props.labelHead}</th>
            <th scope="col">{props.valueHead}</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((r) => (
            <tr key={r.label}>
              <th scope="row">{r.label}</th>
              <td>{fmt(r.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** Horizontal bars, one a row, longest first as given. */
export function BarChart(props: { title: string; bars: Bar[]; labelHead?: string; valueHead?: string }) {
  const id = useId();
  const max = Math.max(1, ...props.bars.map((b) => b.value));
  const row = 26;
  const height = props.bars.length * row + 4;
  return (
    <figure className="an-chart">
      <figcaption id={id}>{props.title}</figcaption>
      <svg
        role="img"
        aria-labelledby={id}
        viewBox={`0 0 400 ${height}`}
        width="100%"
        preserveAspectRatio="xMinYMin meet"
      >
        <title>{props.title}</title>
        {props.bars.map((b, i) => {
          const w = (b.value / max) * 240;
          return (
            <g key={b.label} transform={`translate(0 ${i * row + 2})`}>
              <text x={0} y={16} className="an-chart-label">
                {b.label.length > 18 ? `${b.label.slice(0, 17)}…` : b.label}
              </text>
              <rect x={120} y={3} width={Math.max(w, 1)} height={row - 8} className="an-chart-bar" />
              <text x={124 + w} y={16} className="an-chart-value">
                {fmt(b.value)}
              </text>
            </g>
          );
        })}
      </svg>
      <FiguresTable
        title={props.title}
        rows={props.bars}
        labelHead={props.labelHead ?? 'Entry'}
        valueHead={props.valueHead ?? 'Value'}
      />
    </figure>
  );
}

/** A line over days (labels are dates, in order), with its first and last day named. */
export function LineChart(props: {
  title: string;
  points: Bar[];
  labelHead?: string;
  valueHead?: string;
  /** Shows the figures table open (a printed report has no one to open it). */
  openTable?: boolean | undefined;
}) {
  const id = useId();
  const { points } = props;
  const max = Math.max(1, ...points.map((p) => p.value));
  const W = 400;
  const H = 160;
  const pad = 28;
  const x = (i: number) => pad + (points.length <= 1 ? 0 : (i / (points.length - 1)) * (W - 2 * pad));
  const y = (v: number) => H - pad - (v / max) * (H - 2 * pad);
  const path = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`)
    .join(' ');
  return (
    <figure className="an-chart">
      <figcaption id={id}>{props.title}</figcaption>
      <svg role="img" aria-labelledby={id} viewBox={`0 0 ${W} ${H}`} width="100%">
        <title>{props.title}</title>
        <line x1={pad} y1={H - pad} x2={W - pad} y2={H - pad} className="an-chart-axis" />
        <text x={pad} y={14} className="an-chart-value">
          {fmt(max)}
        </text>
        {points.length ? <path d={path} className="an-chart-line" /> : null}
        {points.map((p, i) => (
          <circle key={p.label} cx={x(i)} cy={y(p.value)} r={2.5} className="an-chart-dot" />
        ))}
        {points.length === 1 ? (
          <text x={pad} y={H - 8} className="an-chart-label">
            {points[0]?.label}
          </text>
        ) : points.length ? (
          <>
            <text x={pad} y={H - 8} className="an-chart-label">
              {points[0]?.label}
            </text>
            <text x={W - pad} y={H - 8} className="an-chart-label" textAnchor="end">
              {points[points.length - 1]?.label}
            </text>
          </>
        ) : null}
      </svg>
      <FiguresTable
        title={props.title}
        rows={points}
        labelHead={props.labelHead ?? 'Day'}
        valueHead={props.valueHead ?? 'Value'}
        open={props.openTable}
      />
    </figure>
  );
}
