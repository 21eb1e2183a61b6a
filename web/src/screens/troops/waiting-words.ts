/**
 * The words of the council's troops waiting for confirmation (waiting-troops.tsx): who
 * registered each and when, and what a decision did. Pure, so they are tested without a screen.
 */
import type { TroopDecision, WaitingTroop } from '@scout/protocol/troops';
import { troopLabel } from '../../frame/troop-switch.ts';

/** "Registered by Sam Lee (sam@troop45.org) on Nov 29, 2026", in the reader's clock. */
export function registeredLine(troop: WaitingTroop, timeZone?: string): string {
  const on = new Date(troop.registeredAt).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    ...(timeZone ? { timeZone } : {}),
  });
  const who = troop.registeredBy;
  if (!who) return `Registered on ${on}; the account that registered it is gone`;
  const name = who.displayName?.trim();
  return `Registered by ${name ? `${name} (${who.email})` : who.email} on ${on}`;
}

/** What the council admin is told once a decision is made. */
export function decisionMessage(decision: TroopDecision): string {
  const name = troopLabel(decision.troop);
  return decision.outcome === 'confirmed'
    ? `${name} is confirmed: its members can use it now.`
    : `${name} is refused and removed, with the accounts that were in no other troop.`;
}
