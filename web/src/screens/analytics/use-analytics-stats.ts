import { useQuery } from '@tanstack/react-query';
import type { AnalyticsPeriod } from '@scout/protocol/analytics';
import { scout } from '../../lib/sdk.ts';

export interface StatsQuery {
  period: AnalyticsPeriod;
  from?: string;
  to?: string;
}

/** The dashboard's figures for a period; the last figures stay while the next load. */
export function useAnalyticsStats(query: StatsQuery) {
  return useQuery({
    queryKey: ['analytics-stats', query.period, query.from ?? '', query.to ?? ''],
    queryFn: () => scout.analytics.stats(query),
    placeholderData: (previous) => previous,
    enabled: query.period !== 'custom' || Boolean(query.from && query.to),
  });
}
