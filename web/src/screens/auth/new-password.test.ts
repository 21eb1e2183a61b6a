import { describe, expect, it } from 'vitest';
import { UI_MESSAGES } from '@scout/protocol/errors';
import { emptyNewPassword, validateNewPassword } from './new-password.ts';

describe('validateNewPassword', () => {
  it('accepts two equal passwords of at least 8 characters', () => {
    expect(validateNewPassword({ password: '12345678', confirmPassword: '12345678' })).toBeNull();
  });

  it('says the passwords differ before judging the length, as sign-up does', () => {
    expect(validateNewPassword({ password: 'short', confirmPassword: 'shirt' })).toBe(
      UI_MESSAGES.passwordsDoNotMatch,
    );
    expect(validateNewPassword({ password: 'long enough', confirmPassword: 'long enough ' })).toBe(
      UI_MESSAGES.passwordsDoNotMatch,
    );
  });

  it('refuses a password shorter than 8 characters', () => {
    expect(validateNewPassword({ password: '1234567', confirmPassword: '1234567' })).toBe(
      UI_MESSAGES.passwordTooShort,
    );
    expect(validateNewPassword(emptyNewPassword)).toBe(UI_MESSAGES.passwordTooShort);
  });

  it('counts spaces as typed, without trimming', () => {
    expect(validateNewPassword({ password: '       a', confirmPassword: '       a' })).toBeNull();
  });
});
