import { describe, expect, it } from 'vitest';
import { changeFeedChannel, listenChannel, ownRowsChannel } from './change-feed.ts';

describe('change-feed channels', () => {
  it('a member listens where the read rule lets them: the table, their own rows, or nowhere', () => {
    expect(listenChannel('calendar_events', 'all', 'ann')).toBe('calendar_events');
    expect(listenChannel('calendar_events', 'own', 'ann')).toBe('calendar_events:ann');
    expect(listenChannel('calendar_events', 'none', 'ann')).toBeNull();
  });

  it('tells a feed channel, and whose own it is, from any other', () => {
    expect(changeFeedChannel('calendar_events')).toEqual({
      table: 'calendar_events',
      ownerId: null,
    });
    expect(changeFeedChannel(ownRowsChannel('calendar_events', 'ann'))).toEqual({
      table: 'calendar_events',
      ownerId: 'ann',
    });
    expect(changeFeedChannel('calendar_events:')).toBeNull();
    expect(changeFeedChannel('calendar_events_x')).toBeNull();
    expect(changeFeedChannel('troop-12')).toBeNull();
  });
});
