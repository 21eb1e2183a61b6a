import { describe, expect, it } from 'vitest';
import { UI_MESSAGES } from './errors.ts';
import { validateSignUpForm, type SignUpFormValues } from './sign-up-form.ts';

const valid: SignUpFormValues = {
  firstName: 'Jane',
  lastName: 'Doe',
  troopNumber: '42',
  troopRole: 'Parent',
  email: 'jane@example.com',
  password: 'abcdefgh',
  confirmPassword: 'abcdefgh',
};

describe('validateSignUpForm', () => {
  it('lets a complete, valid form through', () => {
    expect(validateSignUpForm(valid)).toBeNull();
  });

  it.each([
    '',
    'jane',
    'jane@',
    'jane@example',
    '@example.com',
    'ja ne@example.com',
    'jane@exa mple.com',
  ])('rejects the email %j', (email) => {
    expect(validateSignUpForm({ ...valid, email })).toBe('Please enter a valid email address');
  });

  it('accepts an email with surrounding spaces', () => {
    expect(validateSignUpForm({ ...valid, email: '  jane@example.com ' })).toBeNull();
  });

  it('rejects passwords that do not match', () => {
    expect(validateSignUpForm({ ...valid, confirmPassword: 'abcdefgX' })).toBe(
      'Passwords do not match',
    );
  });

  it('rejects a password shorter than 8 characters and accepts exactly 8', () => {
    expect(validateSignUpForm({ ...valid, password: 'abcdefg', confirmPassword: 'abcdefg' })).toBe(
      'Password must be at least 8 characters long',
    );
    expect(
      validateSignUpForm({ ...valid, password: '12345678', confirmPassword: '12345678' }),
    ).toBeNull();
  });

  it('requires a troop role', () => {
    expect(validateSignUpForm({ ...valid, troopRole: '' })).toBe('Please select a troop role');
  });

  describe('checks in the order of docs/product.md section 5', () => {
    const allWrong = {
      ...valid,
      email: 'nope',
      password: 'short',
      confirmPassword: 'other',
      troopRole: '',
    };

    it('email first', () => {
      expect(validateSignUpForm(allWrong)).toBe(UI_MESSAGES.invalidEmail);
    });
    it('then matching passwords', () => {
      expect(validateSignUpForm({ ...allWrong, email: valid.email })).toBe(
        UI_MESSAGES.passwordsDoNotMatch,
      );
    });
    it('then password length', () => {
      expect(
        validateSignUpForm({ ...allWrong, email: valid.email, confirmPassword: 'short' }),
      ).toBe(UI_MESSAGES.passwordTooShort);
    });
    it('then troop role', () => {
      expect(
        validateSignUpForm({
          ...allWrong,
          email: valid.email,
          password: 'longenough',
          confirmPassword: 'longenough',
        }),
      ).toBe(UI_MESSAGES.selectTroopRole);
    });
  });
});
