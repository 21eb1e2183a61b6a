import { describe, expect, it } from 'vitest';
import { UI_MESSAGES } from '@scout/protocol/errors';
import {
  buildSignUpRequest,
  emptySignUpForm,
  signUpMetadata,
  validateSignUp,
} from './sign-up-request.ts';

const filled = {
  firstName: '  Jane ',
  lastName: 'Doe',
  troopNumber: ' 42 ',
  troopRole: 'Scoutmaster',
  email: ' jane@example.com ',
  password: 'longenough',
  confirmPassword: 'longenough',
};

describe('buildSignUpRequest', () => {
  it('sends the display name and the troop details with the sign-up', () => {
    expect(buildSignUpRequest(filled)).toEqual({
      email: 'jane@example.com',
      password: 'longenough',
      displayName: 'Jane Doe',
      metadata: { firstName: 'Jane', lastName: 'Doe', troopNumber: '42', troopRole: 'Scoutmaster' },
    });
  });

  it('carries a household link, which joins that household', () => {
    expect(buildSignUpRequest(filled, null, 'family-token')).toMatchObject({
      family: 'family-token',
    });
    expect(buildSignUpRequest(filled, null, null)).not.toHaveProperty('family');
  });

  it('keeps the password exactly as typed', () => {
    expect(
      buildSignUpRequest({ ...filled, password: ' pass word ', confirmPassword: ' pass word ' })
        .password,
    ).toBe(' pass word ');
  });

  it('builds the same metadata the follow-up update sends', () => {
    expect(JSON.parse(JSON.stringify(signUpMetadata(filled)))).toEqual(
      buildSignUpRequest(filled).metadata,
    );
  });
});

describe('validateSignUp', () => {
  it('accepts a complete form', () => {
    expect(validateSignUp(filled)).toBeNull();
  });

  it('applies the sign-up rules of docs/product.md section 5 before the blank-field rule', () => {
    expect(validateSignUp({ ...filled, firstName: '', email: 'nope' })).toBe(
      UI_MESSAGES.invalidEmail,
    );
    expect(validateSignUp({ ...filled, firstName: '', troopRole: '' })).toBe(
      UI_MESSAGES.selectTroopRole,
    );
  });

  it('requires first name, last name and troop number', () => {
    expect(validateSignUp({ ...filled, firstName: '  ' })).toBe(UI_MESSAGES.allFieldsRequired);
    expect(validateSignUp({ ...filled, lastName: '' })).toBe(UI_MESSAGES.allFieldsRequired);
    expect(validateSignUp({ ...filled, troopNumber: '' })).toBe(UI_MESSAGES.allFieldsRequired);
  });

  it('rejects the empty form with the first rule', () => {
    expect(validateSignUp(emptySignUpForm)).toBe(UI_MESSAGES.invalidEmail);
  });
});
