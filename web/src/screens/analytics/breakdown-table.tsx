import { useId } from 'react';
import type { AnalyticsBreakdownRow } from '@scout/protocol/analytics';
import { Panel } from '../../ui/panel.tsx';
import { formatCount } from './analytics-format.ts';

/** One breakdown (top pages, channels, ...) as a table with a bar behind each row's share. */
export function BreakdownTable({
  title,
  unit,
  rows,
}: {
  title: string;
  unit: string;
  rows: AnalyticsBreakdownRow[];
}) {
  const headingId = useId();
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <Panel headingId={headingId} title={title} compact>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">Nothing in this period.</p>
      ) : (
        <table className="mt-3 w-full table-fixed text-left text-sm" aria-labelledby={headingId}>
          <thead>
            <tr className="text-stone-600">
              <th scope="col" className="pb-1 font-semibold">
                Name
              </th>
              <th scope="col" className="w-24 pb-1 text-right font-semibold">
                {unit}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.name} className="relative">
                <th scope="row" className="relative py-1.5 pr-2 font-normal">
                  <span
                    aria-hidden="true"
                    className="absolute inset-y-0.5 left-0 rounded bg-scout-50"
                    style={{ width: `${(r.count / max) * 100}%` }}
                  />
                  <span className="relative block truncate text-stone-900" title={r.name}>
                    {r.name}
                  </span>
                </th>
                <td className="py-1.5 text-right text-stone-900 tabular-nums">
                  {formatCount(r.count)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
