import { describe, expect, it } from 'vitest';
import {
  moderationNote,
  noPhotoScouts,
  postTime,
  reactionLabel,
  statusNote,
  toggledReactions,
} from './social-text.ts';

describe('what the feed says of a post', () => {
  const now = Date.parse('2026-03-07T15:00:00Z');

  it('says how long ago it was written, then its day and time', () => {
    expect(postTime('2026-03-07T14:59:30Z', now)).toBe('Just now');
    expect(postTime('2026-03-07T14:55:00Z', now)).toBe('5 min ago');
    expect(postTime('2026-03-07T12:00:00Z', now)).toBe('3 h ago');
    expect(postTime('2026-03-05T15:00:00Z', now)).toMatch(/^Thu, Mar 05, 2026, /);
    expect(postTime('not a time', now)).toBe('not a time');
  });

  it('tells the author a waiting post waits for a leader, and why a hidden one is hidden', () => {
    expect(statusNote('pending')).toBe("Waiting for a leader's approval");
    expect(statusNote('held')).toBe("Waiting for a leader's approval");
    expect(statusNote('hidden')).toBe('Hidden by a leader');
    expect(statusNote('removed')).toBe('Removed by a leader');
    expect(statusNote('visible')).toBeNull();
    expect(
      moderationNote({ action: 'hide', reason: 'Off topic', by: 'Ann', at: '2026-03-07T15:00' }),
    ).toBe('Hidden by Ann on Sat, Mar 07, 2026: Off topic');
  });

  it('names the tagged scouts who asked for no photos', () => {
    const scouts = [
      { scoutId: 's1', name: 'Sam', noPhotos: true },
      { scoutId: 's2', name: 'Kim', noPhotos: false },
      { scoutId: 's3', name: 'Lee', noPhotos: true },
    ];
    expect(noPhotoScouts(['s1', 's2'], scouts)).toEqual(['Sam']);
    expect(noPhotoScouts(['s2'], scouts)).toEqual([]);
  });

  it('counts a reaction on and off, and names its button with its count', () => {
    expect(toggledReactions({ like: 2 }, [], 'like')).toEqual({
      reactions: { like: 3 },
      myReactions: ['like'],
    });
    expect(toggledReactions({ like: 3, wow: 1 }, ['like', 'wow'], 'like')).toEqual({
      reactions: { like: 2, wow: 1 },
      myReactions: ['wow'],
    });
    expect(reactionLabel('laugh', 4)).toBe('Funny, 4');
  });
});
