/**
 * The server's units as the platform admin reads them (troops-screen.tsx): councils first, then
 * troops, each by number as people count (2 before 10), then by name.
 */
import type { ServerTroop } from '@scout/protocol/troops';
import { troopLabel } from '../../frame/troop-switch.ts';

type Unit = Pick<ServerTroop, 'kind' | 'number' | 'name' | 'projectId'>;

const byText = (a: string | null, b: string | null) =>
  (a ?? '').localeCompare(b ?? '', undefined, { numeric: true, sensitivity: 'base' });

/** Two troops by number, then name, then project id: an order that never ties. */
export const byNumberThenName = (a: Omit<Unit, 'kind'>, b: Omit<Unit, 'kind'>): number =>
  byText(a.number, b.number) || byText(a.name, b.name) || a.projectId.localeCompare(b.projectId);

export function sortUnits<T extends Unit>(units: readonly T[]): T[] {
  const rank = (u: Unit) => (u.kind === 'council' ? 0 : 1);
  return [...units].sort((a, b) => rank(a) - rank(b) || byNumberThenName(a, b));
}

/** The councils a new troop may belong to, as the form's select offers them. */
export function councilChoices(units: readonly Unit[]): { value: string; label: string }[] {
  return sortUnits(units.filter((u) => u.kind === 'council')).map((c) => ({
    value: c.projectId,
    label: `${troopLabel(c)} (${c.projectId})`,
  }));
}

/** The name of a troop's council in the list, or a dash for a troop of none. */
export function councilNameOf(units: readonly Unit[], councilProjectId: string | null): string {
  if (!councilProjectId) return '—';
  const council = units.find((u) => u.projectId === councilProjectId);
  return council ? troopLabel(council) : councilProjectId;
}
