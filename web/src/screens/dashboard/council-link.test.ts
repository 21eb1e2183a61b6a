import { describe, expect, it } from 'vitest';
import { COUNCIL_OVERVIEW_DAYS } from '@scout/protocol/troops';
import { COUNCIL_ADDRESS, councilLinkText, showsCouncilLink } from './council-link.ts';

const council = {
  kind: 'council',
  name: 'Riverside Council',
  number: '12',
  projectId: 'riverside',
} as const;
const troop = {
  kind: 'troop',
  name: 'Troop 45 Riverside',
  number: '45',
  projectId: 'troop-45',
} as const;

describe("the dashboard's way to the council's troops", () => {
  it('shows when the app calls with a council', () => {
    expect(showsCouncilLink(council)).toBe(true);
  });

  it('shows to nobody in a troop, nor while the unit is still being read', () => {
    expect(showsCouncilLink(troop)).toBe(false);
    expect(showsCouncilLink(undefined)).toBe(false);
  });

  it("leads to the council's screen and names the council", () => {
    expect(COUNCIL_ADDRESS).toBe('/council');
    expect(councilLinkText(council)).toBe(
      `Each troop of Riverside Council: its members, its events of the next ${COUNCIL_OVERVIEW_DAYS} days and how many families have answered.`,
    );
    expect(councilLinkText({ name: null, number: '12' })).toMatch(/^Each troop of Council 12:/);
    expect(councilLinkText({ name: null, number: null })).toMatch(/^Each troop of the council:/);
  });
});
