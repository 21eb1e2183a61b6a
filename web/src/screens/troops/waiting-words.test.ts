import { describe, expect, it } from 'vitest';
import type { WaitingTroop } from '@scout/protocol/troops';
import { decisionMessage, registeredLine } from './waiting-words.ts';

const troop: WaitingTroop = {
  projectId: 'troop-45',
  kind: 'troop',
  number: '45',
  name: 'Troop 45',
  timeZone: 'America/Chicago',
  registeredBy: { email: 'sam@troop45.org', displayName: 'Sam Lee' },
  registeredAt: '2026-11-29T03:30:00.000Z',
};

describe('the words of troops waiting for their council', () => {
  it('names who registered the troop and the day, in the clock given', () => {
    expect(registeredLine(troop, 'America/Chicago')).toBe(
      'Registered by Sam Lee (sam@troop45.org) on Nov 28, 2026',
    );
    expect(registeredLine(troop, 'UTC')).toBe(
      'Registered by Sam Lee (sam@troop45.org) on Nov 29, 2026',
    );
    expect(
      registeredLine(
        { ...troop, registeredBy: { email: 'sam@troop45.org', displayName: ' ' } },
        'UTC',
      ),
    ).toBe('Registered by sam@troop45.org on Nov 29, 2026');
    expect(registeredLine({ ...troop, registeredBy: null }, 'UTC')).toBe(
      'Registered on Nov 29, 2026; the account that registered it is gone',
    );
  });

  it('says what a confirmation or a refusal did', () => {
    expect(decisionMessage({ troop, outcome: 'confirmed' })).toBe(
      'Troop 45 is confirmed: its members can use it now.',
    );
    expect(decisionMessage({ troop, outcome: 'refused' })).toBe(
      'Troop 45 is refused and removed, with the accounts that were in no other troop.',
    );
  });
});
