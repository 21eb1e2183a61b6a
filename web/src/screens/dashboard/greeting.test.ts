import { describe, expect, it } from 'vitest';
import { firstNameOf } from '@scout/protocol/user-display';
import { greetingFor } from './greeting.ts';

describe('greeting', () => {
  it('is hard-coded to evening and shouts the first name', () => {
    expect(greetingFor(firstNameOf({ displayName: 'Jane Doe', email: 'j@example.com' }))).toBe(
      'Good Evening, JANE',
    );
    expect(greetingFor(firstNameOf({ displayName: null, email: 'scout.leader@example.com' }))).toBe(
      'Good Evening, SCOUT.LEADER',
    );
    expect(greetingFor(firstNameOf(null))).toBe('Good Evening, USER');
  });
});
