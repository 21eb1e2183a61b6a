import { describe, expect, it } from 'vitest';
import { savedFileName } from './save-file.ts';

describe('the name a downloaded file is saved under', () => {
  it('reads as it really is: no bidirectional control or invisible character reorders it', () => {
    expect(savedFileName('Camp\u202efdp.exe')).toBe('Campfdp.exe');
    expect(savedFileName('\u2067Troop meeting\u2069\u200b.ics')).toBe('Troop meeting.ics');
    expect(savedFileName('\u202e')).toBe('download');
  });

  it('keeps an ordinary name, in any script, as the server gave it', () => {
    expect(savedFileName('troop-meeting-2026-03-10-rsvps.csv')).toBe(
      'troop-meeting-2026-03-10-rsvps.csv',
    );
    expect(savedFileName('מחנה.ics')).toBe('מחנה.ics');
  });
});
