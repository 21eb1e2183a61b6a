/**
 * What the header says of the troop the app calls with, and which troops its switcher offers
 * (troop-menu.tsx). A troop with no name is named nowhere, so an upgraded one-troop server's
 * header looks as it did.
 */
import type { WireMyTroop, WireTroop } from '@scout/protocol/troops';

/** The words for a troop in the switcher's list: its name, else "Troop <number>", else its id. */
export function troopLabel(troop: Pick<WireTroop, 'name' | 'number' | 'projectId'>): string {
  if (troop.name) return troop.name;
  if (troop.number) return `Troop ${troop.number}`;
  return troop.projectId;
}

export interface TroopSwitch {
  /** The troop called with, as the switcher's trigger names it. */
  current: string;
  /** Every troop the person may switch to, the current one included, in the server's order. */
  choices: { projectId: string; label: string; role: string; timeZone: string }[];
}

/**
 * The switcher for a person in more than one troop they may enter; null for one in a single
 * troop (or whose troops are not known yet), who gets no switcher. A suspended membership is no
 * troop to switch to.
 */
export function troopSwitch(
  mine: readonly WireMyTroop[] | undefined,
  currentProjectId: string,
): TroopSwitch | null {
  const open = (mine ?? []).filter(
    (t) => t.status !== 'suspended' || t.projectId === currentProjectId,
  );
  if (open.length < 2) return null;
  const current = open.find((t) => t.projectId === currentProjectId);
  return {
    current: current ? troopLabel(current) : currentProjectId,
    choices: open.map((t) => ({
      projectId: t.projectId,
      label: troopLabel(t),
      role: t.role,
      timeZone: t.timeZone,
    })),
  };
}

/** The name the header shows: the troop's own name, or nothing while it has none. */
export const headerTroopName = (troop: Pick<WireTroop, 'name'> | undefined): string | null =>
  troop?.name ?? null;
