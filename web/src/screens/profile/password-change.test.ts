import { describe, expect, it } from 'vitest';
import { UI_MESSAGES } from '@scout/protocol/errors';
import { validatePasswordChange } from './password-change.ts';

const good = {
  currentPassword: 'campfire-2026',
  newPassword: 'lantern-2027',
  confirmPassword: 'lantern-2027',
};

describe('validatePasswordChange', () => {
  it('accepts a current password and a confirmed new one of 8 characters or more', () => {
    expect(validatePasswordChange(good)).toBeNull();
    expect(
      validatePasswordChange({ ...good, newPassword: '12345678', confirmPassword: '12345678' }),
    ).toBeNull();
  });

  it('needs the current password', () => {
    expect(validatePasswordChange({ ...good, currentPassword: '' })).toBe(
      UI_MESSAGES.allFieldsRequired,
    );
  });

  it('checks the match before the length, as sign-up does', () => {
    expect(
      validatePasswordChange({ ...good, newPassword: 'short', confirmPassword: 'other' }),
    ).toBe(UI_MESSAGES.passwordsDoNotMatch);
    expect(
      validatePasswordChange({ ...good, newPassword: 'short', confirmPassword: 'short' }),
    ).toBe(UI_MESSAGES.passwordTooShort);
    expect(validatePasswordChange({ ...good, newPassword: '', confirmPassword: '' })).toBe(
      UI_MESSAGES.passwordTooShort,
    );
  });

  it('does not trim passwords', () => {
    expect(
      validatePasswordChange({ ...good, newPassword: 'lantern ', confirmPassword: 'lantern' }),
    ).toBe(UI_MESSAGES.passwordsDoNotMatch);
  });
});
