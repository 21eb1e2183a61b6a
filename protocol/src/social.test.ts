import { describe, expect, it } from 'vitest';
import {
  isSocialChannelId,
  patrolChannelId,
  socialChannelOf,
  socialRealtimeChannel,
} from './social.ts';

describe('social channel ids', () => {
  it('names a patrol as its name reads, in letters a realtime channel takes', () => {
    expect(patrolChannelId('Owls')).toBe('patrol:owls');
    expect(patrolChannelId('  Flaming   Arrows ')).toBe('patrol:flaming-arrows');
    expect(patrolChannelId('Águilas')).toBe('patrol:aguilas');
    expect(patrolChannelId('owls')).toBe(patrolChannelId('OWLS'));
  });

  it('gives a name without ASCII letters a stable id of its own', () => {
    const id = patrolChannelId('老鹰');
    expect(id).toMatch(/^patrol:p[0-9a-f]{8}$/);
    expect(patrolChannelId('老鹰')).toBe(id);
    expect(patrolChannelId('熊')).not.toBe(id);
  });

  it('reads channel ids and realtime names, refusing any other shape', () => {
    expect(isSocialChannelId('troop')).toBe(true);
    expect(isSocialChannelId('leaders')).toBe(true);
    expect(isSocialChannelId('patrol:owls')).toBe(true);
    expect(isSocialChannelId('patrol:')).toBe(false);
    expect(isSocialChannelId('patrol:Owls')).toBe(false);
    expect(isSocialChannelId('parents')).toBe(false);
    expect(socialChannelOf(socialRealtimeChannel('patrol:owls'))).toBe('patrol:owls');
    expect(socialChannelOf('social:nope')).toBeNull();
    expect(socialChannelOf('newsletter')).toBeNull();
  });
});
