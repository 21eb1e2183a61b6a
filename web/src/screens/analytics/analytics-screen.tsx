import { useState } from 'react';
import type { AnalyticsPeriod, AnalyticsStats } from '@scout/protocol/analytics';
import type { WireUser } from '@scout/protocol/auth';
import { AppFrame } from '../../frame/app-frame.tsx';
import { tabChooser } from '../../frame/frame-actions.ts';
import { useAccountMenu } from '../../frame/use-account-menu.ts';
import type { Navigation } from '../../frame/navigation.ts';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { FormMessage } from '../../ui/form-message.tsx';
import { ScreenHeading } from '../../ui/screen-heading.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { formatCount, formatDuration } from './analytics-format.ts';
import { BreakdownTable } from './breakdown-table.tsx';
import { useAnalyticsStats } from './use-analytics-stats.ts';
import { VisitsChart } from './visits-chart.tsx';

const PERIODS: { value: AnalyticsPeriod; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: 'custom', label: 'Custom' },
];

/** The troop's visits, for those the roles configuration gives analytics.read (docs/roles.md). */
export function AnalyticsScreen({ user, nav }: { user: WireUser; nav: Navigation }) {
  const menu = useAccountMenu(nav, user, 'analytics');
  const [period, setPeriod] = useState<AnalyticsPeriod>('7d');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const stats = useAnalyticsStats(period === 'custom' ? { period, from, to } : { period });
  return (
    <AppFrame
      user={user}
      active={null}
      onChooseTab={tabChooser(nav, 'analytics')}
      menuItems={menu}
      back={{ label: 'Back', onBack: nav.back }}
      subtitle="Analytics"
    >
      <div>
        <ScreenHeading className="text-3xl font-extrabold tracking-tight text-stone-900">
          Analytics
        </ScreenHeading>
        <p className="mt-2 text-sm text-stone-600 md:text-base">
          Visits to the troop&apos;s pages, counted without addresses or cookies.
        </p>

        <div className="mt-6 flex flex-wrap items-end gap-3">
          <div role="group" aria-label="Period" className="flex gap-1 rounded-xl bg-stone-100 p-1">
            {PERIODS.map((p) => (
              <button
                key={p.value}
                type="button"
                aria-pressed={period === p.value}
                onClick={() => setPeriod(p.value)}
                className={cx(
                  'h-9 cursor-pointer rounded-lg px-3 text-sm font-semibold transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-scout-600',
                  period === p.value
                    ? 'bg-white text-scout-800 shadow-sm'
                    : 'text-stone-700 hover:text-scout-800',
                )}
              >
                {p.label}
              </button>
            ))}
          </div>
          <Button
            variant="secondary"
            size="sm"
            className="h-9"
            disabled={stats.isFetching}
            onClick={() => void stats.refetch()}
          >
            Refresh
          </Button>
          {period === 'custom' ? (
            <div className="flex flex-wrap gap-3">
              <DateField label="From" value={from} onChange={setFrom} />
              <DateField label="To" value={to} onChange={setTo} />
            </div>
          ) : null}
        </div>

        {stats.error ? (
          <div className="mt-6">
            <FormMessage tone="error">{stats.error.message}</FormMessage>
          </div>
        ) : null}
        {stats.data ? (
          <StatsView stats={stats.data} />
        ) : stats.isLoading ? (
          <div className="mt-10 flex justify-center">
            <Spinner />
          </div>
        ) : period === 'custom' ? (
          <p className="mt-6 text-sm text-stone-600">Choose the first and last day.</p>
        ) : null}
      </div>
    </AppFrame>
  );
}

function DateField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold text-stone-800">
      {label}
      <input
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 rounded-lg border border-stone-300 bg-white px-2 font-normal text-stone-900"
      />
    </label>
  );
}

function StatsView({ stats }: { stats: AnalyticsStats }) {
  const t = stats.totals;
  const figures = [
    ['Visitors', formatCount(t.visitors)],
    ['Visits', formatCount(t.visits)],
    ['Pageviews', formatCount(t.pageviews)],
    ['Bounce rate', `${t.bounceRate}%`],
    ['Visit duration', formatDuration(t.visitDurationSeconds)],
    ['Visitors now', formatCount(stats.liveVisitors)],
  ] as const;
  return (
    <>
      <p className="mt-4 text-sm text-stone-600">
        {stats.range.from === stats.range.to
          ? stats.range.from
          : `${stats.range.from} to ${stats.range.to}`}{' '}
        ({stats.range.timezone})
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map(([name, value]) => (
          <div key={name} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
            <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{name}</dt>
            <dd className="mt-1 text-2xl font-bold text-stone-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <section
        aria-label="Visitors over time"
        className="mt-6 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm"
      >
        <VisitsChart series={stats.series} />
      </section>
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <BreakdownTable title="Top pages" unit="Pageviews" rows={stats.topPages} />
        <BreakdownTable title="Entry pages" unit="Visits" rows={stats.entryPages} />
        <BreakdownTable title="Channels" unit="Visits" rows={stats.channels} />
        <BreakdownTable title="Referrers" unit="Visits" rows={stats.referrers} />
        <BreakdownTable title="Campaigns" unit="Visits" rows={stats.campaigns} />
        <BreakdownTable title="Screen sizes" unit="Visits" rows={stats.screenSizes} />
        <BreakdownTable title="Custom events" unit="Events" rows={stats.customEvents} />
      </div>
    </>
  );
}
