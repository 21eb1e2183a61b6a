/**
 * Which of the server's troops the app calls with (docs/decisions/065-troops.md). The page names
 * the server's own troop (its project id, lib/client-config.ts); a person in several troops may
 * choose another, kept in this browser across page loads. The tokens stay under the server's own
 * project id whichever troop is chosen (lib/sdk.ts, the SDK's `tokenProjectId`), so switching
 * keeps the sign-in.
 */
import { troopProjectIdProblem } from '@scout/protocol/troops';

export const TROOP_CHOICE_KEY = 'scout_troop_project';

export interface ChoiceStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The page's localStorage; none where the browser refuses it (private browsing, some frames). */
export function pageStorage(): ChoiceStorage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export interface TroopChoice {
  projectId: string;
  /** The chosen troop's time zone, for its calendar; null: the page's own (lib/sdk.ts). */
  timeZone: string | null;
}

/** The troop to call with: the chosen one, or the page's own when none (or junk) is kept. */
export function chosenTroop(storage: ChoiceStorage | undefined, home: string): TroopChoice {
  const own = { projectId: home, timeZone: null };
  let kept: unknown;
  try {
    kept = JSON.parse(storage?.getItem(TROOP_CHOICE_KEY) ?? 'null');
  } catch {
    // Storage may be disabled (private browsing), or hold what this app never wrote.
    return own;
  }
  if (typeof kept !== 'object' || kept === null) return own;
  const { projectId, timeZone } = kept as Record<string, unknown>;
  if (typeof projectId !== 'string' || troopProjectIdProblem(projectId) !== null) return own;
  return { projectId, timeZone: typeof timeZone === 'string' && timeZone ? timeZone : null };
}

/** Keeps `choice` as the troop to call with from the next page load on. */
export function rememberTroop(storage: ChoiceStorage, choice: TroopChoice, home: string): void {
  try {
    if (choice.projectId === home) storage.removeItem(TROOP_CHOICE_KEY);
    else storage.setItem(TROOP_CHOICE_KEY, JSON.stringify(choice));
  } catch {
    // As above: without storage the choice cannot outlive the page, so nothing switches.
  }
}

/**
 * Forgets the choice, so the next person to sign in here starts in the page's own troop; true
 * when the app was calling another troop and must load again to leave it.
 */
export function forgetTroopChoice(
  storage: ChoiceStorage | undefined,
  current: string,
  home: string,
): boolean {
  try {
    storage?.removeItem(TROOP_CHOICE_KEY);
  } catch {
    // Nothing was kept, then.
  }
  return current !== home;
}
