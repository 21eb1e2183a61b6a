import { describe, expect, it } from 'vitest';
import { membersLabel, waitingCount } from './waiting.ts';

describe('accounts waiting for approval', () => {
  it('counts the pending accounts of the member list only', () => {
    expect(
      waitingCount([
        { status: 'pending' },
        { status: 'active' },
        { status: 'suspended' },
        { status: 'pending' },
        {},
      ]),
    ).toBe(2);
    expect(waitingCount([])).toBe(0);
    expect(waitingCount(undefined)).toBe(0);
  });

  it('names Members with the count, which the visible words and the accessible name share', () => {
    expect(membersLabel(0)).toBe('Members');
    expect(membersLabel(1)).toBe('Members, 1 waiting');
    expect(membersLabel(2)).toBe('Members, 2 waiting');
  });
});
