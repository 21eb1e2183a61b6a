import { describe, expect, it } from 'vitest';
import { zoneNote } from './zone-note.ts';

describe('zoneNote', () => {
  it('names the troop zone to a browser in another', () => {
    expect(zoneNote('America/New_York', 'Europe/Berlin')).toBe(
      "Times are in the troop's time zone, America/New York.",
    );
  });

  it('says nothing in the troop zone or when either zone is unknown', () => {
    expect(zoneNote('America/New_York', 'America/New_York')).toBeNull();
    expect(zoneNote(null, 'Europe/Berlin')).toBeNull();
    expect(zoneNote('America/New_York', undefined)).toBeNull();
  });
});
