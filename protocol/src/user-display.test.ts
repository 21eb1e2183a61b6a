import { describe, expect, it } from 'vitest';
import { firstNameOf, initialsOf } from './user-display.ts';

describe('firstNameOf', () => {
  it('takes the first word of the display name', () => {
    expect(firstNameOf({ displayName: 'Jane Mary Doe', email: 'x@example.com' })).toBe('Jane');
    expect(firstNameOf({ displayName: '   Jane   Doe ', email: null })).toBe('Jane');
  });

  it('falls back to the part of the email before the @', () => {
    expect(firstNameOf({ displayName: null, email: 'scout.leader@example.com' })).toBe(
      'scout.leader',
    );
    expect(firstNameOf({ displayName: '   ', email: 'jo@example.com' })).toBe('jo');
  });

  it("falls back to 'User' when there is neither", () => {
    expect(firstNameOf({ displayName: null, email: null })).toBe('User');
    expect(firstNameOf({ displayName: '', email: '@example.com' })).toBe('User');
    expect(firstNameOf(null)).toBe('User');
    expect(firstNameOf(undefined)).toBe('User');
  });
});

describe('initialsOf', () => {
  it('upper-cases the first letters of the display-name words, at most two', () => {
    expect(initialsOf({ displayName: 'jane doe' })).toBe('JD');
    expect(initialsOf({ displayName: 'Jane Mary Doe' })).toBe('JM');
    expect(initialsOf({ displayName: 'Jane' })).toBe('J');
  });

  it('keeps a letter outside the basic plane whole', () => {
    expect(initialsOf({ displayName: '𝒥ane Doe' })).toBe('𝒥D');
  });

  it('uses the first letter of the email when there is no display name', () => {
    expect(initialsOf({ displayName: null, email: 'zoe@example.com' })).toBe('Z');
    expect(initialsOf({ displayName: '  ', email: ' amy@example.com' })).toBe('A');
  });

  it("falls back to 'U'", () => {
    expect(initialsOf({ displayName: null, email: null })).toBe('U');
    expect(initialsOf({})).toBe('U');
    expect(initialsOf(null)).toBe('U');
  });
});
