import { useId } from 'react';
import type { AnalyticsStats } from '@scout/protocol/analytics';
import { formatCount, shortLabel } from './analytics-format.ts';

const WIDTH = 720;
const HEIGHT = 200;
const PAD = 24;

/** The counts of each point, in the table's column order. */
const COUNT_COLUMNS = [
  { key: 'visitors', label: 'Visitors' },
  { key: 'visits', label: 'Visits' },
  { key: 'pageviews', label: 'Pageviews' },
] as const;

/**
 * Visitors over the range as plain SVG bars. The picture is for the eye; a table of the same
 * points follows it for screen readers and anyone who wants the numbers.
 */
export function VisitsChart({ series }: { series: AnalyticsStats['series'] }) {
  const titleId = useId();
  const max = Math.max(1, ...series.map((p) => p.visitors));
  const step = (WIDTH - PAD) / Math.max(1, series.length);
  const barWidth = Math.max(2, step * 0.7);
  const total = series.reduce((sum, p) => sum + p.visitors, 0);
  const busiest = series.reduce((a, p) => (p.visitors > (a?.visitors ?? -1) ? p : a), series[0]);
  return (
    <figure className="min-w-0">
      <svg
        role="img"
        aria-labelledby={titleId}
        viewBox={`0 0 ${WIDTH} ${HEIGHT + PAD}`}
        className="h-auto w-full"
      >
        <title id={titleId}>
          {`Visitors over time: ${formatCount(total)} in ${series.length} ${
            series.length === 24 ? 'hours' : 'days'
          }${busiest && busiest.visitors > 0 ? `, most on ${shortLabel(busiest.label)} (${formatCount(busiest.visitors)})` : ''}.`}
        </title>
        <line x1={PAD} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="stroke-stone-300" />
        {series.map((p, i) => {
          const h = (p.visitors / max) * (HEIGHT - 8);
          return (
            <rect
              key={p.label}
              x={PAD + i * step + (step - barWidth) / 2}
              y={HEIGHT - h}
              width={barWidth}
              height={h}
              rx={2}
              className="fill-scout-600"
            />
          );
        })}
        <text x={PAD} y={HEIGHT + 18} className="fill-stone-600 text-[11px]">
          {series[0] ? shortLabel(series[0].label) : ''}
        </text>
        <text x={WIDTH} y={HEIGHT + 18} textAnchor="end" className="fill-stone-600 text-[11px]">
          {series.length > 0 ? shortLabel(series[series.length - 1]!.label) : ''}
        </text>
        <text x={0} y={12} className="fill-stone-600 text-[11px]">
          {formatCount(max)}
        </text>
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-semibold text-scout-800">
          Visitors over time as a table
        </summary>
        <table
          className="mt-2 w-full text-left"
          aria-label="Visitors, visits and pageviews over time"
        >
          <thead>
            <tr className="text-stone-600">
              <th scope="col" className="py-1 font-semibold">
                When
              </th>
              {COUNT_COLUMNS.map((c) => (
                <th key={c.key} scope="col" className="py-1 text-right font-semibold">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {series.map((p) => (
              <tr key={p.label} className="border-t border-stone-100">
                <th scope="row" className="py-1 font-normal">
                  {shortLabel(p.label)}
                </th>
                {COUNT_COLUMNS.map((c) => (
                  <td key={c.key} className="py-1 text-right">
                    {formatCount(p[c.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
