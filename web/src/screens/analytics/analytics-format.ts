/** How the dashboard writes its figures. */

export const formatCount = (n: number) => n.toLocaleString('en-US');

/** 75 s -> "1m 15s", 40 s -> "40s", 3700 s -> "1h 1m". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
}

/** A series label for the chart's axis: "14:00" for an hour, "Jun 10" for a day. */
export function shortLabel(label: string): string {
  if (label.includes('T')) return label.slice(11, 16);
  const [y, m, d] = label.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
