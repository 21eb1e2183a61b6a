import { describe, expect, it } from 'vitest';
import { leaderActions } from './leader-actions.ts';

describe("a leader's decisions", () => {
  it('approves what waits, hides or removes what shows, and locks a post', () => {
    expect(leaderActions('pending', 'post')).toEqual(['approve', 'hide', 'remove', 'lock']);
    expect(leaderActions('held', 'comment')).toEqual(['approve', 'hide', 'remove']);
    expect(leaderActions('visible', 'post', true)).toEqual(['hide', 'remove', 'unlock']);
  });

  it('shows a hidden item again, and leaves a removed one alone', () => {
    expect(leaderActions('hidden', 'post')).toEqual(['unhide', 'remove', 'lock']);
    expect(leaderActions('removed', 'post')).toEqual([]);
    expect(leaderActions('removed', 'comment')).toEqual([]);
  });
});
